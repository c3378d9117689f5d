/**
 * Hostile frames in Chromium (`npm run bench:hostile`, after `vite build`): 10,000 malformed `/ws` frames (deep
 * nesting, huge arrays, wrong types), 2,000 a second, pushed to the built app on /missions, then one valid
 * battery frame. Repeated RUNS times in fresh pages; medians over runs are quoted. Figures:
 * - "valid frame after the storm, send to screen": from the simulator sending the valid frame to the DOM
 *   showing it (the page probe's MutationObserver, bench/storm/pageProbe.js; both sides on epoch-based
 *   clocks of the same machine). Sending time, not the worker's arrival, so a backlog in the worker counts.
 *   Target: <= 100 ms. Baseline: the same measure for valid frames on the idle page just before the storm.
 * - "... arrival to screen" (information): from the worker's receipt (its opt-in trace) to the DOM.
 * - "longest animation frame": the longest `long-animation-frame` during the storm and the valid frame.
 *   Target: <= 50 ms (ratio to that budget). The idle page's is printed beside it.
 * - "longest blocking time in a frame" (information): how much of a long frame our tasks took; 0 with a
 *   long frame means the machine did not schedule the page (on a shared, loaded machine), not our work.
 * A run fails unless every frame reached the worker (its trace counts them).
 */
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { probedRuns } from './lib/probedRuns';
import { median, report, type Figure } from './lib/report';
import { hostileFrame } from './hostile/frames';

const HOSTILE = 10_000;
const RATE = 2_000;
const BASELINE_FRAMES = 8;
const BASELINE_GAP_MS = 250;
/** After the valid frame, how long to wait for the page to show it (a frozen worker shows it seconds later). */
const DRAIN_MS = 20_000;
const RUNS = 3;
const SHOW_BUDGET_MS = 100;
const LOAF_BUDGET_MS = 50;
/** The valid frame's sequence number: above every baseline frame, so the probe sees it as new. */
const VALID_SEQ = 4_242;

interface LongFrame {
  duration: number;
  blocking: number | null;
  render: number | null;
  scripts: { invoker: string; duration: number; forcedLayout: number }[];
}

interface Seen {
  loaf: LongFrame[];
  dom: [number, number][];
}

interface Run {
  baselineMs: number;
  sendToScreen: number;
  arrivalToScreen: number;
  idleLoafMax: number;
  loafMax: number;
  /** The longest blocking time of any frame (its tasks' time past 50 ms): 0 when only the machine was slow. */
  blockingMax: number;
  received: number;
  stormSeconds: number;
  load: number;
  /** The longest animation frames of the storm, with where their time went, for the JSON results. */
  longFrames: LongFrame[];
}

/** A valid battery frame whose three percentages are the base-100 digits of `seq` (what the probe decodes). */
function batteryFrame(seq: number): string {
  const digits = [Math.floor(seq / 10_000) % 100, Math.floor(seq / 100) % 100, seq % 100];
  return JSON.stringify({ event: 'robot/battery_state', data: { batteries: digits.map((d) => ({ charge: d / 100, health: 1 })) } });
}

const clock = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** How many frames the worker's trace saw since it was cleared (the probe's channel, all frames). */
const RECEIVED = `new Promise((resolve) => {
  const channel = new BroadcastChannel('kiosk-bench');
  channel.onmessage = (ev) => { channel.close(); resolve(ev.data.arrivals.length); };
  channel.postMessage('arrivals');
})`;
const evaluate = <T>(page: Page, expression: string) => page.evaluate(expression) as Promise<T>;

/** When the DOM first showed `seq` (or a later frame), or Infinity if it never did. */
function shownAt(dom: [number, number][], seq: number): number {
  const hit = dom.find(([s]) => s >= seq);
  return hit ? hit[1] : Number.POSITIVE_INFINITY;
}

/** Sends the hostile frames at RATE a second, paced against the clock in small bursts. */
async function storm(send: (text: string) => void): Promise<void> {
  const t0 = performance.now();
  let sent = 0;
  while (sent < HOSTILE) {
    const due = Math.min(HOSTILE, Math.floor(((performance.now() - t0) * RATE) / 1000));
    while (sent < due) send(hostileFrame(sent++));
    await sleep(2);
  }
}

async function oneRun(page: Page, url: string, send: (text: string) => void): Promise<Run> {
  await page.goto(`${url}/missions`);
  await page.locator('.topbar [data-testid=connection].connection-ok').waitFor({ timeout: 20_000 });
  if (!(await evaluate<boolean>(page, 'window.__kioskBench.loafSupported'))) throw new Error('long-animation-frame entries are not supported');

  // Baseline: valid frames on the idle page.
  await evaluate(page, 'window.__kioskBench.start()');
  const sentAt: number[] = [];
  for (let k = 1; k <= BASELINE_FRAMES; k++) {
    sentAt[k] = clock();
    send(batteryFrame(k));
    await sleep(BASELINE_GAP_MS);
  }
  const idle = await evaluate<Seen>(page, 'window.__kioskBench.stop()');
  const baseline = sentAt.slice(1).map((t, i) => shownAt(idle.dom, i + 1) - t);

  await evaluate(page, 'window.__kioskBench.clearArrivals()');
  await evaluate(page, 'window.__kioskBench.start()');
  const t0 = performance.now();
  await storm(send);
  const stormSeconds = (performance.now() - t0) / 1000;
  const validSentAt = clock();
  send(batteryFrame(VALID_SEQ));
  await page.waitForFunction(
    (seq) => [...document.querySelectorAll('.batteries svg[aria-label]')].map((e) => /(\d+)%/.exec(e.getAttribute('aria-label') ?? '')?.[1]).join(',') === seq,
    [Math.floor(VALID_SEQ / 10_000) % 100, Math.floor(VALID_SEQ / 100) % 100, VALID_SEQ % 100].join(','),
    { timeout: DRAIN_MS, polling: 50 },
  ).catch(() => undefined);
  await sleep(200);
  const seen = await evaluate<Seen>(page, 'window.__kioskBench.stop()');
  const arrivals = await evaluate<[number, number][]>(page, 'window.__kioskBench.arrivals()');
  const arrived = arrivals.find(([s]) => s === VALID_SEQ)?.[1] ?? Number.NaN;
  const shown = shownAt(seen.dom, VALID_SEQ);
  const received = await evaluate<number>(page, RECEIVED);
  if (received < HOSTILE + 1) throw new Error(`only ${received} of ${HOSTILE + 1} frames reached the worker`);
  return {
    baselineMs: median(baseline),
    sendToScreen: shown - validSentAt,
    arrivalToScreen: shown - arrived,
    idleLoafMax: Math.max(0, ...idle.loaf.map((e) => e.duration)),
    loafMax: Math.max(0, ...seen.loaf.map((e) => e.duration)),
    blockingMax: Math.max(0, ...seen.loaf.map((e) => e.blocking ?? 0)),
    received,
    stormSeconds,
    load: loadavg()[0]!,
    longFrames: [...seen.loaf].sort((a, b) => b.duration - a.duration).slice(0, 3),
  };
}

async function main(): Promise<void> {
  const started = performance.now();
  const runs = await probedRuns<Run>('bench:hostile', RUNS, oneRun, (run, i) => {
    console.log(
      `  run ${i + 1}: ${HOSTILE} hostile frames in ${run.stormSeconds.toFixed(1)} s; valid frame send to screen ${run.sendToScreen.toFixed(1)} ms ` +
        `(arrival to screen ${run.arrivalToScreen.toFixed(1)}, idle baseline ${run.baselineMs.toFixed(1)}); ` +
        `LoAF max ${run.loafMax.toFixed(0)} ms (idle ${run.idleLoafMax.toFixed(0)}); load ${run.load.toFixed(1)}`,
    );
    const worst = run.longFrames[0];
    if (worst && worst.duration > LOAF_BUDGET_MS) {
      const scripts = worst.scripts.map((x) => `${x.invoker} ${x.duration.toFixed(0)} ms`).join(', ') || 'no script';
      console.log(`    longest frame: render ${worst.render?.toFixed(0) ?? '?'} ms, blocking ${worst.blocking?.toFixed(0) ?? '?'} ms; ${scripts}`);
    }
  });

  const m = (f: (r: Run) => number) => median(runs.map(f));
  const show = m((r) => r.sendToScreen);
  const baseline = m((r) => r.baselineMs);
  const loaf = m((r) => r.loafMax);
  const figures: Figure[] = [
    {
      name: 'valid frame after the storm, send to screen',
      value: show,
      baseline,
      unit: 'ms',
      ratio: show / baseline,
      target: `<= ${SHOW_BUDGET_MS} ms`,
      pass: show <= SHOW_BUDGET_MS,
      samples: runs.map((r) => r.sendToScreen),
    },
    {
      name: 'valid frame after the storm, arrival to screen',
      value: m((r) => r.arrivalToScreen),
      baseline,
      unit: 'ms',
      ratio: m((r) => r.arrivalToScreen) / baseline,
      target: 'info',
      pass: null,
      samples: runs.map((r) => r.arrivalToScreen),
    },
    {
      name: 'longest animation frame',
      value: loaf,
      baseline: m((r) => r.idleLoafMax),
      unit: 'ms',
      ratio: loaf / LOAF_BUDGET_MS,
      target: `<= ${LOAF_BUDGET_MS} ms`,
      pass: loaf <= LOAF_BUDGET_MS,
      samples: runs.map((r) => r.loafMax),
    },
    {
      name: 'longest blocking time in a frame',
      value: m((r) => r.blockingMax),
      baseline: null,
      unit: 'ms',
      ratio: m((r) => r.blockingMax),
      target: 'info',
      pass: null,
      samples: runs.map((r) => r.blockingMax),
    },
  ];
  report('hostileFrames', figures, { hostile: HOSTILE, rate: RATE, runs, seconds: (performance.now() - started) / 1000 });
  console.log(`took ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
