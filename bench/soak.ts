/**
 * A soak in Chromium (`npm run bench:soak`, after `vite build`): the robot frames of a generated day's log
 * (bench/replay/robotLog.ts, malformed lines included) pushed over `/ws` to the built app on /missions, at
 * RATE a second, until the worker's event recorder has been full for twice its capacity. The worker's heap
 * (after a forced garbage collection, read over the Chrome DevTools Protocol on the worker's own target) is
 * taken at the start, when the recorder is full, in the middle of the rest and at the end.
 *
 * Figures: the heap at each point, as a ratio to the start (the baseline of the same run). Target: once the
 * recorder is full, the heap stays within FLAT_MB of where it was (middle and end against full). What the
 * recorder holds is whatever worker/recorder.ts bounds it by; this bench measures the recorder it runs with.
 */
import { existsSync } from 'node:fs';
import { launchChromium, VIEWPORT } from './lib/browser';
import { attachToWorker, workerHeapUsed } from './lib/workerCdp';
import { startBenchSim } from './lib/sim';
import { report, type Figure } from './lib/report';
import { generateRobotLog } from './replay/robotLog';
import { DEFAULT_CAPACITY } from '../worker/recorder';

const RATE = 5_000;
/** Frames sent before the recorder is surely full: its capacity in events, and a margin for its own ticks. */
const FILL = DEFAULT_CAPACITY;
const AFTER_FULL = 2 * DEFAULT_CAPACITY;
const FLAT_MB = 10;
/** After each leg, time for the worker to take in what is still on its way. */
const SETTLE_MS = 3_000;
const MB = 1024 * 1024;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The `/ws` frames of a generated day: each `ws/message` line's message (or raw text); shell lines left out. */
function dayFrames(count: number): string[] {
  const out: string[] = [];
  for (const line of generateRobotLog(count)) {
    try {
      const event = JSON.parse(line) as { type?: string; message?: unknown; raw?: string };
      if (event.type !== 'ws/message') continue;
      out.push(event.message !== undefined ? JSON.stringify(event.message) : (event.raw ?? ''));
    } catch {
      out.push(line); // a truncated line goes out as the broken frame it is
    }
  }
  return out;
}

/** Sends `frames[from..to)` at RATE a second, in small bursts paced against the clock. */
async function pushFrames(frames: string[], from: number, to: number, send: (text: string) => void): Promise<void> {
  const t0 = performance.now();
  let sent = from;
  while (sent < to) {
    const due = Math.min(to, from + Math.floor(((performance.now() - t0) * RATE) / 1000));
    while (sent < due) send(frames[sent++ % frames.length]!);
    await sleep(2);
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  if (!existsSync('dist/index.html')) throw new Error('dist/ is missing: run `npm run bench:soak` (it builds first)');
  const frames = dayFrames(200_000);
  const { sim, close } = await startBenchSim('dist');
  const browser = await launchChromium();
  const heaps: { at: string; frames: number; bytes: number }[] = [];
  try {
    const page = await (await browser.newContext({ viewport: VIEWPORT })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${sim.url}/missions`);
    await page.locator('.topbar [data-testid=connection].connection-ok').waitFor({ timeout: 20_000 });
    const worker = await attachToWorker(page);
    const send = (text: string) => sim.app.hub.sendRaw(text);
    const take = async (at: string, sent: number) => {
      await sleep(SETTLE_MS);
      heaps.push({ at, frames: sent, bytes: await workerHeapUsed(worker) });
      console.log(`  ${at}: ${sent} frames sent, worker heap ${(heaps.at(-1)!.bytes / MB).toFixed(1)} MB`);
    };
    await take('start', 0);
    await pushFrames(frames, 0, FILL, send);
    await take('recorder full', FILL);
    await pushFrames(frames, FILL, FILL + AFTER_FULL / 2, send);
    await take('middle', FILL + AFTER_FULL / 2);
    await pushFrames(frames, FILL + AFTER_FULL / 2, FILL + AFTER_FULL, send);
    await take('end', FILL + AFTER_FULL);
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
  } finally {
    await browser.close();
    await close();
  }

  const [start, full, middle, end] = heaps.map((h) => h.bytes / MB) as [number, number, number, number];
  const growth = Math.max(Math.abs(middle - full), Math.abs(end - full));
  const figures: Figure[] = [
    { name: 'worker heap, start', value: start, baseline: start, unit: 'MB', ratio: 1, target: 'info', pass: null },
    { name: 'worker heap, recorder full', value: full, baseline: start, unit: 'MB', ratio: full / start, target: 'info', pass: null },
    { name: 'worker heap, middle', value: middle, baseline: start, unit: 'MB', ratio: middle / start, target: 'info', pass: null },
    { name: 'worker heap, end', value: end, baseline: start, unit: 'MB', ratio: end / start, target: 'info', pass: null },
    {
      name: 'heap change once the recorder is full',
      value: growth,
      baseline: full,
      unit: 'MB',
      ratio: growth / full,
      target: `<= ${FLAT_MB} MB`,
      pass: growth <= FLAT_MB,
    },
  ];
  report('soak', figures, { rate: RATE, recorderCapacity: DEFAULT_CAPACITY, heaps, seconds: (performance.now() - started) / 1000 });
  console.log(`took ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
