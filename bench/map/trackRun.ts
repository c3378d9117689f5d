/**
 * One run of bench:map's live part (bench/mapTrack.ts says what each figure is): /mapping/track while a map
 * arrives once a second, its main thread and memory sampled, then the gestures and the core's worker's answers.
 */
import type { CDPSession, Page } from 'playwright-core';
import { median, percentile } from '../lib/report';
import { coreAnswerTimes } from './coreAnswers';
import { gestures, IDLE_FRAMES_MS, probe, version } from './gestures';
import { browserRssByType, browserRssMb, perUpdate, sampleEvery, sampleSeconds, seconds, sleep } from './threadSamples';

/** Map updates, one a second (BENCH_MAP_UPDATES): enough for memory to settle before its last third is compared. */
export const UPDATES = Number(process.env.BENCH_MAP_UPDATES ?? 30);
/** The first update of the n-th third of the updates (1-based). */
export const third = (n: number) => Math.floor((UPDATES * n) / 3) + 1;
/** Seconds of idle page sampled for the baseline: as many as the updates' seconds. */
const IDLE_S = Math.min(UPDATES, 10);
/** The core's worker's answers (coreAnswers.ts): seconds of idle page, then updates (one a second) timed. */
const CORE_IDLE_MS = 5_000;
const CORE_UPDATES = 10;

export interface Run {
  busyPerUpdate: number;
  busyPerUpdateMean: number;
  idleBusyPerSecond: number;
  cpuPerUpdate: number;
  cpuPerUpdateMean: number;
  idleCpuPerSecond: number;
  idleLoafMax: number;
  loafMax: number;
  idleFrameP95: number;
  gestureFrameP95: number;
  /** How long after the last update's second its picture showed (ms; infinite when not within 15 s). */
  lastShownAfterMs: number;
  /** Updates not shown 15 s after the last one. */
  behind: number;
  /** Browser memory (MB, all processes): with the first map shown, and the peaks over the first and second half of the updates. */
  rssFirstMap: number;
  rssPeakMiddle: number;
  rssPeakLast: number;
  /** The core's worker's answer times (ms): p99 with the page idle, p99 and longest while maps arrive. */
  coreIdleP99: number;
  coreUpdatesP99: number;
  coreUpdatesMax: number;
}

export async function oneRun(page: Page, cdp: CDPSession, browserCdp: CDPSession, url: string, push: (image: string, i: number) => void, maps: string[]): Promise<Run> {
  await page.goto(`${url}/mapping/track`);
  await page.locator('.topbar').waitFor();
  await cdp.send('Performance.enable');
  // The first map is sent again until it shows: the simulator broadcasts to the sockets connected at the time,
  // and the page's socket may still be opening after the top bar is up (the bench lost it about one run in three).
  const shown = () => page.evaluate(() => Number(document.querySelector('[data-testid="map-view"]')?.getAttribute('data-map-version')) >= 1);
  for (let tries = 0; !(await shown()); tries++) {
    if (tries === 10) throw new Error('the first map never showed');
    push(maps[0]!, 0);
    await sleep(2_000);
  }
  const first = await version(page);
  await sleep(1_000);

  // The busy windows run without the probe's frame loop: it would add 60 frames a second of the bench's own
  // main-thread work to both, and its noise on this shared machine is larger than the figure.
  await probe(page, 'startQuiet');
  const idleSamples = await sampleSeconds(cdp, IDLE_S);
  const idle = await probe(page, 'stop');
  await probe(page, 'start');
  await sleep(IDLE_FRAMES_MS);
  const idleFrames = await probe(page, 'stop');

  const rssFirstMap = await browserRssMb(browserCdp);
  const byTypeFirstMap = await browserRssByType(browserCdp);
  await probe(page, 'startQuiet');
  // Memory is compared over the last third of the updates against the middle third: over the first third the
  // compositor takes up its pictures in flight and the worker's garbage collection finds its rhythm (measured:
  // the GPU process rose by 116 MB until update 10 and stayed there to update 40, the renderer swung by 130 MB).
  let rss = sampleEvery(() => Promise.resolve(Number.NaN));
  let middle: number[] = [];
  const updateSamples = await sampleSeconds(cdp, UPDATES, (i) => {
    push(maps[i % maps.length]!, i);
    if (i % 5 === 0) void browserRssByType(browserCdp).then((m) => console.log(`  before update ${i}: ${JSON.stringify(m, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v) : v))}`), () => undefined);
    if (i !== third(1) && i !== third(2)) return;
    void rss.stop().then((xs) => {
      if (i === third(2)) middle = xs;
    });
    rss = sampleEvery(() => browserRssMb(browserCdp));
  });
  const storm = await probe(page, 'stop');
  // The last picture may still be on its way (decoded and made in the worker): wait for it, and say how long. The
  // worker decodes only the newest version waiting (worker/mapImages.ts), so it shows the last one however far
  // behind it fell; after 15 s the run goes on all the same, and the versions still not shown are counted.
  const updated = performance.now();
  while ((await version(page)) < first + UPDATES && performance.now() - updated < 15_000) await sleep(20);
  const behind = first + UPDATES - (await version(page));
  const lastShownAfterMs = behind > 0 ? Number.POSITIVE_INFINITY : performance.now() - updated;
  if (behind > 0) console.log(`  ${behind} of ${UPDATES} updates not shown 15 s after the last one`);
  const last = await rss.stop();
  const byTypeAfter = await browserRssByType(browserCdp);
  console.log(`  memory by process kind (MB), first map shown: ${JSON.stringify(byTypeFirstMap)}; after the updates: ${JSON.stringify(byTypeAfter)}`);

  const gesture = await gestures(page, cdp);

  // The core's worker while maps arrive, against the idle page (coreAnswers.ts): the versions go on from the last.
  const coreIdle = await coreAnswerTimes(page, CORE_IDLE_MS);
  const coreUpdates = await coreAnswerTimes(page, CORE_UPDATES * 1000, (s) => s < CORE_UPDATES && push(maps[(UPDATES + s) % maps.length]!, UPDATES + s));

  const idleRate = (key: 'task' | 'cpu') => median(seconds(idleSamples).map((s) => (s[key] / s.ms) * 1000));
  return {
    busyPerUpdate: perUpdate(idleSamples, updateSamples, 'task', 'median'),
    busyPerUpdateMean: perUpdate(idleSamples, updateSamples, 'task', 'mean'),
    idleBusyPerSecond: idleRate('task'),
    cpuPerUpdate: perUpdate(idleSamples, updateSamples, 'cpu', 'median'),
    cpuPerUpdateMean: perUpdate(idleSamples, updateSamples, 'cpu', 'mean'),
    idleCpuPerSecond: idleRate('cpu'),
    idleLoafMax: Math.max(0, ...idle.loaf),
    loafMax: Math.max(0, ...storm.loaf),
    idleFrameP95: percentile(idleFrames.frames, 95),
    gestureFrameP95: percentile(gesture.frames, 95),
    lastShownAfterMs,
    behind,
    rssFirstMap,
    rssPeakMiddle: Math.max(...middle),
    rssPeakLast: Math.max(...last),
    coreIdleP99: percentile(coreIdle, 99),
    coreUpdatesP99: percentile(coreUpdates, 99),
    coreUpdatesMax: Math.max(...coreUpdates),
  };
}
