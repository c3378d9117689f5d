/** The replay's playback as state (core/log/playback.ts): pure transitions on a virtual clock. */
import { describe, expect, it } from 'vitest';
import {
  FRAME_MS,
  IDLE_MS,
  initialPlayback,
  playbackStep,
  type Playback,
  type PlaybackEffect,
  type PlaybackFact,
  type PlaybackIntent,
} from '../../core/log/playback';

const T = 1_763_800_000_000;

/** A playback on a virtual clock whose shown moments are answered by a log with events at `events`. */
class Clock {
  p: Playback = initialPlayback();
  now = 1_000;
  shows: number[] = [];
  private inFlight: number[] = [];

  constructor(private readonly events: number[] = []) {}

  send(event: PlaybackIntent | PlaybackFact): PlaybackEffect[] {
    const { playback, effects } = playbackStep(this.p, { ...event, now: this.now });
    this.p = playback;
    for (const e of effects) {
      this.shows.push(e.at);
      this.inFlight.push(e.at);
    }
    return effects;
  }

  /** Answers the moment being shown, as the worker's fold does. */
  answer(): void {
    const at = this.inFlight.shift();
    if (at === undefined) throw new Error('nothing is being shown');
    this.send({ type: 'shown', at, nextEventAt: this.events.find((e) => e > at) ?? null });
  }

  /** Lets `ms` pass frame by frame, the worker waking at each due time and each moment answered at once. */
  run(ms: number): void {
    const end = this.now + ms;
    while (this.p.due !== null && this.p.due <= end) {
      this.now = this.p.due;
      this.send({ type: 'tick' });
      while (this.inFlight.length) this.answer();
    }
    this.now = end;
  }

  open(first: number, last: number, at: number | null = null, indexedTo: number | null = null): void {
    this.send({ type: 'opening' });
    this.send({ type: 'opened', first, last, indexing: indexedTo !== null, indexedTo, at });
    this.answer();
  }
}

describe('the replay playback', () => {
  it('opens on the first moment, or the moment of a link', () => {
    const c = new Clock([T, T + 1_000]);
    c.open(T, T + 5_000);
    expect(c.shows).toEqual([T]);
    expect(c.p).toMatchObject({ position: T, playing: false, nextEventAt: T + 1_000, due: null });
    c.open(T, T + 5_000, T + 2_000);
    expect(c.p.position).toBe(T + 2_000);
  });

  it('plays at its speed frame by frame, the clock a due time in state, and stops at the end', () => {
    const c = new Clock();
    c.open(T, T + 1_000);
    c.send({ type: 'speedChosen', speed: 2 });
    c.send({ type: 'playPressed' });
    expect(c.p).toMatchObject({ playing: true, due: c.now + FRAME_MS });
    // A tick before it is due changes nothing.
    c.now += FRAME_MS - 1;
    expect(c.send({ type: 'tick' })).toEqual([]);
    c.now -= FRAME_MS - 1;
    c.run(160);
    expect(c.p.position).toBe(T + 320);
    c.run(1_000);
    expect(c.p).toMatchObject({ position: T + 1_000, playing: false, due: null });
    expect(c.shows.at(-1)).toBe(T + 1_000);
  });

  it('skips an idle stretch to the next event when asked to, and not otherwise', () => {
    const events = [T, T + 1_000, T + 1_000 + 2 * IDLE_MS, T + 100_000];
    const skipping = new Clock(events);
    skipping.open(T, T + 100_000, T + 1_000);
    skipping.send({ type: 'playPressed' });
    skipping.run(FRAME_MS);
    expect(skipping.p.position).toBe(T + 1_000 + 2 * IDLE_MS);
    const plain = new Clock(events);
    plain.open(T, T + 100_000, T + 1_000);
    plain.send({ type: 'skipIdleChosen', skipIdle: false });
    plain.send({ type: 'playPressed' });
    plain.run(FRAME_MS);
    expect(plain.p.position).toBe(T + 1_000 + FRAME_MS);
  });

  it('pauses: the clock stops and no frame comes', () => {
    const c = new Clock();
    c.open(T, T + 10_000);
    c.send({ type: 'playPressed' });
    c.run(100);
    c.send({ type: 'pausePressed' });
    const at = c.p.position;
    expect(c.p).toMatchObject({ playing: false, due: null });
    c.run(1_000);
    expect(c.p.position).toBe(at);
  });

  it('a new speed counts from the moment it is chosen; a speed that is not one is refused', () => {
    const c = new Clock();
    c.open(T, T + 100_000);
    c.send({ type: 'playPressed' });
    c.run(FRAME_MS * 10);
    expect(c.p.position).toBe(T + FRAME_MS * 10);
    c.send({ type: 'speedChosen', speed: 20 });
    c.run(FRAME_MS * 10);
    expect(c.p.position).toBe(T + FRAME_MS * 10 + FRAME_MS * 200);
    c.send({ type: 'speedChosen', speed: 0 });
    c.send({ type: 'speedChosen', speed: Number.NaN });
    expect(c.p.speed).toBe(20);
  });

  it('shows one moment at a time: those asked meanwhile wait, and only the newest is shown next', () => {
    const c = new Clock();
    c.open(T, T + 10_000);
    c.send({ type: 'momentChosen', at: T + 1 });
    c.send({ type: 'momentChosen', at: T + 2 });
    c.send({ type: 'momentChosen', at: T + 3 });
    expect(c.shows).toEqual([T, T + 1]);
    expect(c.p.position).toBe(T + 3);
    c.answer();
    expect(c.shows).toEqual([T, T + 1, T + 3]);
    c.answer();
    expect(c.p).toMatchObject({ showing: null, queued: null, position: T + 3 });
  });

  it('playing goes on from a moment chosen meanwhile', () => {
    const c = new Clock();
    c.open(T, T + 100_000);
    c.send({ type: 'playPressed' });
    c.run(FRAME_MS);
    c.send({ type: 'momentChosen', at: T + 50_000 });
    c.answer();
    c.run(FRAME_MS);
    expect(c.p.position).toBe(T + 50_000 + FRAME_MS);
  });

  it('while the log is indexed, stops at the last indexed moment; a link beyond it is shown once indexing gets there', () => {
    const c = new Clock();
    c.send({ type: 'opening' });
    c.send({ type: 'opened', first: T, last: T + 60_000, indexing: true, indexedTo: T + 5_000, at: T + 30_000 });
    expect(c.shows).toEqual([T + 5_000]);
    c.answer();
    c.send({ type: 'momentChosen', at: T + 20_000 });
    expect(c.p.position).toBe(T + 5_000);
    c.answer();
    // A person's choice replaced the awaited link moment.
    c.send({ type: 'indexed', last: T + 60_000, indexedTo: T + 40_000, done: false });
    expect(c.shows).toEqual([T + 5_000, T + 5_000]);
    const d = new Clock();
    d.send({ type: 'opening' });
    d.send({ type: 'opened', first: T, last: T + 60_000, indexing: true, indexedTo: T + 5_000, at: T + 30_000 });
    d.answer();
    d.send({ type: 'indexed', last: T + 60_000, indexedTo: T + 20_000, done: false });
    expect(d.shows).toEqual([T + 5_000]);
    d.send({ type: 'indexed', last: T + 60_000, indexedTo: T + 30_500, done: false });
    expect(d.shows).toEqual([T + 5_000, T + 30_000]);
    expect(d.p.awaited).toBeNull();
  });

  it('progress reported before the open answered is not lost to the older answer', () => {
    const c = new Clock();
    c.send({ type: 'opening' });
    c.send({ type: 'indexed', last: T + 9_000, indexedTo: T + 9_000, done: true });
    c.send({ type: 'opened', first: T, last: T + 8_000, indexing: true, indexedTo: T + 2_000, at: T + 7_000 });
    expect(c.p).toMatchObject({ indexing: false, last: T + 9_000, position: T + 7_000, awaited: null });
  });

  it('opening another log stops playing; play waits for a log', () => {
    const c = new Clock();
    c.send({ type: 'playPressed' });
    expect(c.p.playing).toBe(false);
    c.open(T, T + 10_000);
    c.send({ type: 'playPressed' });
    c.send({ type: 'opening' });
    expect(c.p).toMatchObject({ playing: false, due: null, last: null });
    c.send({ type: 'playPressed' });
    expect(c.p.playing).toBe(false);
  });
});
