/**
 * The replay page's open of a log, as bench:replay-browser and bench/replay/openAB.ts time it, and its baseline:
 * the same file fetched and parsed line by line in a bare worker.
 */
import type { Page } from 'playwright-core';
import type { DebugHook } from '../lib/replayDebugger';

/** The generated day's file name, served beside the built app. */
export const DAY_LOG_NAME = 'bench-replay-day.jsonl';

/** Fetches the log and parses every line in a bare worker: the least any opening must do. */
export async function parseOnlyMs(page: Page, url: string): Promise<number> {
  return page.evaluate(async (logUrl) => {
    const source = `onmessage = async (e) => {
      const t0 = performance.now();
      try {
        const text = await (await fetch(e.data)).text();
        let n = 0;
        for (const line of text.split('\\n')) { if (!line) continue; try { JSON.parse(line); n++; } catch {} }
        postMessage(performance.now() - t0);
      } catch (error) { postMessage(String(error)); }
    };`;
    const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
    const ms = await new Promise<number | string>((resolve) => {
      worker.onmessage = (e) => resolve(e.data as number | string);
      worker.postMessage(new URL(logUrl, location.href).href);
    });
    worker.terminate();
    if (typeof ms === 'string') throw new Error(`parse-only baseline: ${ms}`);
    return ms;
  }, url);
}

/**
 * Opens the day by link; the whole day indexed (`replay:indexed`), its first moment on screen before that, and
 * its term sketch whole after (NaN for a build without `searchReady`, which builds none after indexing).
 */
export async function openDay(page: Page, base: string, logName: string): Promise<{ indexed: number; first: number; sketched: number }> {
  await page.addInitScript(() => {
    (window as unknown as { __kioskBench: object }).__kioskBench = {};
  });
  await page.goto(`${base}/replay?log=/${logName}`);
  await page.waitForFunction(() => performance.getEntriesByName('replay:indexed').length > 0, undefined, { timeout: 120_000, polling: 100 });
  return page.evaluate(async () => {
    // A build before the debugger hook has no `remote`, one before the sketch after indexing no `searchReady`.
    const remote = (window as unknown as { __kioskBench: { replay?: Partial<NonNullable<DebugHook['replay']>> } }).__kioskBench.replay?.remote?.();
    const ready = remote
      ? await remote.searchReady().then(
          () => true,
          () => false,
        )
      : false;
    const sketched = ready ? performance.now() - performance.getEntriesByName('replay:open')[0]!.startTime : Number.NaN;
    return { indexed: performance.getEntriesByName('replay:indexed')[0]!.duration, first: performance.getEntriesByName('replay:opened')[0]!.duration, sketched };
  });
}
