/**
 * The core's one entry point. `step(state, event)` is pure and total: it fires the timers due by `event.at`,
 * handles the event, and returns the next state with the effects for the shell. It never throws: an input
 * that breaks a handler is recorded as a rejection and changes nothing else.
 */
import { produce } from 'immer';
import type { Ctx, DraftState, PageHooks } from './context';
import type { Effect } from './effects';
import type { CoreEvent } from './events';
import type { State } from './state';
import { nextTimer, type TimerId, type Timers } from './timers';
import { fireTimer } from './fire';
import { handleEvent } from './handle';
import { reject } from './rejections';
import type { MapSide } from './map/grid';
import { enterPage, leavePage } from './slices/pages';

/** The page hooks every context carries (see Ctx.pages). */
const pages: PageHooks = { enter: enterPage, leave: leavePage };

export interface StepResult {
  state: State;
  effects: Effect[];
}

type Next = { id: TimerId; due: number } | null;

/**
 * Fires the due timers, then handles the event, on a draft. `timers` is the draft's own `timers` object, a
 * plain one for the run (see `run`), read here directly: each read through the draft costs a proxy trap.
 * `next` is the earliest timer before the event; returns the earliest after it, so a batch scans the timers
 * once per event instead of three times.
 */
function apply(d: DraftState, timers: Timers, event: CoreEvent, effects: Effect[], next: Next, side?: MapSide): Next {
  const before = next?.due ?? null;
  const at = typeof event.at === 'number' && Number.isFinite(event.at) ? event.at : Number.NaN;
  if (Number.isNaN(at)) {
    reject(d, { at: 0, effects, pages }, 'event', 'event has no valid time');
    return next;
  }
  for (let t = next; t !== null && t.due <= at; t = nextTimer(timers)) {
    delete timers[t.id];
    fireTimer(d, { at: t.due, effects, pages }, t.id, at);
  }
  handleEvent(d, (side ? { at, effects, pages, side } : { at, effects, pages }) satisfies Ctx, event);
  const after = nextTimer(timers);
  if ((after?.due ?? null) !== before) effects.push({ type: 'wake', at: after?.due ?? null });
  return after;
}

/**
 * Steps events in order on one draft. Timers are read before and after every event, and through immer's
 * proxy each read cost more than handling a whole robot frame (a profile of the replay benchmark put 40% of
 * the time in `nextTimer`). So for the run `timers` is a plain copy, which immer leaves undrafted and freezes
 * when it finishes; when the timers end as they began, the original object is put back, and when nothing
 * changed at all the original state is returned, as immer would. Handlers change timers only through
 * `setTimer`/`clearTimer` on `d.timers`, never by replacing the object (checked at the end of the run).
 */
function run(state: State, events: readonly CoreEvent[], effects: Effect[], side?: MapSide): State {
  const next = produce(state, (d) => {
    const timers: Timers = { ...state.timers };
    d.timers = timers;
    let due = nextTimer(timers);
    for (const event of events) due = apply(d, timers, event, effects, due, side);
    if (d.timers !== timers) throw new Error('a handler replaced state.timers instead of setting them');
    if (sameTimers(timers, state.timers)) d.timers = state.timers;
  });
  return sameSlices(state, next) ? state : next;
}

function sameTimers(a: Timers, b: Timers): boolean {
  let n = 0;
  for (const id in a) {
    if (a[id as TimerId] !== b[id as TimerId]) return false;
    n++;
  }
  return n === Object.keys(b).length;
}

function sameSlices(a: State, b: State): boolean {
  if (a === b) return true;
  for (const key in b) if (a[key as keyof State] !== b[key as keyof State]) return false;
  return Object.keys(a).length === Object.keys(b).length;
}

/** One event. Pure. `side` holds the decoded map grids beside the state (see core/map/grid.ts). */
export function step(state: State, event: CoreEvent, side?: MapSide): StepResult {
  const effects: Effect[] = [];
  try {
    return { state: run(state, [event], effects, side), effects };
  } catch (error) {
    const failed: Effect[] = [];
    const type = typeof (event as { type?: unknown })?.type === 'string' ? (event as { type: string }).type : '?';
    const next = produce(state, (d) => {
      const at = Number.isFinite(event?.at) ? event.at : 0;
      reject(d, { at, effects: failed, pages }, `event ${type}`, `handler failed: ${String(error)}`);
    });
    return { state: next, effects: failed };
  }
}

/**
 * Many events in one immer draft: the same result as stepping them one by one, at a fraction of the cost
 * (one `produce` per event is about 12 times slower than parsing them). If any handler throws, the batch is
 * redone one event at a time so the rejection is recorded on a clean state.
 */
export function stepAll(state: State, events: readonly CoreEvent[], side?: MapSide): StepResult {
  const effects: Effect[] = [];
  try {
    return { state: run(state, events, effects, side), effects };
  } catch {
    let current = state;
    const all: Effect[] = [];
    for (const event of events) {
      const r = step(current, event, side);
      current = r.state;
      all.push(...r.effects);
    }
    return { state: current, effects: all };
  }
}
