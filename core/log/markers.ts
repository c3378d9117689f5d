/**
 * Timeline markers for a loaded log (alert, movement, route and connection changes, rejected inputs), found
 * in the very fold that indexes the log: it steps one event at a time and compares the few slices a marker is
 * read from, so a change is found at its moment, even one undone a few events later, with no second fold.
 * They are read from state fields, not from event internals, so a new movement phase or route shows without
 * touching this file. Pure.
 */
import type { CoreEvent } from '../events';
import { initialState, type State } from '../state';
import { step } from '../step';
import { earliestDue, nextTimer } from '../timers';
import { imageHolder } from './logImages';
import { describeChanges, type TimelineEntry } from './timeline';
import type { LogGrids } from './logGrids';

/** Whether `describeChanges(a, b)` can find anything: a watched slice was replaced, or a rejection counted. */
function changed(a: State, b: State): boolean {
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
 * Folds `events`, which stand at `first` in the log, from `state` with the log's map grids, one event at a
 * time, and appends the markers they make to `out`. Returns the state after them: the same as `foldWithGrids`
 * (core/log/logGrids.ts) gives, since `step` one by one equals `stepAll` (core/step.ts), and with the same
 * markers as a one-event-at-a-time replay (`replay` with `onStep`, core/log/replay.ts), which the tests hold
 * it to. Stepping each event alone costs about half as much again as stepping a batch in one turn, where a
 * second fold to find the markers cost four times the fold (bench/README.md).
 */
export function foldMarked(state: State, events: readonly CoreEvent[], first: number, grids: LogGrids, out: TimelineEntry[]): State {
  for (let i = 0; i < events.length; i++) {
    const event = events[i]!;
    const index = first + i;
    const restart = event.type === 'shell/started';
    const due = restart ? null : earliestDue(state.timers);
    // Timers due before the event fire in its turn; a marker of theirs belongs at their own time.
    if (due !== null && due < event.at) timerMarkers(state, event, index, grids, out);
    const result = step(restart ? initialState() : state, event, grids.movingSide(index));
    if (imageHolder(event) !== null) grids.record(index, result.effects);
    if (due === null || due >= event.at) {
      if (changed(state, result.state)) for (const m of describeChanges(state, result.state, event)) out.push(m);
    }
    state = result.state;
  }
  return state;
}

/**
 * The markers of an event before which timers are due, as a one-event-at-a-time replay finds them: each due
 * timer fired by a tick of its own at its due time, then the event. Only the markers are kept: the fold goes
 * on from the event's own step, in whose turn the timers fire (with the event's time as their horizon).
 */
function timerMarkers(state: State, event: CoreEvent, index: number, grids: LogGrids, out: TimelineEntry[]): void {
  const visit = (e: CoreEvent) => {
    const next = step(state, e, grids.movingSide(index)).state;
    if (changed(state, next)) for (const m of describeChanges(state, next, e)) out.push(m);
    state = next;
  };
  for (let t = nextTimer(state.timers); t !== null && t.due < event.at; t = nextTimer(state.timers)) visit({ type: 'tick', at: t.due });
  visit(event);
}
