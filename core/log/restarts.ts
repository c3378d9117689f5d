/**
 * A kiosk's own log spans restarts: each page load starts a new worker from the initial state and records a
 * `shell/started`. So a fold starts afresh at every `shell/started`, as the kiosk did, and a log of several
 * sessions replays each one exactly (request ids, timers and all). Pure.
 */
import type { CoreEvent } from '../events';
import { initialState, type State } from '../state';
import { stepAll } from '../step';
import type { MapSide } from '../map/grid';

/** The state before `event`: the initial one when the event starts the app, else `state` itself. */
export function beforeEvent(state: State, event: CoreEvent): State {
  return event.type === 'shell/started' ? initialState() : state;
}

/**
 * Folds events in order (one draft per session in the batch), starting afresh at each `shell/started`. `side`
 * holds the map grids for hit-testing (see core/map/logGrids.ts for a replay's).
 */
export function foldEvents(state: State, events: readonly CoreEvent[], side?: MapSide): State {
  let from = 0;
  for (let i = 0; i < events.length; i++) {
    if (events[i]!.type !== 'shell/started') continue;
    if (i > from) state = stepAll(state, events.slice(from, i), side).state;
    state = initialState();
    from = i;
  }
  if (from === 0) return stepAll(state, events, side).state;
  return from < events.length ? stepAll(state, events.slice(from), side).state : state;
}
