/**
 * Diagnosis for bench:map (not a benchmark): a CDP trace of /mapping/track for five idle seconds and five
 * seconds each beginning with a 2000 x 2000 map update, summarised per second of each phase: the renderer main
 * thread's top-level tasks by kind (a message from the worker, a frame, ...) and every event by name, wall and
 * CPU time. Run after `vite build`: `npx tsx bench/map/traceUpdates.ts [distDir] [out.json]`; the raw trace is
 * written beside the summary (`*.trace.json`, opens in Perfetto or DevTools).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { CDPSession } from 'playwright-core';
import { launchChromium, VIEWPORT } from '../lib/browser';
import type { TraceEvent } from '../lib/traceEvent';
import { startBenchSim } from '../lib/sim';
import { growingMaps } from './maps';


const UPDATES = 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function trace(cdp: CDPSession, during: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => void events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'cc', 'benchmark', 'scheduler', 'disabled-by-default-v8.gc', 'ipc', 'mojom'],
    },
  });
  await during();
  await cdp.send('Tracing.end');
  await done;
  return events;
}

/** Wrappers around every task: a task's kind is the first event inside them. */
const TASK_WRAPPERS = new Set(['ThreadControllerImpl::RunTask', 'RunTask', 'SimpleWatcher::OnHandleReady']);

/**
 * Per second of [from, to] (µs) on one thread: complete events summed by a key (their name, or for top-level
 * tasks their kind), with counts, wall and thread time in ms.
 */
function summarise(events: TraceEvent[], pid: number, tid: number, from: number, to: number, seconds: number, tasks: boolean) {
  const own = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.ts >= from && e.ts <= to).sort((x, y) => x.ts - y.ts);
  const rows = new Map<string, { n: number; wall: number; cpu: number }>();
  const add = (key: string, e: TraceEvent) => {
    const r = rows.get(key) ?? { n: 0, wall: 0, cpu: 0 };
    r.n++;
    r.wall += (e.dur ?? 0) / 1000;
    r.cpu += (e.tdur ?? 0) / 1000;
    rows.set(key, r);
  };
  if (!tasks) for (const e of own) add(e.name, e);
  else
    for (const t of own.filter((e) => e.name === 'ThreadControllerImpl::RunTask')) {
      const inside = own.find((e) => e.ts >= t.ts && e.ts < t.ts + (t.dur ?? 0) && !TASK_WRAPPERS.has(e.name));
      add(inside?.name ?? 'other', t);
    }
  return [...rows.entries()]
    .map(([name, r]) => ({ name, n: +(r.n / seconds).toFixed(1), wallMsPerS: +(r.wall / seconds).toFixed(2), cpuMsPerS: +(r.cpu / seconds).toFixed(2) }))
    .sort((a, b) => b.wallMsPerS - a.wallMsPerS)
    .slice(0, 40);
}

async function main(): Promise<void> {
  const dist = process.argv[2] ?? 'dist';
  const out = process.argv[3] ?? 'bench/results/mapTrace.json';
  const maps = growingMaps(2000, UPDATES + 1);
  const { sim, close } = await startBenchSim(dist);
  const push = (i: number) =>
    sim.app.hub.broadcast('mapping/mapUpdate', { image: maps[i]!, origin: { x: -50, y: -50 }, resolution: 0.05, robot: { x: i, y: 0, orientation: i * 15 } });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: VIEWPORT, hasTouch: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(`${sim.url}/mapping/track`);
    await page.locator('.topbar').waitFor();
    for (let tries = 0; (await page.getByTestId('map-view').count()) === 0; tries++) {
      if (tries === 10) throw new Error('the first map never showed');
      push(0);
      await sleep(2_000);
    }
    await sleep(1_500);
    // console.timeStamp leaves a TimeStamp event on the main thread's trace clock.
    const mark = () => page.evaluate('console.timeStamp("mapTraceMark")');
    const events = await trace(cdp, async () => {
      await sleep(500);
      await mark();
      await sleep(UPDATES * 1000);
      await mark();
      for (let i = 1; i <= UPDATES; i++) {
        push(i);
        await sleep(1_000);
      }
      await mark();
    });
    const names = events.filter((e) => e.ph === 'M' && e.name === 'thread_name');
    const main = names.find((e) => e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'FunctionCall'));
    if (!main) throw new Error('no renderer main thread in the trace');
    const tsMarks = events.filter((e) => e.name === 'TimeStamp' && JSON.stringify(e.args).includes('mapTraceMark')).map((e) => e.ts);
    if (tsMarks.length !== 3) throw new Error(`expected 3 marks, found ${tsMarks.length}`);
    const [a, b, c] = tsMarks;
    const result = {
      idleTasks: summarise(events, main.pid, main.tid, a!, b!, UPDATES, true),
      updateTasks: summarise(events, main.pid, main.tid, b!, c!, UPDATES, true),
      idle: summarise(events, main.pid, main.tid, a!, b!, UPDATES, false),
      updates: summarise(events, main.pid, main.tid, b!, c!, UPDATES, false),
      threads: names.filter((e) => e.pid === main.pid).map((e) => ({ tid: e.tid, name: e.args?.name })),
    };
    await mkdir(dirname(out), { recursive: true });
    await writeFile(out, JSON.stringify(result, null, 1));
    await writeFile(out.replace(/\.json$/, '.trace.json'), JSON.stringify({ traceEvents: events }));
    console.log(JSON.stringify({ idleTasks: result.idleTasks, updateTasks: result.updateTasks }, null, 1));
    await context.close();
  } finally {
    await browser.close();
    await close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
