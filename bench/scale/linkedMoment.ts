/**
 * Opens `/replay?log=URL&at=T` (a shared link to a moment the open has not indexed yet) and times, in the page,
 * how long after indexing passed T the moment was on show (the bench hook of src/bridge/useReplay.ts: the
 * replayed state's clock, and how far indexing has got as the page was told). The page hears of indexing in
 * reports (worker/replayIndexing.ts: every half second, and at once when it passes a link's moment), so two
 * figures: from the first report at or past T (`afterReportMs`), and from when indexing passed T as read
 * between that report and the one before it, at the pace indexing went between them (`afterPassedMs`). Also
 * the open's own figures: the first moment and the whole log indexed.
 */
import type { Page } from 'playwright-core';

export interface LinkedMoment {
  /** The open to its first moment (`replay:opened`) and to the whole log indexed (`replay:indexed`). */
  firstMs: number;
  indexMs: number;
  /** The moment T on show after the first report at or past it, and after indexing passed it (read between reports). */
  afterReportMs: number;
  afterPassedMs: number;
  /** From the open to T on show (before `indexMs` when T was on show before the whole log was indexed). */
  shownMs: number;
}

type Hook = { replay?: { state(): { clock: { now: number } } | null; indexedTo(): number | null } };

/**
 * Opens `url` (with `&at=T` in it, T on a whole second: the replayed clock counts seconds) in a fresh `page`
 * with `__kioskBench` set, and times the moment T.
 */
export async function linkedMoment(page: Page, url: string, at: number, timeoutMs = 1_800_000): Promise<LinkedMoment> {
  await page.addInitScript(() => {
    (window as unknown as { __kioskBench: object }).__kioskBench = {};
  });
  await page.goto(url);
  const times = await page.evaluate(
    ({ at, timeoutMs }) =>
      new Promise<{ crossed: number; passed: number; shown: number; open: number }>((resolve, reject) => {
        const t0 = performance.now();
        // The last report before T (when it came, how far it had got), and when indexing passed T.
        let last = { ms: Number.NaN, to: Number.NaN };
        let passed = Number.NaN;
        let crossed = Number.NaN;
        // Polled at 5 ms: the page's own renders are not waited for (a render shows what the store holds).
        const timer = setInterval(() => {
          const replay = (window as unknown as { __kioskBench: Hook }).__kioskBench.replay;
          if (!replay) return;
          const now = performance.now();
          const to = replay.indexedTo();
          const indexing = performance.getEntriesByName('replay:open').length > 0 && performance.getEntriesByName('replay:indexed').length === 0;
          if (Number.isNaN(passed)) {
            if (indexing && to !== null && to < at && to !== last.to) last = { ms: now, to };
            else if (to !== null && to >= at) {
              passed = now;
              crossed = Number.isNaN(last.ms) ? now : last.ms + ((now - last.ms) * (at - last.to)) / (to - last.to);
            } else if (performance.getEntriesByName('replay:indexed').length > 0) passed = crossed = now;
          }
          if (replay.state()?.clock.now === at) {
            clearInterval(timer);
            const open = performance.getEntriesByName('replay:open')[0]?.startTime ?? t0;
            resolve({ crossed: Number.isNaN(crossed) ? now : crossed, passed: Number.isNaN(passed) ? now : passed, shown: now, open });
          } else if (now - t0 > timeoutMs) {
            clearInterval(timer);
            reject(new Error(`the moment ${at} was not on show in ${timeoutMs} ms`));
          }
        }, 5);
      }),
    { at, timeoutMs },
  );
  await page.waitForFunction(() => performance.getEntriesByName('replay:indexed').length > 0, undefined, { timeout: timeoutMs, polling: 100 });
  const [firstMs, indexMs] = await page.evaluate(() => ['replay:opened', 'replay:indexed'].map((n) => performance.getEntriesByName(n)[0]!.duration));
  return { firstMs: firstMs!, indexMs: indexMs!, afterReportMs: times.shown - times.passed, afterPassedMs: times.shown - times.crossed, shownMs: times.shown - times.open };
}
