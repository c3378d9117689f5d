/**
 * Diagnosis for bench:coldstart (not a benchmark): one cold load of a built page under a CDP trace, printed as
 * a timeline from navigation start: the renderer main thread's and the workers' longer events (parse, compile,
 * evaluate, style, layout, paint), the network's responses, and the page's marks. Run after `vite build`:
 * `npx tsx bench/coldstart/traceLoad.ts [distDir] [path]`.
 */
import { launchChromium, VIEWPORT } from '../lib/browser';
import type { TraceEvent as TraceEventOf } from '../lib/traceEvent';
import { startBenchSim } from '../lib/sim';

interface TraceArgs {
  name?: string;
  fileName?: string;
  data?: { url?: string; functionName?: string; isLoadingMainFrame?: boolean };
}
type TraceEvent = TraceEventOf<TraceArgs>;

const dist = process.argv[2] ?? 'dist';
const path = process.argv[3] ?? '/';
const { sim, close } = await startBenchSim(dist);
const browser = await launchChromium();
try {
  // One load to warm the browser itself, as the bench does.
  for (const round of [0, 1]) {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => void events.push(...(e.value as unknown as TraceEvent[])));
    const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
    await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.user_timing', 'loading', 'toplevel'] } });
    // Not Playwright's goto-until-load and waitForFunction: those evaluate its injected script in the page as it
    // starts (bench/coldstart/coldLoad.ts). Wait, then look with one small expression.
    await page.goto(`${sim.url}${path}`, { waitUntil: 'commit' });
    for (let waited = 0; waited < 20_000; waited += 300) {
      await new Promise((r) => setTimeout(r, 300));
      const { result } = await cdp.send('Runtime.evaluate', { expression: `performance.getEntriesByName('kiosk:worker-ready').length`, returnByValue: true });
      if (result.value) break;
    }
    await cdp.send('Tracing.end');
    await done;
    await context.close();
    if (round === 0) continue;
    const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame) ?? events.find((e) => e.name === 'navigationStart');
    const t0 = nav!.ts;
    const threads = new Map<string, string>();
    for (const e of events) if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
    const main = `${nav!.pid}`;
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
