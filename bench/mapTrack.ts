/**
 * The live map in Chromium (`npm run bench:map`, after `vite build`): /mapping/track while a 4096 x 4096 map (a
 * 200 m floor at 5 cm; BENCH_MAP_SIZE for another side) arrives once a second for 30 s (BENCH_MAP_UPDATES), then panning and pinching
 * it with touch events; then the same map stored, panned and pinched on /map and /node-lost of a demo robot;
 * RUNS runs (BENCH_RUNS, default 3) in fresh pages, medians quoted. Then the event log of a 10-minute mapping
 * session, with and without the image side store.
 *
 * Figures:
 * - "main-thread busy per map update": the renderer main thread's task time (CDP Performance metrics,
 *   TaskDuration), read every second: the median over the seconds that each began with an update (30 by default), less
 *   the idle page's median rate (10 seconds just before, the baseline) for that second's length by the
 *   renderer's clock. Neither window runs the probe's frame loop (its 60 frames a second are the bench's
 *   own work). Target: under 1 ms (decoding and hit-testing are in the worker; the main thread gets the
 *   pixels by transfer and only draws). The mean over the seconds is printed beside it, for information.
 * - "main-thread CPU time per map update": the same from the thread's CPU time (CDP ThreadTime), for
 *   information: task time is wall clock and also counts the time a busy machine kept the thread waiting.
 * - "longest animation frame during updates": the longest `long-animation-frame` entry (none means none
 *   over 50 ms). Baseline: the idle page's. Target: at most 50 ms.
 * - "frame time p95 while panning and pinching": animation-frame intervals during 2 s of one-finger drag
 *   and 2 s of pinching (CDP touch events every 16 ms). Baseline: the idle page's p95 (2 s, after the idle
 *   busy window). Target: <= 16.7 ms.
 * - "/map" and "/node-lost": frame time p95 while panning and pinching the stored map, against the page's idle
 *   frames (target <= 16.7 ms); the longest animation frame meanwhile, for information (its breakdown is in
 *   the results file: `gestureLongest`).
 * - "browser memory": the resident memory of all the browser's processes (/proc), peak over the last third of
 *   the updates against the middle third (the first third is the compositor and the garbage collector settling).
 *   Target: no more than one picture's RGBA (64 MB at 4096 px) above it: a copy kept per update would grow it by
 *   that much each second. Information: the middle third against the first map shown. The memory by kind of
 *   process is printed every five updates.
 * - "core's worker answer p99 during updates": how long the core's worker took to answer a trivial evaluation
 *   (map/coreAnswers.ts), asked again and again for 10 s in which a map arrives each second, after the gestures.
 *   Baseline: the same over 5 s of idle page. Target: at most 50 ms (the long-task line: a touch or a robot
 *   message waits that long at most, 99 times in 100). The longest answer is printed beside it, for information.
 * - "last update shown after its second" (information): how long after the last update's second its picture
 *   showed (decoded and made in the worker).
 * - "log of a 10-minute mapping session": the simulator's office mapped by walking its tour (one update a
 *   second, 20 s stops), recorded by the worker's recorder, against the same events logged with every image
 *   inline. Information (no target): how much the side store saves depends on how often the map stands still.
 */
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { launchChromium, VIEWPORT } from './lib/browser';
import { startBenchSim } from './lib/sim';
import { median, percentile, report, type Figure } from './lib/report';
import { growingMaps, mappingSession } from './map/maps';
import { coreAnswerTimes } from './map/coreAnswers';
import { Recorder } from '../worker/recorder';
import { serialiseLog } from '../core/log/eventLog';
import type { CoreEvent } from '../core/events';

/** The map's side in pixels: a 200 m floor at 5 cm is 4000 px (BENCH_MAP_SIZE=2000 for the earlier figures). */
const SIZE = Number(process.env.BENCH_MAP_SIZE ?? 4096);
/** Map updates, one a second (BENCH_MAP_UPDATES): enough for memory to settle before its last third is compared. */
const UPDATES = Number(process.env.BENCH_MAP_UPDATES ?? 30);
/** The first update of the n-th third of the updates (1-based). */
const third = (n: number) => Math.floor((UPDATES * n) / 3) + 1;
/** Distinct maps generated: beyond these the updates go round them again (each push is a new version all the same). */
const DISTINCT_MAPS = 11;
/** Seconds of idle page sampled for the baseline: as many as the updates' seconds. */
const IDLE_S = Math.min(UPDATES, 10);
const IDLE_FRAMES_MS = 2_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const FRAME_BUDGET_MS = 1000 / 60;
/** The core's worker's answers (coreAnswers.ts): seconds of idle page, then updates (one a second) timed. */
const CORE_IDLE_MS = 5_000;
const CORE_UPDATES = 10;
/** The longest a touch or a robot message may wait for the core's worker in 99 of 100 (the long-task line). */
const CORE_ANSWER_LIMIT_MS = 50;
const SESSION_S = 600;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The renderer main thread's task time (wall clock, TaskDuration) and CPU time (ThreadTime), and the
 * renderer's clock when it read them (Timestamp), all in ms.
 */
async function mainThreadMs(cdp: CDPSession): Promise<{ task: number; cpu: number; at: number }> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const ms = (name: string) => (metrics.find((m) => m.name === name)?.value ?? Number.NaN) * 1000;
  return { task: ms('TaskDuration'), cpu: ms('ThreadTime'), at: ms('Timestamp') };
}

/**
 * The resident memory of every process of the browser (browser, renderers, GPU/compositor, utilities) in MB,
 * read from /proc by the ids Chromium reports: where a picture's copies live (worker, compositor) varies.
 */
async function browserRssMb(cdp: CDPSession): Promise<number> {
  return Object.values(await browserRssByType(cdp)).reduce((a, b) => a + b, 0);
}

/** The same by kind of process (browser, renderer, GPU, utility), MB: where a rise is. */
async function browserRssByType(cdp: CDPSession): Promise<Record<string, number>> {
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { id: number; type: string }[] };
  const out: Record<string, number> = {};
  for (const { id, type } of processInfo) {
    try {
      out[type] = (out[type] ?? 0) + Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    } catch {
      // The process ended meanwhile.
    }
  }
  return out;
}

/** Samples `read` every 250 ms until stopped; `stop` returns the samples. */
function sampleEvery(read: () => Promise<number>): { stop(): Promise<number[]> } {
  const out: number[] = [];
  let on = true;
  const loop = (async () => {
    while (on) {
      try {
        out.push(await read());
      } catch {
        return; // the page or browser closed (a run that failed): the samples so far stand
      }
      await sleep(250);
    }
  })();
  return {
    stop: async () => {
      on = false;
      await loop;
      return out;
    },
  };
}

interface Probe {
  frames: number[];
  loaf: number[];
  /** The longest animation frame's breakdown (diagnosis), if any. */
  longest: unknown;
}
/** Starts (with or without the frame-time loop) or stops the page probe (map/pageProbe.js). */
const probe = (page: Page, what: 'start' | 'startQuiet' | 'stop') =>
  page.evaluate(what === 'startQuiet' ? 'window.__mapBench.start(false)' : `window.__mapBench.${what}()`) as Promise<Probe>;
const version = async (page: Page) => Number(await page.getByTestId('map-view').getAttribute('data-map-version'));

type Sample = Awaited<ReturnType<typeof mainThreadMs>>;

/** Samples the main thread's times now and after each of `seconds` seconds; `each(i)` runs at the start of second i. */
async function sampleSeconds(cdp: CDPSession, seconds: number, each: (i: number) => void = () => undefined): Promise<Sample[]> {
  const out = [await mainThreadMs(cdp)];
  for (let i = 1; i <= seconds; i++) {
    each(i);
    await sleep(1_000);
    out.push(await mainThreadMs(cdp));
  }
  return out;
}

/** The task and CPU time of each sampled second, and its length by the renderer's clock. */
const seconds = (s: Sample[]) => s.slice(1).map((b, i) => ({ task: b.task - s[i]!.task, cpu: b.cpu - s[i]!.cpu, ms: b.at - s[i]!.at }));
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * Main-thread time per update: each update's second less the idle page's rate for as long. `median` takes the
 * typical second of each (a second in which this shared machine kept the thread off a core for 10 ms is
 * an outlier there), `mean` spreads every second's time over the updates.
 */
function perUpdate(idle: Sample[], updates: Sample[], key: 'task' | 'cpu', by: 'median' | 'mean'): number {
  const pick = by === 'median' ? median : mean;
  const rate = pick(seconds(idle).map((s) => s[key] / s.ms));
  return pick(seconds(updates).map((s) => s[key] - rate * s.ms));
}

/** 2 s of one-finger drag and 2 s of pinching over the map view (CDP touch events every 16 ms), with the probe's frame loop on. */
async function gestures(page: Page, cdp: CDPSession): Promise<Probe> {
  const box = (await page.getByTestId('map-view').boundingBox())!;
  const mid = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const touch = (type: string, points: { x: number; y: number }[]) =>
    cdp.send('Input.dispatchTouchEvent', { type: type as 'touchStart', touchPoints: points.map((p, id) => ({ ...p, id })) });
  await probe(page, 'start');
  await touch('touchStart', [mid]);
  for (let i = 0; i < 120; i++) {
    await touch('touchMove', [{ x: mid.x + 200 * Math.sin(i / 12), y: mid.y + 120 * Math.cos(i / 15) }]);
    await sleep(16);
  }
  await touch('touchEnd', []);
  await touch('touchStart', [{ x: mid.x - 60, y: mid.y }, { x: mid.x + 60, y: mid.y }]);
  for (let i = 0; i < 120; i++) {
    const spread = 60 + 200 * Math.abs(Math.sin(i / 20));
    await touch('touchMove', [{ x: mid.x - spread, y: mid.y }, { x: mid.x + spread, y: mid.y }]);
    await sleep(16);
  }
  await touch('touchEnd', []);
  return probe(page, 'stop');
}

/** Frame figures of panning and pinching the stored map on /map or /node-lost. */
interface PageRun {
  idleFrameP95: number;
  gestureFrameP95: number;
  gestureLoafMax: number;
  gestureLongest: unknown;
}

/**
 * The stored map (the last of `maps`, as a finished mapping leaves it) on `path` of a demo robot: /map after a
 * login on the keypad (it needs one) and a tap on its menu entry, /node-lost directly. Idle frames for 2 s, then
 * the gestures.
 */
async function storedMapRun(page: Page, cdp: CDPSession, url: string, path: '/map' | '/node-lost'): Promise<PageRun> {
  if (path === '/map') {
    await page.goto(`${url}/login`);
    const keypad = page.getByRole('group', { name: /keypad/i });
    for (const digit of '123456') await keypad.getByRole('button', { name: digit, exact: true }).click();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(/\/missions$/);
    await page.getByTestId('menu-handle').click();
    await page.getByRole('link', { name: 'Map Management' }).click();
  } else await page.goto(`${url}${path}`);
  await page.waitForURL(new RegExp(`${path}$`));
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="map-view"]')?.getAttribute('data-map-version')) >= 1, undefined, { timeout: 30_000 });
  await sleep(1_000);
  await probe(page, 'start');
  await sleep(IDLE_FRAMES_MS);
  const idle = await probe(page, 'stop');
  const gesture = await gestures(page, cdp);
  return { idleFrameP95: percentile(idle.frames, 95), gestureFrameP95: percentile(gesture.frames, 95), gestureLoafMax: Math.max(0, ...gesture.loaf), gestureLongest: gesture.longest };
}

interface Run {
  busyPerUpdate: number;
  busyPerUpdateMean: number;
  idleBusyPerSecond: number;
  cpuPerUpdate: number;
  cpuPerUpdateMean: number;
  idleCpuPerSecond: number;
  idleLoafMax: number;
  loafMax: number;
  idleFrameP95: number;
  gestureFrameP95: number;
  /** How long after the last update's second its picture showed (ms; infinite when not within 15 s). */
  lastShownAfterMs: number;
  /** Updates not shown 15 s after the last one. */
  behind: number;
  /** Browser memory (MB, all processes): with the first map shown, and the peaks over the first and second half of the updates. */
  rssFirstMap: number;
  rssPeakMiddle: number;
  rssPeakLast: number;
  /** The core's worker's answer times (ms): p99 with the page idle, p99 and longest while maps arrive. */
  coreIdleP99: number;
  coreUpdatesP99: number;
  coreUpdatesMax: number;
}

async function oneRun(page: Page, cdp: CDPSession, browserCdp: CDPSession, url: string, push: (image: string, i: number) => void, maps: string[]): Promise<Run> {
  await page.goto(`${url}/mapping/track`);
  await page.locator('.topbar').waitFor();
  await cdp.send('Performance.enable');
  // The first map is sent again until it shows: the simulator broadcasts to the sockets connected at the time,
  // and the page's socket may still be opening after the top bar is up (the bench lost it about one run in three).
  const shown = () => page.evaluate(() => Number(document.querySelector('[data-testid="map-view"]')?.getAttribute('data-map-version')) >= 1);
  for (let tries = 0; !(await shown()); tries++) {
    if (tries === 10) throw new Error('the first map never showed');
    push(maps[0]!, 0);
    await sleep(2_000);
  }
  const first = await version(page);
  await sleep(1_000);

  // The busy windows run without the probe's frame loop: it would add 60 frames a second of the bench's own
  // main-thread work to both, and its noise on this shared machine is larger than the figure.
  await probe(page, 'startQuiet');
  const idleSamples = await sampleSeconds(cdp, IDLE_S);
  const idle = await probe(page, 'stop');
  await probe(page, 'start');
  await sleep(IDLE_FRAMES_MS);
  const idleFrames = await probe(page, 'stop');

  const rssFirstMap = await browserRssMb(browserCdp);
  const byTypeFirstMap = await browserRssByType(browserCdp);
  await probe(page, 'startQuiet');
  // Memory is compared over the last third of the updates against the middle third: over the first third the
  // compositor takes up its pictures in flight and the worker's garbage collection finds its rhythm (measured:
  // the GPU process rose by 116 MB until update 10 and stayed there to update 40, the renderer swung by 130 MB).
  let rss = sampleEvery(() => Promise.resolve(Number.NaN));
  let middle: number[] = [];
  const updateSamples = await sampleSeconds(cdp, UPDATES, (i) => {
    push(maps[i % maps.length]!, i);
    if (i % 5 === 0) void browserRssByType(browserCdp).then((m) => console.log(`  before update ${i}: ${JSON.stringify(m, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v) : v))}`), () => undefined);
    if (i !== third(1) && i !== third(2)) return;
    void rss.stop().then((xs) => {
      if (i === third(2)) middle = xs;
    });
    rss = sampleEvery(() => browserRssMb(browserCdp));
  });
  const storm = await probe(page, 'stop');
  // The last picture may still be on its way (decoded and made in the worker): wait for it, and say how long. The
  // worker decodes only the newest version waiting (worker/mapImages.ts), so it shows the last one however far
  // behind it fell; after 15 s the run goes on all the same, and the versions still not shown are counted.
  const updated = performance.now();
  while ((await version(page)) < first + UPDATES && performance.now() - updated < 15_000) await sleep(20);
  const behind = first + UPDATES - (await version(page));
  const lastShownAfterMs = behind > 0 ? Number.POSITIVE_INFINITY : performance.now() - updated;
  if (behind > 0) console.log(`  ${behind} of ${UPDATES} updates not shown 15 s after the last one`);
  const last = await rss.stop();
  const byTypeAfter = await browserRssByType(browserCdp);
  console.log(`  memory by process kind (MB), first map shown: ${JSON.stringify(byTypeFirstMap)}; after the updates: ${JSON.stringify(byTypeAfter)}`);

  const gesture = await gestures(page, cdp);

  // The core's worker while maps arrive, against the idle page (coreAnswers.ts): the versions go on from the last.
  const coreIdle = await coreAnswerTimes(page, CORE_IDLE_MS);
  const coreUpdates = await coreAnswerTimes(page, CORE_UPDATES * 1000, (s) => s < CORE_UPDATES && push(maps[(UPDATES + s) % maps.length]!, UPDATES + s));

  const idleRate = (key: 'task' | 'cpu') => median(seconds(idleSamples).map((s) => (s[key] / s.ms) * 1000));
  return {
    busyPerUpdate: perUpdate(idleSamples, updateSamples, 'task', 'median'),
    busyPerUpdateMean: perUpdate(idleSamples, updateSamples, 'task', 'mean'),
    idleBusyPerSecond: idleRate('task'),
    cpuPerUpdate: perUpdate(idleSamples, updateSamples, 'cpu', 'median'),
    cpuPerUpdateMean: perUpdate(idleSamples, updateSamples, 'cpu', 'mean'),
    idleCpuPerSecond: idleRate('cpu'),
    idleLoafMax: Math.max(0, ...idle.loaf),
    loafMax: Math.max(0, ...storm.loaf),
    idleFrameP95: percentile(idleFrames.frames, 95),
    gestureFrameP95: percentile(gesture.frames, 95),
    lastShownAfterMs,
    behind,
    rssFirstMap,
    rssPeakMiddle: Math.max(...middle),
    rssPeakLast: Math.max(...last),
    coreIdleP99: percentile(coreIdle, 99),
    coreUpdatesP99: percentile(coreUpdates, 99),
    coreUpdatesMax: Math.max(...coreUpdates),
  };
}

/** Log sizes (characters) of a mapping session with the side store and with every image inline. */
function sessionLogs(): { withStore: number; inline: number; updates: number; distinct: number } {
  const frames = mappingSession(SESSION_S);
  const t0 = Date.UTC(2026, 10, 22, 9, 0, 0);
  const events: CoreEvent[] = frames.map((data, i) => ({ type: 'ws/message', at: t0 + i * 1000, message: { event: 'mapping/mapUpdate', data } }));
  const recorder = new Recorder();
  for (const e of events) recorder.record(e);
  const meta = { app: 'bench', dropped: 0, complete: true };
  return {
    withStore: recorder.export({ app: 'bench' }).length,
    inline: serialiseLog(meta, events).length,
    updates: frames.length,
    distinct: new Set(frames.map((f) => f.image)).size,
  };
}

async function main(): Promise<void> {
  const started = performance.now();
  console.log(`generating ${Math.min(UPDATES + 1, DISTINCT_MAPS)} maps of ${SIZE} x ${SIZE} px...`);
  const maps = growingMaps(SIZE, Math.min(UPDATES + 1, DISTINCT_MAPS));
  const script = await readFile(fileURLToPath(new URL('./map/pageProbe.js', import.meta.url)), 'utf8');
  // BENCH_DIST serves another build (e.g. a copy of the previous one, to compare back to back).
  const { sim, close } = await startBenchSim(process.env.BENCH_DIST ?? 'dist');
  // BENCH_ROBOT=still sends every update with the same pose, to tell the robot marker's move from the rest.
  const still = process.env.BENCH_ROBOT === 'still';
  const push = (image: string, i: number) =>
    sim.app.hub.broadcast('mapping/mapUpdate', { image, origin: { x: -50, y: -50 }, resolution: 0.05, robot: still ? { x: 0, y: 0, orientation: 0 } : { x: i, y: 0, orientation: i * 15 } });
  const browser: Browser = await launchChromium();
  const browserCdp = await browser.newBrowserCDPSession();
  const runs: Run[] = [];
  // BENCH_MAP_TRACK=0 skips the live part (to look at the stored-map pages alone); its figures then read NaN.
  const trackRuns = process.env.BENCH_MAP_TRACK === '0' ? 0 : RUNS;
  try {
    for (let r = 0; r < trackRuns; r++) {
      const context = await browser.newContext({ viewport: VIEWPORT, hasTouch: true });
      const page = await context.newPage();
      await page.addInitScript(script);
      const cdp = await context.newCDPSession(page);
      runs.push(await oneRun(page, cdp, browserCdp, sim.url, push, maps));
      console.log(`run ${r + 1}: ${JSON.stringify(runs[runs.length - 1])}`);
      await context.close();
    }
  } finally {
    await browser.close();
    await close();
  }
  // The same map stored, as a finished mapping leaves it, on the pages that show the stored map.
  const stored: Record<'/map' | '/node-lost', PageRun[]> = { '/map': [], '/node-lost': [] };
  const demo = await startBenchSim(process.env.BENCH_DIST ?? 'dist', { demo: true });
  demo.sim.app.store.maps.save({
    created_at: new Date().toISOString(),
    png: Buffer.from(maps[maps.length - 1]!, 'base64'),
    width: SIZE,
    height: SIZE,
    resolution: 0.05,
    origin: { x: -50, y: -50 },
  });
  const browser2 = await launchChromium();
  // BENCH_MAP_STORED=0 skips these pages (their figures then read NaN).
  const storedRuns = process.env.BENCH_MAP_STORED === '0' ? 0 : RUNS;
  try {
    for (let r = 0; r < storedRuns; r++)
      for (const path of ['/map', '/node-lost'] as const) {
        const context = await browser2.newContext({ viewport: VIEWPORT, hasTouch: true });
        const page = await context.newPage();
        await page.addInitScript(script);
        const cdp = await context.newCDPSession(page);
        stored[path].push(await storedMapRun(page, cdp, demo.sim.url, path));
        console.log(`${path} run ${r + 1}: ${JSON.stringify(stored[path][r])}`);
        await context.close();
      }
  } finally {
    await browser2.close();
    await demo.close();
  }
  const storedFigures = (['/map', '/node-lost'] as const).flatMap((path): Figure[] => {
    const sm = (f: (r: PageRun) => number) => median(stored[path].map(f));
    return [
      {
        name: `${path}: frame time p95 while panning and pinching`,
        value: sm((r) => r.gestureFrameP95),
        baseline: sm((r) => r.idleFrameP95),
        unit: 'ms',
        ratio: sm((r) => r.gestureFrameP95) / sm((r) => r.idleFrameP95),
        target: `value <= ${FRAME_BUDGET_MS.toFixed(1)} ms`,
        pass: sm((r) => r.gestureFrameP95) <= FRAME_BUDGET_MS + 0.5,
        samples: stored[path].map((r) => r.gestureFrameP95),
      },
      {
        name: `${path}: longest animation frame while panning and pinching`,
        value: sm((r) => r.gestureLoafMax),
        baseline: null,
        unit: 'ms',
        ratio: sm((r) => r.gestureLoafMax) / 50,
        // Information: on this shared machine these frames had no script and no blocking time (they waited
        // before rendering), at 2000 px as at 4096; the 50 ms target is the updates' (above).
        target: 'info (0: none over 50)',
        pass: null,
        samples: stored[path].map((r) => r.gestureLoafMax),
      },
    ];
  });

  const m = (f: (r: Run) => number) => median(runs.map(f));
  const logs = sessionLogs();
  const busy = m((r) => r.busyPerUpdate);
  const idleBusy = m((r) => r.idleBusyPerSecond);
  const cpu = m((r) => r.cpuPerUpdate);
  const idleCpu = m((r) => r.idleCpuPerSecond);
  const loaf = m((r) => r.loafMax);
  const idleLoaf = m((r) => r.idleLoafMax);
  const p95 = m((r) => r.gestureFrameP95);
  const idleP95 = m((r) => r.idleFrameP95);
  const figures: Figure[] = [
    {
      name: `main-thread busy per ${SIZE}x${SIZE} map update`,
      value: busy,
      baseline: idleBusy,
      unit: 'ms',
      ratio: busy / idleBusy,
      target: 'value < 1 ms (baseline: idle busy ms per s)',
      pass: busy < 1,
      samples: runs.map((r) => r.busyPerUpdate),
    },
    {
      // Every second counted, outliers included (the figure above takes the typical second).
      name: 'main-thread busy per update, mean of the seconds',
      value: m((r) => r.busyPerUpdateMean),
      baseline: idleBusy,
      unit: 'ms',
      ratio: m((r) => r.busyPerUpdateMean) / idleBusy,
      target: 'info (baseline: idle busy ms per s)',
      pass: null,
      samples: runs.map((r) => r.busyPerUpdateMean),
    },
    {
      // Task time is wall clock: on a loaded machine it counts the time the thread waited for a core.
      name: 'main-thread CPU time per map update',
      value: cpu,
      baseline: idleCpu,
      unit: 'ms',
      ratio: cpu / idleCpu,
      target: 'info (baseline: idle CPU ms per s)',
      pass: null,
      samples: runs.map((r) => r.cpuPerUpdate),
    },
    {
      name: 'longest animation frame during updates',
      value: loaf,
      baseline: idleLoaf,
      unit: 'ms',
      ratio: idleLoaf > 0 ? loaf / idleLoaf : loaf / 50,
      target: 'value <= 50 ms (0: none over 50)',
      pass: loaf <= 50,
      samples: runs.map((r) => r.loafMax),
    },
    {
      name: "core's worker answer p99 during updates",
      value: m((r) => r.coreUpdatesP99),
      baseline: m((r) => r.coreIdleP99),
      unit: 'ms',
      ratio: m((r) => r.coreUpdatesP99) / m((r) => r.coreIdleP99),
      target: `value <= ${CORE_ANSWER_LIMIT_MS} ms (baseline: the idle page's p99)`,
      pass: m((r) => r.coreUpdatesP99) <= CORE_ANSWER_LIMIT_MS,
      samples: runs.map((r) => r.coreUpdatesP99),
    },
    {
      name: "core's worker longest answer during updates",
      value: m((r) => r.coreUpdatesMax),
      baseline: m((r) => r.coreIdleP99),
      unit: 'ms',
      ratio: m((r) => r.coreUpdatesMax) / m((r) => r.coreIdleP99),
      target: "info (baseline: the idle page's p99)",
      pass: null,
      samples: runs.map((r) => r.coreUpdatesMax),
    },
    {
      name: 'frame time p95 while panning and pinching',
      value: p95,
      baseline: idleP95,
      unit: 'ms',
      ratio: p95 / idleP95,
      target: `value <= ${FRAME_BUDGET_MS.toFixed(1)} ms`,
      // Frame intervals quantise to the display's ~16.67 ms; allow the measurement's jitter of 0.5 ms.
      pass: p95 <= FRAME_BUDGET_MS + 0.5,
      samples: runs.map((r) => r.gestureFrameP95),
    },
    ...storedFigures,
    {
      // Bounded: the last third of the updates holds no more than the middle third (a copy kept per update would
      // add 64 MB each at 4096 px).
      name: `browser memory, peak over updates ${third(2)}-${UPDATES}`,
      value: m((r) => r.rssPeakLast),
      baseline: m((r) => r.rssPeakMiddle),
      unit: 'MB',
      ratio: m((r) => r.rssPeakLast) / m((r) => r.rssPeakMiddle),
      target: `value <= baseline (updates ${third(1)}-${third(2) - 1}) + 64 MB`,
      pass: m((r) => r.rssPeakLast) <= m((r) => r.rssPeakMiddle) + 64,
      samples: runs.map((r) => r.rssPeakLast),
    },
    {
      name: `browser memory, peak over updates ${third(1)}-${third(2) - 1}`,
      value: m((r) => r.rssPeakMiddle),
      baseline: m((r) => r.rssFirstMap),
      unit: 'MB',
      ratio: m((r) => r.rssPeakMiddle) / m((r) => r.rssFirstMap),
      target: 'info (baseline: the first map shown)',
      pass: null,
      samples: runs.map((r) => r.rssPeakMiddle),
    },
    {
      name: 'updates not shown 15 s after the last',
      value: m((r) => r.behind),
      baseline: UPDATES,
      unit: '',
      ratio: m((r) => r.behind) / UPDATES,
      target: 'info (baseline: the updates)',
      pass: null,
      samples: runs.map((r) => r.behind),
    },
    {
      name: 'last update shown after its second',
      value: m((r) => r.lastShownAfterMs),
      baseline: 1000,
      unit: 'ms',
      ratio: m((r) => r.lastShownAfterMs) / 1000,
      target: 'info (baseline: the update interval)',
      pass: null,
      samples: runs.map((r) => r.lastShownAfterMs),
    },
    {
      name: `log of a ${SESSION_S / 60}-min mapping session, side store`,
      value: logs.withStore / 1e6,
      baseline: logs.inline / 1e6,
      unit: 'MB',
      ratio: logs.withStore / logs.inline,
      target: 'info (baseline: images inline)',
      pass: null,
    },
  ];
  report('mapTrack', figures, { size: SIZE, runs, stored, logs, seconds: (performance.now() - started) / 1000 });
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
