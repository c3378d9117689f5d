/**
 * Logs of any size (issue 17): generates logs of 10 and 62 days (1.6 GB and 10 GB) of the robot traffic of
 * `replay/robotLog.ts`, days end to end, on disk (into dist/, served by the simulator with byte ranges, and
 * deleted afterwards), and measures, each against a baseline of the same run:
 * - Node (`npm run replay -- FILE --json`'s streamed fold, in a process of its own: scale/nodeRun.ts): peak
 *   resident memory (baseline: the same stream parsed only; target under 300 MB) and events per second
 *   (baseline: parse-only; target: at least 0.9 of today's whole-text path on one day, measured here too).
 * - The replay page in Chromium, opening `/replay?log=URL` (HTTP ranges): time to the first moment (target
 *   1 s), time to index everything (baseline: Node's parse alone of the same log, `nodeRun parse`, measured in
 *   the same run whatever `BENCH_SCALE_NODE`, so a slower host does not read as a regression; target at most
 *   1.85x up to 1.6 GB, issue 42; a bare worker's read of the bytes is printed beside it), the term sketch whole
 *   after it (information: it is built after indexing, and the search below waits for it),
 *   the replay worker's JS heap after indexing (baseline: the file's size; target under 300 MB), and seek p95
 *   over random moments during indexing and after it (baseline: the frame interval; target 100 ms).
 * - The debugger's search (issue 32), after indexing: a rare term (an alert code planted ~20 times a day,
 *   bench/replay/rareTerm.ts) searched to its whole count through the worker's API (bench/lib/replayDebugger.ts),
 *   the worker's used heap sampled every 100 ms meanwhile, without forcing a collection (garbage counts: the
 *   peak is what the tab must have room for). Target: the peak under the same 300 MB bound as the heap after
 *   indexing (baseline: that heap, after a collection). The count's time is information (baseline: a bare worker
 *   fetching the file and finding the term in its lower-case text).
 * `BENCH_SCALE_DAYS=2,10` measures other sizes (a quick check); `BENCH_SCALE_NODE=0` leaves the Node figures out
 * (the browser's alone: a 10 GB run's Node part takes several minutes).
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, VIEWPORT } from './lib/browser';
import { startBenchSim } from './lib/sim';
import { median, percentile, report, type Figure } from './lib/report';
import { heapWithBuffers, replayWorkerCall, replayWorkerHeap } from './lib/workerCdp';
import { bareScan, timeSearch, type DebugHook, type SearchTiming } from './lib/replayDebugger';
import { RARE_CODE } from './replay/rareTerm';
import { DAY0, DAY_MS, load, nodeRun, writeLog } from './scale/scaleLogs';

const DAYS = (process.env.BENCH_SCALE_DAYS ?? '10,62').split(',').map(Number);
const SEEKS = 100;
const SEEKS_WHILE_INDEXING = 40;
const NODE = process.env.BENCH_SCALE_NODE !== '0';
const MB = 1024 * 1024;

/** Reads the whole file in a bare worker, counting bytes: the least any indexing must do. */
async function bareReadMs(page: Page, url: string): Promise<number> {
  return page.evaluate(async (logUrl) => {
    const source = `onmessage = async (e) => {
      const t0 = performance.now();
      const reader = (await fetch(e.data)).body.getReader();
      let n = 0;
      for (;;) { const { done, value } = await reader.read(); if (done) break; n += value.byteLength; }
      postMessage(performance.now() - t0);
    };`;
    const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
    const ms = await new Promise<number>((resolve) => {
      worker.onmessage = (e) => resolve(e.data as number);
      worker.postMessage(new URL(logUrl, location.href).href);
    });
    worker.terminate();
    return ms;
  }, url);
}

type Hook = { replay?: { seek(at: number): void; indexedTo(): number | null } };

/** Seeks to `at` through the page's own seek (src/bridge/useReplay.ts) and waits for its round trip's measure. */
async function seekOnce(page: Page, at: number): Promise<void> {
  const before = await page.evaluate(() => performance.getEntriesByName('replay:seek').length);
  await page.evaluate((t) => (window as unknown as { __kioskBench: Hook }).__kioskBench.replay!.seek(t), at);
  await page.waitForFunction((n) => performance.getEntriesByName('replay:seek').length > n, before, { polling: 10, timeout: 60_000 });
}

interface BrowserRun {
  firstMs: number;
  indexMs: number;
  bareMs: number;
  heapMB: number | null;
  seeksDuring: number[];
  seeksAfter: number[];
  search: SearchTiming;
  searchPeakMB: number;
  bareScan: { ms: number; found: number };
  /** From the open to the term sketch whole (NaN for a build that builds none after indexing). */
  sketchedMs: number;
}

/** Runs `search` while sampling the replay worker's used heap (no forced collection); the search and the peak. */
async function searchWithHeap(browser: Browser, search: () => Promise<SearchTiming>): Promise<{ search: SearchTiming; peakMB: number }> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const call = await replayWorkerCall(cdp);
    let peak = 0;
    let searching = true;
    const sampling = (async () => {
      while (searching) {
        peak = Math.max(peak, heapWithBuffers(await call('Runtime.getHeapUsage')));
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const result = await search().finally(() => {
      searching = false;
    });
    await sampling;
    return { search: result, peakMB: peak / MB };
  } finally {
    await cdp.detach();
  }
}

async function browserRun(base: string, name: string, days: number): Promise<BrowserRun> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: VIEWPORT });
    await page.addInitScript(() => {
      (window as unknown as { __kioskBench: object }).__kioskBench = {};
    });
    await page.goto(`${base}/replay?log=/${name}`);
    await page.waitForFunction(() => performance.getEntriesByName('replay:opened').length > 0, undefined, { timeout: 120_000, polling: 20 });
    const firstMs = await page.evaluate(() => performance.getEntriesByName('replay:opened')[0]!.duration);
    let seed = 17;
    const rand = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    // Seeks while the rest is indexed: random moments among those indexed so far.
    await page.evaluate(() => performance.clearMeasures('replay:seek'));
    for (let i = 0; i < SEEKS_WHILE_INDEXING; i++) {
      const to = await page.evaluate(() => (window as unknown as { __kioskBench: Hook }).__kioskBench.replay!.indexedTo());
      if (to === null) break;
      await seekOnce(page, Math.round(DAY0 + rand() * (to - DAY0)));
      await page.waitForTimeout(100);
    }
    const seeksDuring = await page.evaluate(() => performance.getEntriesByName('replay:seek').map((e) => e.duration));
    await page.waitForFunction(() => performance.getEntriesByName('replay:indexed').length > 0, undefined, { timeout: 1_800_000, polling: 200 });
    const indexMs = await page.evaluate(() => performance.getEntriesByName('replay:indexed')[0]!.duration);
    const heap = await replayWorkerHeap(browser).catch((error: Error) => {
      console.log(`heap not measured: ${error.message}`);
      return null;
    });
    await page.evaluate(() => performance.clearMeasures('replay:seek'));
    for (let i = 0; i < SEEKS; i++) await seekOnce(page, Math.round(DAY0 + rand() * days * DAY_MS));
    const seeksAfter = await page.evaluate(() => performance.getEntriesByName('replay:seek').map((e) => e.duration));
    const bareMs = await bareReadMs(page, `${base}/${name}`);
    // The search is timed with the term sketch whole (it is built after indexing; a search before reads more).
    const sketchedMs = await page.evaluate(async () => {
      const remote = (window as unknown as { __kioskBench: DebugHook }).__kioskBench.replay!.remote()!;
      const ready = await remote.searchReady().then(
        () => true,
        () => false,
      );
      return ready ? performance.now() - performance.getEntriesByName('replay:open')[0]!.startTime : Number.NaN;
    });
    const searched = await searchWithHeap(browser, () => timeSearch(page, RARE_CODE, []));
    const scan = await bareScan(page, `${base}/${name}`, RARE_CODE);
    return { sketchedMs, firstMs, indexMs, bareMs, heapMB: heap === null ? null : heap / MB, seeksDuring, seeksAfter, search: searched.search, searchPeakMB: searched.peakMB, bareScan: scan };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  console.log(execFileSync('df', ['-h', '/work'], { encoding: 'utf8' }));
  const figures: Figure[] = [];
  const loads: string[] = [load()];
  const dayFile = join('dist', 'bench-scale-day.jsonl');
  const files: string[] = [dayFile];
  const bench = await startBenchSim('dist');
  try {
    let todayEps = 0;
    if (NODE) {
      writeLog(dayFile, 1);
      const today = nodeRun('whole', dayFile);
      todayEps = today.events / (today.ms / 1000);
      console.log(`today's whole-text path, one day: ${today.events} events in ${today.ms.toFixed(0)} ms (${todayEps.toFixed(0)}/s), peak RSS ${today.rssMB.toFixed(0)} MB`);
      figures.push({ name: "today's whole-text replay, 1 day (information)", value: todayEps, baseline: null, unit: 'ev/s', ratio: todayEps, target: 'info', pass: null, samples: [today.rssMB] });
      rmSync(dayFile, { force: true });
    }
    for (const days of DAYS) {
      const name = `bench-scale-${days}d.jsonl`;
      const file = join('dist', name);
      files.push(file);
      const t0 = performance.now();
      const size = writeLog(file, days);
      const gb = `${(size / 1e9).toFixed(1)} GB`;
      console.log(`${name}: ${gb} written in ${((performance.now() - t0) / 1000).toFixed(0)} s; load ${load()}`);
      const parse = nodeRun('parse', file);
      console.log(`  node: parse alone ${parse.ms.toFixed(0)} ms (${parse.events} lines)`);
      if (NODE) {
        const streamed = nodeRun('replay', file);
        loads.push(load());
        const eps = streamed.events / (streamed.ms / 1000);
        const parseEps = parse.events / (parse.ms / 1000);
        console.log(`  node: replay ${streamed.events} events in ${streamed.ms.toFixed(0)} ms (CPU ${streamed.cpuMs.toFixed(0)}), peak RSS ${streamed.rssMB.toFixed(0)} MB; parse only ${parse.ms.toFixed(0)} ms, ${parse.rssMB.toFixed(0)} MB`);
        figures.push(
          { name: `Node replay peak RSS, ${gb}`, value: streamed.rssMB, baseline: parse.rssMB, unit: 'MB', ratio: streamed.rssMB / parse.rssMB, target: '< 300 MB', pass: streamed.rssMB < 300 },
          { name: `Node replay events/s, ${gb}`, value: eps, baseline: parseEps, unit: 'ev/s', ratio: eps / parseEps, target: `>= 0.9 x today (${todayEps.toFixed(0)})`, pass: eps >= 0.9 * todayEps, samples: [streamed.cpuMs, parse.cpuMs] },
        );
      }
      const run = await browserRun(bench.sim.url, name, days);
      loads.push(load());
      const during = run.seeksDuring.length ? percentile(run.seeksDuring, 95) : Number.NaN;
      const after = percentile(run.seeksAfter, 95);
      console.log(`  browser: first moment ${run.firstMs.toFixed(0)} ms, indexed in ${run.indexMs.toFixed(0)} ms (bare read ${run.bareMs.toFixed(0)} ms), heap ${run.heapMB?.toFixed(0)} MB, seek p95 ${during.toFixed(0)} ms during (${run.seeksDuring.length}), ${after.toFixed(0)} ms after`);
      figures.push(
        { name: `first moment on screen, ${gb}`, value: run.firstMs, baseline: run.bareMs, unit: 'ms', ratio: run.firstMs / run.bareMs, target: '<= 1000 ms', pass: run.firstMs <= 1_000 },
        { name: `index everything, ${gb}, ratio to Node's parse alone`, value: run.indexMs, baseline: parse.ms, unit: 'ms', ratio: run.indexMs / parse.ms, target: days <= 10 ? '<= 1.85x' : 'info', pass: days <= 10 ? run.indexMs / parse.ms <= 1.85 : null },
        { name: `index everything, ${gb}, ratio to a bare read`, value: run.indexMs, baseline: run.bareMs, unit: 'ms', ratio: run.indexMs / run.bareMs, target: 'info', pass: null },
        { name: `term sketch whole from the open, ${gb}`, value: run.sketchedMs, baseline: run.indexMs, unit: 'ms', ratio: run.sketchedMs / run.indexMs, target: 'info (baseline: indexed)', pass: null },
      );
      if (run.heapMB !== null) figures.push({ name: `worker heap after indexing, ${gb}`, value: run.heapMB, baseline: size / MB, unit: 'MB', ratio: run.heapMB / (size / MB), target: '< 300 MB', pass: run.heapMB < 300 });
      const { search } = run;
      console.log(`  search "${RARE_CODE}": first page ${search.firstMs.toFixed(0)} ms, count ${search.total} in ${search.countMs.toFixed(0)} ms (bare scan ${run.bareScan.ms.toFixed(0)} ms, ${run.bareScan.found}), heap peak ${run.searchPeakMB.toFixed(0)} MB`);
      figures.push(
        { name: `worker heap peak while searching, ${gb}`, value: run.searchPeakMB, baseline: run.heapMB, unit: 'MB', ratio: run.heapMB ? run.searchPeakMB / run.heapMB : run.searchPeakMB, target: '< 300 MB', pass: run.searchPeakMB < 300 && search.total === run.bareScan.found },
        { name: `search to its whole count (${search.total}), ${gb}`, value: search.countMs, baseline: run.bareScan.ms, unit: 'ms', ratio: search.countMs / run.bareScan.ms, target: 'info', pass: null, samples: [search.firstMs] },
      );
      const frame = 1000 / 60;
      if (run.seeksDuring.length) figures.push({ name: `seek p95 while indexing, ${gb}`, value: during, baseline: frame, unit: 'ms', ratio: during / frame, target: '<= 100 ms', pass: during <= 100, samples: [median(run.seeksDuring), Math.max(...run.seeksDuring)] });
      figures.push({ name: `seek p95 after indexing, ${gb}`, value: after, baseline: frame, unit: 'ms', ratio: after / frame, target: '<= 100 ms', pass: after <= 100, samples: [median(run.seeksAfter), Math.max(...run.seeksAfter)] });
      rmSync(file, { force: true });
    }
  } finally {
    await bench.close();
    for (const f of files) rmSync(f, { force: true });
  }
  console.log(`load averages (1, 5, 15 min) during the run: ${loads.join(' | ')}`);
  report('replayScale', figures, { days: DAYS, loads });
}

await main();
