/** The replay fold: the same core, fed a log's events in order, with time advanced to a chosen moment. Pure. */
import type { CoreEvent } from '../events';
import type { State } from '../state';
import { initialState } from '../state';
import { step } from '../step';
import { beforeEvent } from './restarts';
import { LogGrids, foldWithGrids } from './logGrids';
import { nextTimer } from '../timers';
import { readLog, type LogSummary } from './eventLog';
import { observable } from '../selectors';
import { tickAt, windClock } from './boot';

/**
 * Events per `stepAll` when folding: big enough to amortise a run's fixed costs, small enough that a batch's
 * parsed events die young. With one immer draft per batch, a day's log (CPU time, parse + fold against parse
 * alone) gave 0.41-0.42 at 512, 0.37 at 4096, 0.25 at 65536; since most frames skip the draft (core/fast),
 * 64, 128, 512 and 2048 measured alike within the noise of a shared machine, so 512 stayed.
 */
const BATCH = 512;

export interface ReplayOptions {
  /** Replay only events with `at <= until`, then advance the clock to `until` (firing timers due by then). */
  until?: number;
  /**
   * Called after each event with the state before and after, for timelines. Slower: one draft per event, and
   * timers due before an event are fired by their own ticks, so their changes show at the time they happened.
   */
  onStep?: (before: State, after: State, event: CoreEvent) => void;
  /**
   * The map grids for hit-testing taps, as the live worker held them (core/map/logGrids.ts): give the log's
   * own when folding part of it, with `first`, the place of `events[0]` in the log. A fresh set by default.
   */
  grids?: LogGrids;
  first?: number;
}

/** Folds events into a state. Events must be in time order (the recorder writes them so). */
export function replay(events: readonly CoreEvent[], options: ReplayOptions = {}, start: State = initialState()): State {
  const until = options.until;
  const chosen = until === undefined ? events : events.filter((e) => e.at <= until);
  let state = start;
  const grids = options.grids ?? new LogGrids();
  const first = options.first ?? 0;
  const onStep = options.onStep;
  if (onStep) {
    // `index`: the place in the log of the next event, which ticks fired before it stand just ahead of.
    const visit = (event: CoreEvent, index: number) => {
      const result = step(beforeEvent(state, event), event, grids.sideAt(index));
      if (event.type !== 'tick') grids.record(index, result.effects);
      onStep(state, result.state, event);
      state = result.state;
    };
    const visitDueBefore = (at: number, index: number) => {
      for (let t = nextTimer(state.timers); t !== null && t.due < at; t = nextTimer(state.timers)) visit({ type: 'tick', at: t.due }, index);
    };
    chosen.forEach((event, k) => {
      // A restart leaves the old session's timers behind unfired, as the batch fold does.
      if (event.type !== 'shell/started') visitDueBefore(event.at, first + k);
      visit(event, first + k);
    });
    if (until !== undefined) {
      state = windClock(state);
      visitDueBefore(until, first + chosen.length);
      visit({ type: 'tick', at: until }, first + chosen.length);
    }
    return state;
  }
  for (let i = 0; i < chosen.length; i += BATCH) state = foldWithGrids(state, chosen.slice(i, i + BATCH), first + i, grids);
  if (until !== undefined) state = tickAt(state, until);
  return state;
}

/**
 * Reads and folds a log text in one pass, batch by batch, without keeping its events: the same final state
 * as `replay(parseLog(text).events, { until })`. For a day's log (a million events) this is the fast way:
 * holding every parsed event until the fold cost more garbage-collection time than the core spent stepping.
 */
export function replayLog(text: string, options: { until?: number } = {}, start: State = initialState()): LogSummary & { state: State } {
  const until = options.until;
  let state = start;
  // Folded once, front to back: the grids let go of old images as the live worker does.
  const grids = new LogGrids(true);
  let seen = 0;
  const summary = readLog(text, BATCH, (batch) => {
    state = foldWithGrids(state, until === undefined ? batch : batch.filter((e) => e.at <= until), seen, grids);
    seen += batch.length;
  });
  if (until !== undefined) state = tickAt(state, until);
  return { ...summary, state };
}

/**
 * What `npm run replay -- FILE --json` prints: the observable state, and the map screens' part a replayed
 * tap changes (the map version on show, the destination editor, the relocalization spot, following).
 */
export function replayedView(s: State) {
  return {
    ...observable(s),
    map: { version: s.map.version, editor: s.mapEdit.editor, relocalize: s.mapEdit.relocalize, following: s.follow.following },
  };
}
