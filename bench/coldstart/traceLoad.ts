/**
 * Diagnosis for bench:coldstart (not a benchmark): one cold load of a built page under a CDP trace, printed as
 * a timeline from navigation start: the renderer main thread's and the workers' longer events (parse, compile,
 * evaluate, style, layout, paint), the network's responses, and the page's marks. Run after `vite build`:
 * `npx tsx bench/coldstart/traceLoad.ts [distDir] [path]`.
 */
import { launchChromium } from '../lib/browser';
import { startBenchSim } from '../lib/sim';
import { tracedColdLoad } from './tracedLoad';

interface TraceArgs {
  name?: string;
  fileName?: string;
  data?: { url?: string; functionName?: string; isLoadingMainFrame?: boolean };
}

const dist = process.argv[2] ?? 'dist';
const path = process.argv[3] ?? '/';
const { sim, close } = await startBenchSim(dist);
const browser = await launchChromium();
try {
  // One load to warm the browser itself, as the bench does.
  for (const round of [0, 1]) {
    const { events, navigation: nav, threads } = await tracedColdLoad<TraceArgs>(browser, `${sim.url}${path}`, [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8',
      'blink.user_timing',
      'loading',
      'toplevel',
    ]);
    if (round === 0) continue;
    const t0 = nav.ts;
    const main = `${nav.pid}`;
    const rows = events
      .filter((e) => `${e.pid}` === main && e.ts >= t0 && e.ph === 'X' && (e.dur ?? 0) >= 1500 && !['RunTask', 'ThreadControllerImpl::RunTask'].includes(e.name))
      .map((e) => ({ at: (e.ts - t0) / 1000, dur: (e.dur ?? 0) / 1000, cpu: (e.tdur ?? 0) / 1000, thread: threads.get(`${e.pid}:${e.tid}`) ?? e.tid, name: e.name, detail: e.args?.data?.url ?? e.args?.data?.functionName ?? e.args?.fileName ?? '' }));
    const marks = events.filter((e) => e.cat.includes('user_timing') || ['firstContentfulPaint', 'firstPaint', 'ResourceReceiveResponse', 'ResourceFinish'].includes(e.name))
      .map((e) => ({ at: (e.ts - t0) / 1000, dur: 0, cpu: 0, thread: threads.get(`${e.pid}:${e.tid}`) ?? e.tid, name: e.name, detail: e.args?.data?.url ?? '' }));
    for (const r of [...rows, ...marks].sort((a, b) => a.at - b.at))
      console.log(`${r.at.toFixed(1).padStart(7)} ${r.dur.toFixed(1).padStart(6)} ${r.cpu.toFixed(1).padStart(5)}  ${String(r.thread).padEnd(22)} ${r.name} ${String(r.detail).replace(/^.*\/assets\//, '')}`);
  }
} finally {
  await browser.close();
  await close();
}
