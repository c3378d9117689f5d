/** The replay worker's playback shell (worker/replayPlayback.ts): its timer, its shows, its pushes, on a virtual clock. */
import { describe, expect, it } from 'vitest';
import { PlaybackDriver } from '../../worker/replayPlayback';
import { FRAME_MS } from '../../core/log/playback';
import type { PlaybackView } from '../../core/log/playback';
import type { IndexProgress, ReplayInfo } from '../../worker/replayApi';

const T = 1_763_800_000_000;
const INFO: ReplayInfo = { name: 'day.jsonl', events: 3, first: T, last: T + 10_000, bad: 0, clip: null, size: 99, indexing: false, indexedTo: null, fraction: 1, failure: null };

/** A driver on a virtual clock whose shows wait until the test answers them. */
function rig() {
  let now = 0;
  const timers = new Map<number, { wake: () => void; due: number }>();
  let ids = 0;
  const shows: { at: number; answer(next: number | null): void; fail(): void }[] = [];
  const views: PlaybackView[] = [];
  const driver = new PlaybackDriver({
    now: () => now,
    show: (at) =>
      new Promise((resolve, reject) => shows.push({ at, answer: (next) => resolve({ nextEventAt: next }), fail: () => reject(new Error('the log changed')) })),
    setTimer: (wake, ms) => {
      timers.set(++ids, { wake, due: now + ms });
      return ids;
    },
    clearTimer: (id) => void timers.delete(id as number),
  });
  driver.subscribe((v) => views.push(v));
  /** Moves the clock on, firing the timers due, in order. */
  const advance = async (ms: number) => {
    const end = now + ms;
    for (;;) {
      const next = [...timers.entries()].filter(([, t]) => t.due <= end).sort((a, b) => a[1].due - b[1].due)[0];
      if (!next) break;
      timers.delete(next[0]);
      now = next[1].due;
      next[1].wake();
      await Promise.resolve();
    }
    now = end;
  };
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { driver, shows, views, timers, advance, settle };
}

describe('the replay worker playback shell', () => {
  it("opens: shows the log's first moment, and pushes the view once per change", async () => {
    const r = rig();
    expect(r.views).toEqual([{ position: null, playing: false, speed: 1, skipIdle: true }]);
    await r.driver.open(undefined, () => {}, async () => INFO);
    expect(r.shows.map((s) => s.at)).toEqual([T]);
    expect(r.views.at(-1)).toEqual({ position: T, playing: false, speed: 1, skipIdle: true });
    const pushed = r.views.length;
    r.shows[0]!.answer(T + 500);
    await r.settle();
    // Only where the next event is changed: nothing the page shows.
    expect(r.views).toHaveLength(pushed);
  });

  it('answers a chosen moment once it, or one chosen after it, is on show', async () => {
    const r = rig();
    await r.driver.open(undefined, () => {}, async () => INFO);
    r.shows[0]!.answer(null);
    await r.settle();
    const answered: number[] = [];
    void r.driver.intent({ type: 'momentChosen', at: T + 1 }).then(() => answered.push(1));
    void r.driver.intent({ type: 'momentChosen', at: T + 2 }).then(() => answered.push(2));
    expect(r.shows.map((s) => s.at)).toEqual([T, T + 1]);
    r.shows[1]!.answer(null);
    await r.settle();
    expect(answered).toEqual([]);
    expect(r.shows.map((s) => s.at)).toEqual([T, T + 1, T + 2]);
    // A moment that could not be read ends the wait too.
    r.shows[2]!.fail();
    await r.settle();
    expect(answered).toEqual([1, 2]);
  });

  it("plays on its own timer at the playback's due time, and a pause clears it", async () => {
    const r = rig();
    await r.driver.open(undefined, () => {}, async () => INFO);
    r.shows[0]!.answer(T + 5_000);
    await r.settle();
    await r.driver.intent({ type: 'playPressed' });
    expect([...r.timers.values()].map((t) => t.due)).toEqual([FRAME_MS]);
    await r.advance(FRAME_MS);
    expect(r.shows.at(-1)!.at).toBe(T + FRAME_MS);
    expect(r.views.at(-1)).toMatchObject({ position: T + FRAME_MS, playing: true });
    expect(r.timers.size).toBe(1);
    await r.driver.intent({ type: 'pausePressed' });
    expect(r.timers.size).toBe(0);
    expect(r.views.at(-1)).toMatchObject({ playing: false });
  });

  it('hands progress on, and a log opened since takes the playback', async () => {
    const r = rig();
    const seen: number[] = [];
    let late: (p: IndexProgress) => void = () => {};
    const first = r.driver.open(undefined, (p) => seen.push(p.events), async (progress) => {
      late = progress;
      return INFO;
    });
    await first;
    await r.driver.open(T + 3_000, () => {}, async () => ({ ...INFO, name: 'other.jsonl' }));
    // The first log's last report is still handed to its page, but not taken by the playback.
    late({ fraction: 1, events: 7, bad: 0, indexedTo: T + 99_000, last: T + 99_000, done: true, failure: null });
    expect(seen).toEqual([7]);
    expect(r.views.at(-1)!.position).toBe(T + 3_000);
  });
});
