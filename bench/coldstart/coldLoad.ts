/**
 * One cold load of a page for bench:coldstart: a fresh browser context (empty caches), the page's own marks and
 * paint timing read from navigation start.
 *
 * The page is left alone while it starts. Playwright's `goto` waits for the load event by default, and its
 * `waitForFunction` then evaluates Playwright's injected script (a few hundred kB) in the page's main world
 * and polls on every animation frame: that compile and evaluation ran on the page's main thread in the middle
 * of the measured start (the bare page's load event fires right after its bundle ran, before React renders),
 * and it moved the figures of the two pages by different amounts. Here the page is only looked at through a
 * raw CDP `Runtime.evaluate` of one small expression, first after `FIRST_LOOK_MS` and then every `POLL_MS`
 * until every name has an entry.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, VIEWPORT } from '../lib/browser';
import { PipeChromium } from '../lib/pipeChromium';

export type Times = Record<string, number>;

/**
 * How the page is watched: `quiet` in Playwright's Chromium as described above; `pipe` in a Chromium of our
 * own without Playwright (`pipeColdLoad`); `playwright` as the bench did before 24 Nov 2026.
 */
export type Probe = 'pipe' | 'quiet' | 'playwright';

const FIRST_LOOK_MS = 400;
const POLL_MS = 100;
const TIMEOUT_MS = 20_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The page-side expression: each name's first entry's start time, or null. */
const readTimes = (names: readonly string[], optional: readonly string[]) =>
  `Object.fromEntries(${JSON.stringify([...names, ...optional])}.map((n) => [n, performance.getEntriesByName(n)[0]?.startTime ?? null]))`;

/** A browser for cold loads the `probe` way: `load` is one cold load (names and optional as `coldLoad`'s). */
export interface ColdLoader {
  load(url: string, names: readonly string[], optional?: readonly string[]): Promise<Times>;
  close(): Promise<void>;
}

export async function openColdLoader(probe: Probe): Promise<ColdLoader> {
  if (probe === 'pipe') {
    const browser = await PipeChromium.launch();
    return { load: (url, names, optional) => pipeColdLoad(browser, url, names, optional), close: () => browser.close() };
  }
  const browser = await launchChromium();
  return { load: (url, names, optional) => coldLoad(browser, url, names, optional, probe), close: () => browser.close() };
}

/**
 * Loads `url` in a fresh context, waits for an entry of each of `names` (marks, paint timing) and returns their
 * start times, and those of `optional` that the page has by then.
 */
export async function coldLoad(browser: Browser, url: string, names: readonly string[], optional: readonly string[] = [], probe: Probe = 'quiet'): Promise<Times> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    if (probe === 'playwright') {
      await page.goto(url);
      await page.waitForFunction(`${JSON.stringify(names)}.every((n) => performance.getEntriesByName(n).length > 0)`, undefined, { timeout: TIMEOUT_MS });
      return (await page.evaluate(readTimes(names, optional))) as Times;
    }
    return await watchLoad(context, page, url, names, optional);
  } finally {
    await context.close();
  }
}

/**
 * The same cold load in a Chromium driven over its DevTools pipe (bench/lib/pipeChromium.ts): a fresh browser
 * context and page, the kiosk's screen size, and then only `Runtime.evaluate` of the same small expression. Under
 * Playwright a worker the page starts is paused until Playwright has attached to it, a round trip to the Node
 * process that also serves the page (the app's core worker, started as the page's head is parsed, then compiled
 * while the entry evaluates instead of before); a kiosk has no debugger attached.
 */
export async function pipeColdLoad(browser: PipeChromium, url: string, names: readonly string[], optional: readonly string[] = []): Promise<Times> {
  const { browserContextId } = await browser.send<{ browserContextId: string }>('Target.createBrowserContext', { disposeOnDetach: true });
  try {
    const { targetId } = await browser.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank', browserContextId });
    const { sessionId } = await browser.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
    await browser.send('Emulation.setDeviceMetricsOverride', { ...VIEWPORT, deviceScaleFactor: 1, mobile: false }, sessionId);
    await browser.send('Page.navigate', { url }, sessionId);
    const evaluate = async (expression: string) =>
      (await browser.send<{ result: { value: unknown } }>('Runtime.evaluate', { expression, returnByValue: true }, sessionId)).result.value;
    return await pollTimes(evaluate, url, names, optional);
  } finally {
    await browser.send('Target.disposeBrowserContext', { browserContextId });
  }
}

/** Reads the page's times with `evaluate`, first after `FIRST_LOOK_MS`, until every one of `names` is there. */
async function pollTimes(evaluate: (expression: string) => Promise<unknown>, url: string, names: readonly string[], optional: readonly string[]): Promise<Times> {
  const read = readTimes(names, optional);
  const deadline = Date.now() + TIMEOUT_MS;
  await sleep(FIRST_LOOK_MS);
  for (;;) {
    const times = (await evaluate(read)) as Record<string, number | null>;
    if (names.every((n) => typeof times[n] === 'number')) return times as Times;
    if (Date.now() > deadline) throw new Error(`cold load of ${url}: no ${names.filter((n) => times[n] === null).join(', ')} after ${TIMEOUT_MS} ms`);
    await sleep(POLL_MS);
  }
}

/** Opens `url` in `page` and waits, without running anything in it, for an entry of each of `names` (see above). */
export async function watchLoad(context: BrowserContext, page: Page, url: string, names: readonly string[], optional: readonly string[] = []): Promise<Times> {
  const cdp = await context.newCDPSession(page);
  await page.goto(url, { waitUntil: 'commit' });
  const evaluate = async (expression: string) => (await cdp.send('Runtime.evaluate', { expression, returnByValue: true })).result.value as unknown;
  return pollTimes(evaluate, url, names, optional);
}
