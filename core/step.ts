/**
 * The core's one entry point. `step(state, event)` is pure and total: it fires the timers due by `event.at`
 * in due order, hands the event to its handler, and returns the next state with the effects for the shell
 * (`wake` among them when the next due time moved). It never throws: an input that breaks a handler is
 * recorded as a rejection and changes nothing else.
 */
import type { Effect } from './effects';
import type { CoreEvent } from './events';
import type { State } from './state';
import type { MapSide } from './map/grid';
import { nextTimer } from './timers';
import { fireTimer } from './fire';
import { handleEvent, knownEvent } from './handle';
import { lastRejectionReason, rejected as withRejection } from './rejections';
import { PAGE_HOOKS } from './areas';
import { onSlice, Turn } from './turn';

const REJECT = onSlice('rejections', withRejection);

export type StepResult = { state: State; effects: Effect[] };

/** An event the core rejected in a batch: its place in the batch, and the reason recorded last for it. */
export type Rejected = { index: number; reason: string };

/** One event. Pure. `side` holds the decoded map grids beside the state (see core/map/grid.ts). */
export function step(state: State, event: CoreEvent, side?: MapSide): StepResult {
  const { state: next, effects } = stepAll(state, [event], side);
  return { state: next, effects };
}

/**
 * Events in order, with the states and effects of stepping them one by one. `marks`, when given, gets
 * `effects.length` after each event (which event made which effect); `rejected` lists the events rejected.
 * `observe`, when given, is shown the state after each event (a replay's timeline compares slices event by
 * event, core/log/markers.ts): the turn's own state, which it goes on writing, so it is read during the call
 * only; its slices are replaced, never changed, and may be kept.
 */
export function stepAll(state: State, events: readonly CoreEvent[], side?: MapSide, marks?: number[], observe?: (index: number, state: State) => void): StepResult & { rejected: Rejected[] } {
  let turn = new Turn(state, 0, [], PAGE_HOOKS, side);
  const rejected: Rejected[] = [];
  for (let index = 0; index < events.length; index++) {
    const event = events[index]!;
    const count = turn.state.rejections.count;
    try {
      stepOne(turn, event);
    } catch (error) {
      // A handler threw halfway: the event changes nothing but the rejections (the events before it stepped anew).
      const redo = stepAll(state, events.slice(0, index), side);
      turn = new Turn(redo.state, Number.isFinite(event?.at) ? event.at : 0, redo.effects, PAGE_HOOKS, side);
      turn.apply(REJECT, unhandled(event, `handler failed: ${String(error)}`));
    }
    if (turn.state.rejections.count !== count) rejected.push({ index, reason: lastRejectionReason(turn.state) });
    marks?.push(turn.effects.length);
    observe?.(index, turn.state);
  }
  return { state: turn.state, effects: turn.effects, rejected };
}

/** Fires every timer due by the event in due order, handles the event, and asks to be woken when the next is due. */
function stepOne(turn: Turn, event: CoreEvent): void {
  const at = event.at;
  if (typeof at !== 'number' || !Number.isFinite(at)) {
    turn.at = 0;
    return turn.apply(REJECT, { source: 'event', reason: 'event has no valid time' });
  }
  turn.at = at;
  // A type no table holds (from a log) is rejected before any timer fires, as if its handler had failed.
  if (!knownEvent(event)) return turn.apply(REJECT, unhandled(event, `handler failed: Error: unhandled: ${JSON.stringify(event)}`));
  const before = turn.nextDue();
  for (let t = before !== null && before <= at ? nextTimer(turn.timers()) : null; t !== null && t.due <= at; t = nextTimer(turn.timers())) {
    turn.at = t.due;
    turn.clearTimer(t.id);
    fireTimer(turn, t.id, at);
  }
  turn.at = at;
  handleEvent(turn, event);
  turn.settle();
  const after = turn.nextDue();
  if (after !== before) turn.effects.push({ type: 'wake', at: after });
}

function unhandled(event: CoreEvent, reason: string) {
  return { source: `event ${typeof event?.type === 'string' ? event.type : '?'}`, reason };
}
