/**
 * Diagnosis for bench:coldstart's worker ready (not a benchmark): cold loads of a built page under a CDP trace,
 * printing, from navigation start, every event that names a worker (its host, thread, script fetch) and the
 * renderer main thread's top-level tasks of at least `MIN_MS`, so one sees what the worker's start waits for.
 * `npx tsx bench/coldstart/workerStartTrace.ts [distDir] [loads] [minMs]`.
 */
import { launchChromium } from '../lib/browser';
import { startBenchSim } from '../lib/sim';
import { tracedColdLoad } from './tracedLoad';

interface TraceArgs { name?: string; data?: { url?: string; functionName?: string; isLoadingMainFrame?: boolean } }

const dist = process.argv[2] ?? 'dist';
const loads = Number(process.argv[3] ?? 1);
const MIN_MS = Number(process.argv[4] ?? 1);
const CATEGORIES = (process.env.TRACE_CATEGORIES ?? 'devtools.timeline,disabled-by-default-devtools.timeline,v8,blink.user_timing,loading,toplevel,blink.worker,blink,mojom').split(',');
/** The main thread's events printed: its tasks and what runs in them. */
const MAIN_EVENTS = new Set(['RunTask', 'v8.evaluateModule', 'FunctionCall', 'TimerFire', 'HandlePostMessage', 'ParseHTML', 'Layout', 'UpdateLayoutTree', 'Paint', 'RunMicrotasks', 'v8.compileModule', 'EventDispatch', 'Commit', 'PrePaint']);
const { sim, close } = await startBenchSim(dist);
const browser = await launchChromium();
try {
  for (let round = 0; round <= loads; round++) {
    const { events, navigation: nav, threads } = await tracedColdLoad<TraceArgs>(browser, `${sim.url}/`, CATEGORIES);
    if (round === 0) continue; // warms the browser itself
    const t0 = nav.ts;
    const ready = events.find((e) => e.name === 'kiosk:worker-ready');
    const end = ready ? ready.ts + 5000 : Infinity;
    const mainTid = nav.tid;
    console.log(`load ${round}`);
    const rows = events.filter((e) => e.ts >= t0 && e.ts <= end && e.pid === nav.pid).filter((e) => {
      const thread = threads.get(`${e.pid}:${e.tid}`) ?? '';
      if (/worker/i.test(e.name) && !/ThreadPool|TaskGraph/.test(e.name)) return true;
      if (thread.startsWith('DedicatedWorker')) return e.ph === 'X' ? (e.dur ?? 0) >= MIN_MS * 1000 / 2 : e.ph === 'R' || e.ph === 'I' || e.ph === 'n';
      if (e.tid === mainTid) return e.cat.includes('user_timing') || (e.ph === 'X' && MAIN_EVENTS.has(e.name) && (e.dur ?? 0) >= MIN_MS * 1000);
      return false;
    });
    // Any process: what names the worker's chunk (its fetch by the browser).
    for (const e of events) if (e.ts >= t0 && e.ts <= end && e.pid !== nav.pid && JSON.stringify(e.args ?? {}).includes('/assets/main-')) rows.push(e);
    for (const e of rows.sort((a, b) => a.ts - b.ts)) {
      const thread = e.pid !== nav.pid ? `pid ${e.pid}` : e.tid === mainTid ? 'main' : (threads.get(`${e.pid}:${e.tid}`) ?? String(e.tid));
      const detail = e.args?.data?.url ?? e.args?.data?.functionName ?? '';
      console.log(`${((e.ts - t0) / 1000).toFixed(1).padStart(7)} ${((e.dur ?? 0) / 1000).toFixed(1).padStart(6)} ${((e.tdur ?? 0) / 1000).toFixed(1).padStart(5)}  ${thread.slice(0, 16).padEnd(16)} ${e.ph} ${e.name} ${String(detail).replace(/^.*\/assets\//, '')}`);
    }
  }
} finally {
  await browser.close();
  await close();
}
