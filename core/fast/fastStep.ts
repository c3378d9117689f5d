/**
 * A step without an immer draft, for the events a robot sends most (battery states, movement, alerts,
 * connection, follow-me and map frames, broken frames), the socket's own events, ticks, and the timers they
 * arm. A draft costs a proxy trap on every read and write and a finalisation per `produce`; replaying a day's
 * log spent most of its fold there. Each handler here is the plain-state twin of a drafted one and the step
 * runs the same order (due timers, then the event, then `wake`), so the result equals the drafted step's
 * (tests/core/fastStep.test.ts checks it event by event over a generated day, the fixtures and random
 * frames). Anything else, or a case a handler declines, answers false and the drafted step handles the event
 * from the same state. Pure.
 */
import type { CoreEvent } from '../events';
import type { State } from '../state';
import { nextTimer, type TimerId, type Timers } from '../timers';
import { FrameRejected, FrameUnknown, readFrame, unknownFrameLine } from '../wsMessage';
import { countdownFired, readyFired } from './movement';
import { fastFrame, fastReject } from './frames';
import { socketClosedFast, socketOpenedFast, socketRetriedFast } from './connection';
import { patched, withoutTimer, type FastWork } from './work';
import { batteriesUnknown } from '../slices/batteries';

/** The timers a draft-free step fires; another one due first sends the event to the drafted step. */
const FAST_TIMERS: ReadonlySet<TimerId> = new Set<TimerId>(['movementReady', 'countdown', 'robotDisconnect', 'wsRetry']);
/** The event types a draft-free step takes. */
const FAST_EVENTS: ReadonlySet<string> = new Set<CoreEvent['type']>(['ws/message', 'ws/opened', 'ws/closed', 'tick']);

/**
 * Whether a draft-free step is worth trying for `event`, given the timers (cheap: the type, and the timers due
 * by then). A true answer can still end in a decline.
 */
export function fastCandidate(event: CoreEvent, timers: Timers): boolean {
  if (!FAST_EVENTS.has(event.type)) return false;
  // No timer the draft-free step cannot fire is due by the event (read without `nextTimer`'s allocation).
  for (const key in timers) {
    const due = timers[key as TimerId];
    if (due !== undefined && due <= event.at && !FAST_TIMERS.has(key as TimerId)) return false;
  }
  return true;
}

/**
 * Steps `event` on the plain state `w.s` (see `resetWork`): true when taken, with the slices it changes in
 * `w` and its effects appended to `w.effects`; false, effects as they were, when the drafted step must
 * handle it.
 */
export function fastStep(w: FastWork, event: CoreEvent): boolean {
  if (!FAST_EVENTS.has(event.type)) return false;
  const at = event.at;
  if (typeof at !== 'number' || !Number.isFinite(at)) return false;
  if (stepped(w, event, at)) return true;
  w.effects.length = w.mark;
  return false;
}

function stepped(w: FastWork, event: CoreEvent, at: number): boolean {
  // The earliest due time, and whether a timer this step cannot fire is due by the event: one walk.
  let before: number | null = null;
  for (const key in w.timers) {
    const due = w.timers[key as TimerId];
    if (due === undefined) continue;
    if (due <= at && !FAST_TIMERS.has(key as TimerId)) return false;
    if (before === null || due < before) before = due;
  }
  if (before !== null && before <= at) {
    for (let t = nextTimer(w.timers); t !== null && t.due <= at; t = nextTimer(w.timers)) {
      w.timers = withoutTimer(w.timers, t.id);
      if (!fire(w, t.id, t.due)) return false;
    }
  }
  if (event.type === 'ws/message') {
    const read = readFrame(event);
    if (read instanceof FrameRejected) fastReject(w, at, read.source, read.reason);
    else if (read instanceof FrameUnknown) w.effects.push({ type: 'log', level: 'info', message: unknownFrameLine(read.name) });
    else if (!fastFrame(w, at, read)) return false;
  } else if (event.type === 'ws/opened') socketOpenedFast(w);
  else if (event.type === 'ws/closed') socketClosedFast(w, at);
  const after = w.timers === w.s.timers ? before : earliestDue(w.timers);
  if (after !== before) w.effects.push({ type: 'wake', at: after });
  return true;
}

/** The due time of `nextTimer(timers)`, without allocating its answer (this runs twice an event). */
function earliestDue(timers: Timers): number | null {
  let best: number | null = null;
  for (const key in timers) {
    const due = timers[key as TimerId];
    if (due !== undefined && (best === null || due < best)) best = due;
  }
  return best;
}

/** `fireTimer` (core/fire.ts) for the timers this step takes. */
function fire(w: FastWork, id: TimerId, at: number): boolean {
  switch (id) {
    case 'movementReady':
      return readyFired(w, at);
    case 'countdown':
      return countdownFired(w, at);
    case 'robotDisconnect':
      w.connection = patched(w.connection, { robot: false });
      w.batteries = batteriesUnknown(w.batteries);
      return true;
    case 'wsRetry':
      socketRetriedFast(w);
      return true;
    default:
      return false;
  }
}

/** Writes a taken step's slices over `root`, a state the caller owns (see core/step.ts). */
export function commitFast(root: State, w: FastWork): void {
  if (w.batteries !== root.batteries) root.batteries = w.batteries;
  if (w.alerts !== root.alerts) root.alerts = w.alerts;
  if (w.connection !== root.connection) root.connection = w.connection;
  if (w.follow !== root.follow) root.follow = w.follow;
  if (w.map !== root.map) root.map = w.map;
  if (w.movement !== root.movement) root.movement = w.movement;
  if (w.rejections !== root.rejections) root.rejections = w.rejections;
  if (w.timers !== root.timers) root.timers = w.timers;
}
