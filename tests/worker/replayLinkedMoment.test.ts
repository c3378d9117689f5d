/**
 * A shared link's moment (`/replay?log=URL&at=T`) that the open has not indexed yet: the replay worker's playback
 * (worker/replayPlayback.ts) over its session (worker/replaySession.ts), wired as worker/replayWorker.ts wires
 * them. The moment is on show as soon as indexing passes it: the index reports at once when it does (not at its
 * next half-second report), and the show waits neither for the rest of the index nor for the term sketch (held
 * back here until the end).
 */
import { describe, expect, it } from 'vitest';
import { ReplaySession } from '../../worker/replaySession';
import { PlaybackDriver } from '../../worker/replayPlayback';
import type { IndexProgress } from '../../worker/replayApi';
import type { State } from '../../core/state';
import { generateRobotLog } from '../../bench/replay/robotLog';
import { channelReaderHoldingSketch } from './channelReader';

const ORIGIN = 'http://kiosk.local';
const DAY0 = Date.UTC(2026, 10, 22);
const HOUR = 3_600_000;

describe("a link's moment not indexed yet", { timeout: 60_000 }, () => {
  it.each([
    ['on its own thread', () => new ReplaySession()],
    ['by a reader worker, the term sketch never ready', () => new ReplaySession(() => channelReaderHoldingSketch(new Promise(() => {})))],
  ])('is on show as soon as indexing passes it, before the rest is indexed (lines read %s)', async (_how, make) => {
    const text = [...generateRobotLog(60_000, 3), ...generateRobotLog(60_000, 4, { day: 1, header: false })].join('\n') + '\n';
    const at = DAY0 + 24 * HOUR + 9 * HOUR; // the second day's morning: about two thirds into the log
    const session = make();
    const shown: { clock: number; ms: number }[] = [];
    session.subscribe((changed: Partial<State>) => {
      if (changed.clock) shown.push({ clock: changed.clock.now, ms: performance.now() });
    });
    const playback = new PlaybackDriver({
      now: () => performance.now(),
      show: (moment) => session.seek(moment),
      setTimer: (wake, ms) => setTimeout(wake, ms),
      clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    });
    const reports: (IndexProgress & { ms: number })[] = [];
    const info = await playback.open(at, (p) => reports.push({ ...p, ms: performance.now() }), (onProgress) =>
      session.open({ kind: 'file', file: new Blob([text]), name: 'two-days.jsonl' }, onProgress, ORIGIN, () => {}, at),
    );
    if ('error' in info) throw new Error(info.error);
    expect(info.indexing).toBe(true);
    expect(info.indexedTo!).toBeLessThan(at);
    await expect.poll(() => shown.some((s) => s.clock === at), { timeout: 30_000, interval: 5 }).toBe(true);
    const onShow = shown.find((s) => s.clock === at)!.ms;
    const passed = reports.find((r) => r.indexedTo !== null && r.indexedTo >= at);
    // Reported as indexing passed it, long before the end, and on show right after.
    expect(passed, 'a report at or past the moment before the end').toBeDefined();
    expect(passed!.done).toBe(false);
    expect(passed!.indexedTo! - at).toBeLessThan(HOUR / 2);
    expect(onShow - passed!.ms).toBeLessThan(1_000);
    // (Not `whenIndexed`: that waits for the term sketch too, which one of these never gets.)
    await expect.poll(() => reports.some((r) => r.done), { timeout: 30_000 }).toBe(true);
    const end = reports.find((r) => r.done)!;
    expect(onShow).toBeLessThan(end.ms);
  });
});
