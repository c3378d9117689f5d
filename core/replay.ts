/** The replay fold: the same core, fed a log's events in order, with time advanced to a chosen moment. Pure. */
import type { CoreEvent } from './events';
import type { State } from './state';
import { initialState } from './state';
import { stepAll, step } from './step';

export interface ReplayOptions {
  /** Replay only events with `at <= until`, then advance the clock to `until` (firing timers due by then). */
  until?: number;
  /** Called after each event with the state before and after, for timelines. Slower: one draft per event. */
  onStep?: (before: State, after: State, event: CoreEvent) => void;
}

/** Folds events into a state. Events must be in time order (the recorder writes them so). */
export function replay(events: readonly CoreEvent[], options: ReplayOptions = {}, start: State = initialState()): State {
  const until = options.until;
  const chosen = until === undefined ? events : events.filter((e) => e.at <= until);
  let state = start;
  if (options.onStep) {
    for (const event of chosen) {
      const next = step(state, event).state;
      options.onStep(state, next, event);
      state = next;
    }
  } else {
    const BATCH = 4096;
    for (let i = 0; i < chosen.length; i += BATCH) state = stepAll(state, chosen.slice(i, i + BATCH)).state;
  }
  if (until !== undefined) {
    const tick: CoreEvent = { type: 'tick', at: until };
    const next = step(state, tick).state;
    options.onStep?.(state, next, tick);
    state = next;
  }
  return state;
}
