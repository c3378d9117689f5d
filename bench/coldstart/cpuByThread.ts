/**
 * Diagnosis for bench:coldstart (not a benchmark): where a cold load's CPU goes, in every process of the browser,
 * from the navigation to the page's first commit (`kiosk:first-screen`). Loads a built page in a Chromium driven
 * over its pipe (no debugger attached, bench/lib/pipeChromium.ts), traces the whole browser, and prints the
 * median CPU time per process and thread over the loads, then the page's main-thread events by name.
 * `npx tsx bench/coldstart/cpuByThread.ts [distDir] [loads]`. It found the omnibox popup's renderer that headless
 * Chromium built for every new window (playwright.config.ts, bench/README.md at f0de46c).
 */
import { PipeChromium } from '../lib/pipeChromium';
import { median } from '../lib/report';
import { startBenchSim } from '../lib/sim';
import type { TraceEvent } from '../lib/traceEvent';
import { pipeColdLoad } from './coldLoad';

type Event = TraceEvent<{ name?: string; data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } }>;

const dist = process.argv[2] ?? 'dist';
const loads = Number(process.argv[3] ?? 7);
const END_MARK = 'kiosk:first-screen';
/** The page's main-thread events that are nested in tasks (so not summed with them), by name. */
const MAIN_THREAD_DETAIL = ['v8.evaluateModule', 'FunctionCall', 'V8.CompileCode', 'V8.ParseFunction', 'ParseHTML', 'UpdateLayoutTree', 'Layout', 'Paint'];

/** One cold load (coldLoad.ts `pipeColdLoad`, a fresh context) under a trace of the whole browser. */
async function tracedLoad(browser: PipeChromium, url: string): Promise<Event[]> {
  const events: Event[] = [];
  const complete = new Promise<void>((resolve) => {
    browser.onEvent = (method, params) => {
      if (method === 'Tracing.dataCollected') events.push(...(params.value as Event[]));
      if (method === 'Tracing.tracingComplete') resolve();
    };
  });
  const categories = ['toplevel', 'blink.user_timing', 'loading', 'v8', 'devtools.timeline', 'disabled-by-default-v8.compile'];
  await browser.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: categories } });
  await pipeColdLoad(browser, url, [END_MARK]);
  await browser.send('Tracing.end');
  await complete;
  return events;
}

/** CPU ms by "process / thread", and the page main thread's detail events by name, within one load. */
function cpuOf(events: Event[]): { threads: Map<string, number>; detail: Map<string, number>; window: number } {
  const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.startsWith('http'));
  if (!navigation) throw new Error('no navigation in the trace');
  const end = events.find((e) => e.name === END_MARK && e.ts > navigation.ts)?.ts ?? navigation.ts + 300_000;
  const threadNames = new Map(events.filter((e) => e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args?.name ?? '']));
  const processNames = new Map(events.filter((e) => e.name === 'process_name').map((e) => [e.pid, e.args?.name ?? '']));
  const threads = new Map<string, number>();
  const detail = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  for (const e of events) {
    if (e.ph !== 'X' || e.ts < navigation.ts || e.ts > end) continue;
    const thread = (threadNames.get(`${e.pid}:${e.tid}`) ?? String(e.tid)).replace(/\d+$/, '');
    const page = e.pid === navigation.pid;
    const ms = (e.tdur ?? 0) / 1000;
    if (e.cat.includes('toplevel')) add(threads, `${processNames.get(e.pid) ?? e.pid}${page ? ' (the page)' : ''} / ${thread}`, ms);
    if (page && thread === 'CrRendererMain' && MAIN_THREAD_DETAIL.includes(e.name)) add(detail, e.name, ms);
  }
  return { threads, detail, window: (end - navigation.ts) / 1000 };
}

const { sim, close } = await startBenchSim(dist);
const browser = await PipeChromium.launch();
try {
  const byThread = new Map<string, number[]>();
  const byEvent = new Map<string, number[]>();
  const windows: number[] = [];
  await tracedLoad(browser, `${sim.url}/`); // warms the browser itself; each load is a fresh context
  for (let i = 0; i < loads; i++) {
    const { threads, detail, window } = cpuOf(await tracedLoad(browser, `${sim.url}/`));
    windows.push(window);
    for (const [into, from] of [[byThread, threads], [byEvent, detail]] as const)
      for (const [key, ms] of from) into.set(key, [...(into.get(key) ?? []), ms]);
  }
  // A thread that did nothing in some load counts 0 there.
  const medianOf = (values: number[]) => median([...values, ...new Array<number>(loads - values.length).fill(0)]);
  const print = (title: string, map: Map<string, number[]>) => {
    console.log(title);
    for (const [key, values] of [...map].sort((a, b) => medianOf(b[1]) - medianOf(a[1])))
      if (medianOf(values) >= 0.5) console.log(`${medianOf(values).toFixed(1).padStart(7)} ms  ${key}`);
  };
  console.log(`${loads} loads of ${dist}: navigation to ${END_MARK} ${median(windows).toFixed(0)} ms (median)`);
  print('CPU by process / thread (medians):', byThread);
  print('the page main thread, by event (nested in the above):', byEvent);
} finally {
  browser.onEvent = null;
  await browser.close();
  await close();
}
