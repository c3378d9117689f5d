/**
 * The core's one entry point. `step(state, event)` is pure and total: it fires the timers due by `event.at`,
 * handles the event, and returns the next state with the effects for the shell. It never throws: an input
 * that breaks a handler is recorded as a rejection and changes nothing else.
 */
import type { Effect } from './effects';
import type { CoreEvent } from './events';
import type { State } from './state';
import { nextTimer } from './timers';
import { fireTimer } from './fire';
import { handleEvent } from './handle';
import { lastRejectionReason, rejected } from './rejections';
import type { MapSide } from './map/grid';
import { PAGE_HOOKS as pages } from './areas';
import { onSlice, Turn } from './turn';

const REJECT = onSlice('rejections', rejected);

export interface StepResult {
  state: State;
  effects: Effect[];
}

/** An event the core rejected in a batch: its place in the batch, and the reason recorded last for it. */
export interface Rejected {
  index: number;
  reason: string;
}

/** One event. Pure. `side` holds the decoded map grids beside the state (see core/map/grid.ts). */
export function step(state: State, event: CoreEvent, side?: MapSide): StepResult {
  const effects: Effect[] = [];
  const turn = new Turn(state, 0, effects, pages, side);
  try {
    stepOne(turn, event);
    return { state: turn.state, effects };
  } catch (error) {
    const type = typeof (event as { type?: unknown })?.type === 'string' ? (event as { type: string }).type : '?';
    const failed = new Turn(state, Number.isFinite(event?.at) ? event.at : 0, [], pages, side);
    failed.apply(REJECT, { source: `event ${type}`, reason: `handler failed: ${String(error)}` });
    return { state: failed.state, effects: failed.effects };
  }
}

/**
 * Many events in order, in one turn: the same states and effects as stepping them one by one. `marks`, when
 * given, gets `effects.length` after each event (which event made which effect); `rejected` lists the events
 * the core rejected. If a handler throws, the batch is stepped again one by one (see `step`).
 */
export function stepAll(state: State, events: readonly CoreEvent[], side?: MapSide, marks?: number[]): StepResult & { rejected: Rejected[] } {
  const effects: Effect[] = [];
  const rejected: Rejected[] = [];
  const marked = marks?.length ?? 0;
  const turn = new Turn(state, 0, effects, pages, side);
  try {
    for (let i = 0; i < events.length; i++) {
      const count = turn.state.rejections.count;
      stepOne(turn, events[i]!);
      if (turn.state.rejections.count !== count) rejected.push({ index: i, reason: lastRejectionReason(turn.state) });
      marks?.push(effects.length);
    }
    return { state: turn.state, effects, rejected };
  } catch {
    if (marks) marks.length = marked;
    effects.length = 0;
    rejected.length = 0;
    for (let i = 0; i < events.length; i++) {
      const r = step(state, events[i]!, side);
      if (r.state.rejections.count !== state.rejections.count) rejected.push({ index: i, reason: lastRejectionReason(r.state) });
      state = r.state;
      effects.push(...r.effects);
      marks?.push(effects.length);
    }
    return { state, effects, rejected };
  }
}

/** Fires every timer due by the event in due order, handles the event, and asks to be woken when the next is due. */
function stepOne(turn: Turn, event: CoreEvent): void {
  const at = event.at;
  if (typeof at !== 'number' || !Number.isFinite(at)) {
    turn.at = 0;
    return turn.apply(REJECT, { source: 'event', reason: 'event has no valid time' });
  }
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
