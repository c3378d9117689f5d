/**
 * The replay's playback as state: play, pause, the speed, the idle skip, and the playback clock. It is the
 * replay worker's (worker/replayPlayback.ts), driven as the core is: timers as state (the clock's next advance
 * is `due`; the worker wakes then with a `tick` stamped with its own clock), pure transitions, and effects as
 * data (the moments to show). A moment asked for while one is being shown waits, and only the newest does.
 *
 * `now` on an event is the worker's clock (milliseconds, any origin); `at` is a moment of the log.
 */

/** An idle stretch: no event for longer than this, skipped while playing when asked to. */
export const IDLE_MS = 10_000;
/** The clock advances once per frame's worth of time (60 Hz), as the page's animation frames did. */
export const FRAME_MS = 16;

export interface Playback {
  /** The moment on show, or asked for (null before a log is open). */
  position: number | null;
  /** The open log's span as known so far (its last moment grows while it is indexed). */
  first: number | null;
  last: number | null;
  /** While the log is indexed, moments past `indexedTo` (the last indexed event's) cannot be shown yet. */
  indexing: boolean;
  indexedTo: number | null;
  /** A link's moment beyond what is indexed yet, shown once indexing reaches it. */
  awaited: number | null;
  playing: boolean;
  speed: number;
  skipIdle: boolean;
  /** The worker's time the playback clock last advanced at. */
  clockAt: number;
  /** Timers as state: when the playback clock advances next (null when it stands still). */
  due: number | null;
  /** The first event after the moment shown last: the idle skip jumps to it. */
  nextEventAt: number | null;
  /** The moment being shown now, and the newest one asked for meanwhile. */
  showing: number | null;
  queued: number | null;
}

/** What a person does with the playback controls. */
export type PlaybackIntent =
  | { type: 'playPressed' }
  | { type: 'pausePressed' }
  | { type: 'speedChosen'; speed: number }
  | { type: 'skipIdleChosen'; skipIdle: boolean }
  | { type: 'momentChosen'; at: number };

/** What the worker tells the playback: a log being opened, opened, indexed further; a moment shown; time. */
export type PlaybackFact =
  | { type: 'opening' }
  | { type: 'opened'; first: number | null; last: number | null; indexing: boolean; indexedTo: number | null; at: number | null }
  | { type: 'indexed'; last: number | null; indexedTo: number | null; done: boolean }
  | { type: 'shown'; at: number; nextEventAt: number | null }
  | { type: 'tick' };

export type PlaybackEvent = (PlaybackIntent | PlaybackFact) & { now: number };

/** Show the moment `at` (the worker folds the log to it and pushes the state); answer with `shown`. */
export type PlaybackEffect = { type: 'show'; at: number };

/** What the page renders. */
export interface PlaybackView {
  position: number | null;
  playing: boolean;
  speed: number;
  skipIdle: boolean;
}

export function initialPlayback(): Playback {
  return {
    position: null,
    first: null,
    last: null,
    indexing: false,
    indexedTo: null,
    awaited: null,
    playing: false,
    speed: 1,
    skipIdle: true,
    clockAt: 0,
    due: null,
    nextEventAt: null,
    showing: null,
    queued: null,
  };
}

/** The page's view of the playback. Pure. */
export const playbackView = (p: Playback): PlaybackView => ({ position: p.position, playing: p.playing, speed: p.speed, skipIdle: p.skipIdle });

/** The last moment that can be shown now, or null when any can. Pure. */
export const reachable = (p: Pick<Playback, 'indexing' | 'indexedTo'>): number | null => (p.indexing ? p.indexedTo : null);

const later = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

/** Asks for moment `at` (stopped at what is indexed): shown at once, or after the one being shown. */
function want(p: Playback, wanted: number, effects: PlaybackEffect[]): Playback {
  const limit = reachable(p);
  const at = limit === null ? wanted : Math.min(wanted, limit);
  if (p.showing !== null) return { ...p, position: at, queued: at };
  effects.push({ type: 'show', at });
  return { ...p, position: at, showing: at, queued: null };
}

const stopped = (p: Playback): Playback => ({ ...p, playing: false, due: null });

/** The clock advanced to `now`: the next moment at the chosen speed, an idle stretch skipped, or the end. */
function advance(p: Playback, now: number, effects: PlaybackEffect[]): Playback {
  if (p.position === null || p.last === null) return stopped(p);
  let at = p.position + (now - p.clockAt) * p.speed;
  if (p.skipIdle && p.nextEventAt !== null && p.nextEventAt - at > IDLE_MS) at = p.nextEventAt;
  if (at >= p.last) return stopped(want(p, p.last, effects));
  return { ...want(p, at, effects), clockAt: now, due: now + FRAME_MS };
}

/** Handles one event: the next playback and the moments to show. Pure and total. */
export function playbackStep(p: Playback, event: PlaybackEvent): { playback: Playback; effects: PlaybackEffect[] } {
  const effects: PlaybackEffect[] = [];
  const next = (() => {
    switch (event.type) {
      case 'tick':
        return p.playing && p.due !== null && event.now >= p.due ? advance(p, event.now, effects) : p;
      case 'playPressed':
        if (p.position === null || p.last === null) return p;
        return { ...p, playing: true, clockAt: event.now, due: event.now + FRAME_MS };
      case 'pausePressed':
        return stopped(p);
      case 'speedChosen':
        if (!(Number.isFinite(event.speed) && event.speed > 0)) return p;
        // A new speed counts from now, as a pause and play would.
        return { ...p, speed: event.speed, clockAt: event.now };
      case 'skipIdleChosen':
        return { ...p, skipIdle: event.skipIdle, clockAt: event.now };
      case 'momentChosen':
        // Playing goes on from the moment chosen; a person's choice replaces a link's awaited moment.
        return { ...want(p, event.at, effects), awaited: null, clockAt: event.now };
      case 'shown': {
        const shown = { ...p, showing: null, nextEventAt: event.nextEventAt };
        return shown.queued === null ? shown : want(shown, shown.queued, effects);
      }
      case 'opening':
        return { ...stopped(p), first: null, last: null, indexing: true, indexedTo: null, awaited: null, nextEventAt: null, queued: null };
      case 'opened': {
        // Progress reported before the answer may be newer than it: the span only grows while a log is indexed.
        const o = { ...p, first: event.first, last: later(p.last, event.last), indexing: p.indexing && event.indexing, indexedTo: later(p.indexedTo, event.indexedTo) };
        const limit = reachable(o);
        const awaited = event.at !== null && limit !== null && event.at > limit ? event.at : null;
        return { ...want(o, event.at ?? event.first ?? 0, effects), awaited };
      }
      case 'indexed': {
        const o = { ...p, last: event.last ?? p.last, indexing: p.indexing && !event.done, indexedTo: later(p.indexedTo, event.indexedTo) };
        const limit = reachable(o);
        if (o.awaited === null || (limit !== null && limit < o.awaited)) return o;
        return want({ ...o, awaited: null }, o.awaited, effects);
      }
    }
  })();
  return { playback: next, effects };
}
