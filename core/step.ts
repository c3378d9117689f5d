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
import { commitFast, fastCandidate, fastStep } from './fast/fastStep';
import { freezeDeep, resetWork, startWork } from './fast/work';

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
 * Steps events in order. Most robot frames take the draft-free step (core/fast/fastStep.ts), written into a
 * shallow copy of the state that this run owns; the others run on an immer draft, one per stretch of events
 * the draft-free step does not take (a frame it declines is redone on the draft from the same state).
 *
 * On a draft, timers are read before and after every event, and through immer's proxy each read cost more
 * than handling a whole robot frame. So for the stretch `timers` is a plain copy, which immer leaves
 * undrafted and freezes when it finishes. Handlers change timers only through `setTimer`/`clearTimer` on
 * `d.timers`, never by replacing the object (checked at the end of the stretch). When the timers end as they
 * began, the original object is put back, and when nothing changed at all the original state is returned,
 * as immer would. `marks`, when given, gets `effects.length` after each event (core/map/logGrids.ts reads
 * which event made which effect).
 */
function run(state: State, events: readonly CoreEvent[], effects: Effect[], side?: MapSide, marks?: number[]): State {
  let cur = state;
  let owned = false; // `cur` is this run's own shallow copy, written in place
  const work = startWork(state, effects);
  let i = 0;
  while (i < events.length) {
    resetWork(work, cur);
    if (fastStep(work, events[i]!)) {
      if (!owned) cur = { ...cur };
      owned = true;
      commitFast(cur, work);
      marks?.push(effects.length);
      i++;
      continue;
    }
    // immer deep-freezes what it produces, walking every unfrozen object in it: freeze the owned copy first
    // (a walk of the slices written since the last draft), or each draft would walk it again.
    [cur, i] = drafted(owned ? freezeDeep(cur) : cur, events, i, effects, side, marks);
    owned = false;
    work.freshBatteries = null; // frozen into the state the draft started from
  }
  if (cur.timers !== state.timers && sameTimers(cur.timers, state.timers)) {
    if (!owned) cur = { ...cur };
    owned = true;
    cur.timers = state.timers;
  }
  if (sameSlices(state, cur)) return state;
  return owned ? freezeDeep(cur) : cur;
}

/**
 * Steps `events` from `i` on one draft, at least one event and on while the next is not one for the draft-free
 * step; returns the state and the index of the first event not stepped.
 */
function drafted(base: State, events: readonly CoreEvent[], i: number, effects: Effect[], side?: MapSide, marks?: number[]): [State, number] {
  const next = produce(base, (d) => {
    const timers: Timers = { ...base.timers };
    d.timers = timers;
    let due = nextTimer(timers);
    do {
      due = apply(d, timers, events[i]!, effects, due, side);
      marks?.push(effects.length);
      i++;
    } while (i < events.length && !fastCandidate(events[i]!, timers));
    if (d.timers !== timers) throw new Error('a handler replaced state.timers instead of setting them');
    if (sameTimers(timers, base.timers)) d.timers = base.timers;
  });
  return [next, i];
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
 * One event on a draft, never by the draft-free step: the reference tests/core/fastStep.test.ts holds the
 * draft-free step (core/fast) to. Not for the app: `step` is the same function, faster.
 */
export function draftStep(state: State, event: CoreEvent, side?: MapSide): StepResult {
  const effects: Effect[] = [];
  const next = drafted(state, [event], 0, effects, side)[0];
  return { state: sameSlices(state, next) ? state : next, effects };
}

/**
 * Many events at once: the same result as stepping them one by one, at a fraction of the cost (one `produce`
 * per event is about 12 times slower than parsing them). If any handler throws, the batch is redone one event
 * at a time so the rejection is recorded on a clean state. `marks`, when given, gets `effects.length` after
 * each event, so a caller can tell which event made which effect.
 */
export function stepAll(state: State, events: readonly CoreEvent[], side?: MapSide, marks?: number[]): StepResult {
  const effects: Effect[] = [];
  const marked = marks?.length ?? 0;
  try {
    return { state: run(state, events, effects, side, marks), effects };
  } catch {
    if (marks) marks.length = marked;
    let current = state;
    const all: Effect[] = [];
    for (const event of events) {
      const r = step(current, event, side);
      current = r.state;
      all.push(...r.effects);
      marks?.push(all.length);
    }
    return { state: current, effects: all };
  }
}
