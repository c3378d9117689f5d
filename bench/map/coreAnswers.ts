/**
 * How long the core's worker takes to answer while the page runs (bench:map): a trivial evaluation in the
 * worker over CDP, one after another with 10 ms between, each timed from the bench's side. It answers as soon
 * as the worker's thread is free, so a long task there (a map decoded on the core's thread took up to 240 ms)
 * shows as a long answer: what a touch or a robot message would have waited for.
 */
import type { Page } from 'playwright-core';

const GAP_MS = 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The answer times (ms, sorted) over `ms`; `every` (if given) runs once a second from the start. */
export async function coreAnswerTimes(page: Page, ms: number, every?: (second: number) => void): Promise<number[]> {
  const worker = page.workers().find((w) => /\/assets\/main-[^/]*\.js$/.test(w.url()));
  if (!worker) throw new Error(`no core worker among ${page.workers().map((w) => w.url()).join(', ')}`);
  const times: number[] = [];
  const start = performance.now();
  let second = 0;
  while (performance.now() - start < ms) {
    if (every && performance.now() - start >= second * 1000) every(second++);
    const asked = performance.now();
    await worker.evaluate('0');
    times.push(performance.now() - asked);
    await sleep(GAP_MS);
  }
  return times.sort((a, b) => a - b);
}
