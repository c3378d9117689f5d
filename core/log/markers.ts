/**
 * Timeline markers for a loaded log (alert, movement, route and connection changes, rejected inputs, the
 * operator's actions and the kiosk's marked starts), found
 * in the very fold that indexes the log: it looks at the state after each event and compares the few slices a
 * marker is read from, so a change is found at its moment, even one undone a few events later, with no second
 * fold.
 * They are read from state fields, not from event internals, so a new movement phase or route shows without
 * touching this file; only an operator's action and a marked start are read from the event (`marksItself`).
 * Pure.
 */
import type { CoreEvent } from '../events';
import type { State } from '../state';
import { step } from '../step';
import { earliestDue, nextTimer } from '../timers';
import { describeChanges, marksItself, type TimelineEntry } from './timeline';
import { foldWithGrids, type LogGrids } from './logGrids';

/** Where the markers found go, one at a time: an array, or a filter in front of one (core/log/logIndex.ts). */
export interface MarkerSink {
  push(marker: TimelineEntry): unknown;
}

/**
 * Folds `events`, which stand at `first` in the log, from `state` with the log's map grids (`foldWithGrids`, in
 * batches), and appends the markers they make to `out`: after each event the fold hands over its state
 * (`stepAll`'s observer), whose watched slices are compared with those before the event, so the markers are a
 * one-event-at-a-time replay's (`replay` with `onStep`, core/log/replay.ts), which the tests hold it to. An
 * event before which timers are due is stepped again on its own for its markers (`timerMarkers`). Stepping
 * each event alone instead cost about half as much again as the batched fold (bench/README.md at f0de46c).
 */
export function foldMarked(state: State, events: readonly CoreEvent[], first: number, grids: LogGrids, out: MarkerSink): State {
  // The watched slices before the next event (the fold writes its state in place between events).
  const before = watched(state);
  // The state before the next event when timers are due before it (a copy: the fold writes on), else null.
  let timed: State | null = dueBefore(state, events[0]!) ? state : null;
  return foldWithGrids(state, events, first, grids, (i, after) => {
    const event = events[i]!;
    if (timed !== null) timerMarkers(timed, event, first + i, grids, out);
    else if (marksItself(event) || changedFrom(before, after)) for (const m of describeChanges(before as State, after, event)) out.push(m);
    take(before, after);
    const next = events[i + 1];
    timed = next !== undefined && dueBefore(after, next) ? { ...after } : null;
  });
}

/** Whether timers are due before `event` (a restart starts afresh: none are). */
function dueBefore(state: State, event: CoreEvent): boolean {
  if (event.type === 'shell/started') return false;
  const due = earliestDue(state.timers);
  return due !== null && due < event.at;
}

/**
 * The slices a marker is read from (`describeChanges`): replaced, never written in place, so kept by reference.
 * `teleop` is read only for an operator's action (`marksItself`), so a change of it alone is no marker.
 */
type Watched = Pick<State, 'route' | 'alerts' | 'connection' | 'movement' | 'follow' | 'map' | 'mapEdit' | 'rejections' | 'teleop'>;

function watched(s: State): Watched {
  return { route: s.route, alerts: s.alerts, connection: s.connection, movement: s.movement, follow: s.follow, map: s.map, mapEdit: s.mapEdit, rejections: s.rejections, teleop: s.teleop };
}

function take(w: Watched, s: State): void {
  w.route = s.route;
  w.alerts = s.alerts;
  w.connection = s.connection;
  w.movement = s.movement;
  w.follow = s.follow;
  w.map = s.map;
  w.mapEdit = s.mapEdit;
  w.rejections = s.rejections;
  w.teleop = s.teleop;
}

/** Whether `describeChanges(a, b)` can find anything: a watched slice was replaced, or a rejection counted. */
function changedFrom(a: Watched, b: State): boolean {
  return (
    a.route !== b.route ||
    a.alerts !== b.alerts ||
    a.connection !== b.connection ||
    a.movement !== b.movement ||
    a.follow !== b.follow ||
    a.map !== b.map ||
    a.mapEdit.panel !== b.mapEdit.panel ||
    a.rejections.count !== b.rejections.count
  );
}

/**
 * The markers of an event before which timers are due, as a one-event-at-a-time replay finds them: each due
 * timer fired by a tick of its own at its due time, then the event. Only the markers are kept: the fold goes
 * on from the event's own step, in whose turn the timers fire (with the event's time as their horizon).
 */
function timerMarkers(state: State, event: CoreEvent, index: number, grids: LogGrids, out: MarkerSink): void {
  const visit = (e: CoreEvent) => {
    const next = step(state, e, grids.movingSide(index)).state;
    if (marksItself(e) || changedFrom(state, next)) for (const m of describeChanges(state, next, e)) out.push(m);
    state = next;
  };
  for (let t = nextTimer(state.timers); t !== null && t.due < event.at; t = nextTimer(state.timers)) visit({ type: 'tick', at: t.due });
  visit(event);
}
