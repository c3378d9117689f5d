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

  it('steps from the moment asked for last, in the order of the taps, though each lookup takes its time', async () => {
    const r = rig();
    await r.driver.open(undefined, () => {}, async () => INFO);
    r.shows[0]!.answer(null);
    await r.settle();
    // Lookups that answer only when the test says, as reading the log's text does.
    const lookups: { from: number; answer(at: number | null): void; fail(): void }[] = [];
    const find = (from: number) =>
      new Promise<number | null>((resolve, reject) => lookups.push({ from, answer: resolve, fail: () => reject(new Error('unreadable')) }));
    const answered: string[] = [];
    void r.driver.step(find).then(() => answered.push('first step'));
    void r.driver.step(find).then(() => answered.push('second step'));
    // A moment chosen on the timeline after both taps comes after both steps.
    void r.driver.intent({ type: 'momentChosen', at: T + 9_000 }).then(() => answered.push('chosen'));
    await r.settle();
    // The second step waits for the first: it must start where the first one lands.
    expect(lookups.map((l) => l.from)).toEqual([T]);
    lookups[0]!.answer(T + 1_000);
    await r.settle();
    expect(lookups.map((l) => l.from)).toEqual([T, T + 1_000]);
    expect(r.views.at(-1)!.position).toBe(T + 1_000);
    lookups[1]!.answer(T + 2_000);
    await r.settle();
    // The first is on show, the second asked for; the chosen moment replaces it in the queue.
    expect(r.views.at(-1)!.position).toBe(T + 9_000);
    expect(r.shows.map((s) => s.at)).toEqual([T, T + 1_000]);
    r.shows[1]!.answer(null);
    await r.settle();
    expect(r.shows.map((s) => s.at)).toEqual([T, T + 1_000, T + 9_000]);
    r.shows[2]!.answer(null);
    await r.settle();
    expect(answered).toEqual(['first step', 'second step', 'chosen']);
  });

  it('a step with nowhere to go, or whose lookup fails, leaves the moment and the next tap its turn', async () => {
    const r = rig();
    await r.driver.open(undefined, () => {}, async () => INFO);
    r.shows[0]!.answer(null);
    await r.settle();
    await r.driver.step(() => null);
    // A lookup that could not read its event (the log changed under it), failing later or at once: the step
    // answers, as a moment that could not be shown does, and nothing moves or is asked to show.
    await expect(r.driver.step(() => Promise.reject(new Error('unreadable')))).resolves.toBeUndefined();
    await expect(
      r.driver.step(() => {
        throw new Error('unreadable');
      }),
    ).resolves.toBeUndefined();
    expect(r.views.at(-1)!.position).toBe(T);
    expect(r.shows).toHaveLength(1);
    const stepped = r.driver.step((from) => from + 500);
    await r.settle();
    expect(r.views.at(-1)!.position).toBe(T + 500);
    r.shows.at(-1)!.answer(null);
    await stepped;
    // Once no step is pending, an intent is handled at once, as before steps existed.
    void r.driver.intent({ type: 'playPressed' });
    expect(r.views.at(-1)!.playing).toBe(true);
  });

  it('a step whose lookup outlives its log does not move the log opened since', async () => {
    const r = rig();
    await r.driver.open(undefined, () => {}, async () => INFO);
    let answer: (at: number) => void = () => {};
    const stepped = r.driver.step(() => new Promise<number>((resolve) => (answer = resolve)));
    await r.settle();
    await r.driver.open(T + 3_000, () => {}, async () => ({ ...INFO, name: 'other.jsonl' }));
    answer(T + 1_000);
    await stepped;
    expect(r.views.at(-1)!.position).toBe(T + 3_000);
  });

  it('a step still waiting for its turn when another log opens is not taken on the new log', async () => {
    const r = rig();
    await r.driver.open(undefined, () => {}, async () => INFO);
    let answer: (at: number) => void = () => {};
    const first = r.driver.step(() => new Promise<number>((resolve) => (answer = resolve)));
    const looked: number[] = [];
    const second = r.driver.step((from) => {
      looked.push(from);
      return from + 1;
    });
    await r.settle();
    await r.driver.open(T + 3_000, () => {}, async () => ({ ...INFO, name: 'other.jsonl' }));
    answer(T + 1_000);
    await Promise.all([first, second]);
    expect(looked).toEqual([]);
    expect(r.views.at(-1)!.position).toBe(T + 3_000);
  });
});
