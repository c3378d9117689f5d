/**
 * One cold load of a built page under a CDP trace, for the cold-start diagnoses (traceLoad.ts,
 * workerStartTrace.ts): a fresh context, the page left alone until the core's worker is ready, and the trace's
 * events with the navigation start and the threads' names.
 */
import type { Browser } from 'playwright-core';
import { VIEWPORT } from '../lib/browser';
import type { TraceEvent } from '../lib/traceEvent';

/** What a trace of a load holds about itself. */
export interface TracedLoadArgs {
  name?: string;
  data?: { isLoadingMainFrame?: boolean };
}

export interface TracedLoad<E> {
  events: E[];
  /** The main frame's navigation start, the zero of its timeline. */
  navigation: E;
  /** Thread names by `pid:tid`. */
  threads: Map<string, string>;
}

export async function tracedColdLoad<A extends TracedLoadArgs>(browser: Browser, url: string, categories: string[]): Promise<TracedLoad<TraceEvent<A>>> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent<A>[] = [];
  cdp.on('Tracing.dataCollected', (e) => void events.push(...(e.value as unknown as TraceEvent<A>[])));
  const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: categories } });
  // Not Playwright's goto-until-load and waitForFunction: those evaluate its injected script in the page as it
  // starts (bench/coldstart/coldLoad.ts). Wait, then look with one small expression.
  await page.goto(url, { waitUntil: 'commit' });
  for (let waited = 0; waited < 20_000; waited += 300) {
    await new Promise((r) => setTimeout(r, 300));
    const { result } = await cdp.send('Runtime.evaluate', { expression: `performance.getEntriesByName('kiosk:worker-ready').length`, returnByValue: true });
    if (result.value) break;
  }
  await cdp.send('Tracing.end');
  await done;
  await context.close();
  const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame) ?? events.find((e) => e.name === 'navigationStart');
  if (!navigation) throw new Error(`no navigation in the trace of ${url}`);
  const threads = new Map<string, string>();
  for (const e of events) if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  return { events, navigation, threads };
}
