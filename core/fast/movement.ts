/**
 * The movement frames and the movement's two timers on plain state: twins of core/slices/movement.ts and of
 * `lookUpDefinition` (core/missions/movementLoad.ts), write for write. Declined (false) where the drafted
 * step would navigate (a departure from noMission) or start the missions load (a request), which stay the
 * drafted step's. Pure.
 */
import type { State } from '../state';
import type { WsData } from '../schemas/ws';
import { movementDefinition } from '../missions/views';
import { COUNTDOWN_TICK_MS, READY_DISPATCH_DELAY_MS } from '../slices/movement';
import { copied, patched, withTimer, withoutTimer, type FastWork } from './work';

type Movement = State['movement'];
type Progress = 'movement/started' | 'movement/arriving' | 'movement/completed' | 'movement/failed';

/** started gives moving, arriving gives arriving, completed gives inActivity, failed gives failed. */
function nextState(event: Progress): Movement['state'] {
  switch (event) {
    case 'movement/started':
      return 'moving';
    case 'movement/arriving':
      return 'arriving';
    case 'movement/completed':
      return 'inActivity';
    case 'movement/failed':
      return 'failed';
  }
}

/** `movementReady`. */
export function movementReadied(w: FastWork, at: number, data: WsData<'movement/ready'>): boolean {
  const m = copied(w.movement);
  m.pendingReady = { missionId: data.mission_definition_id, stepIndex: data.step_index, duration: data.duration };
  w.movement = m;
  w.timers = withTimer(w.timers, 'movementReady', at + READY_DISPATCH_DELAY_MS);
  return true;
}

/** `readyDue` (the movementReady timer, or a progress frame that overtook it), at time `at`. */
export function readyFired(w: FastWork, at: number): boolean {
  const m = w.movement;
  const ready = m.pendingReady;
  if (!ready) return true;
  if (m.state === 'noMission') return false; // opens the movement page: the drafted step navigates
  const newStep = m.missionId !== ready.missionId || m.stepIndex !== ready.stepIndex;
  const seconds = Math.ceil(ready.duration);
  const next = copied(m);
  next.pendingReady = null;
  next.state = 'departing';
  next.pause = 'none';
  if (newStep) {
    next.activityIndex = 0;
    next.tasks = { message: false, delivery: false, pickup: false, activity: false };
  }
  next.missionId = ready.missionId;
  next.stepIndex = ready.stepIndex;
  next.timerSeconds = seconds;
  next.durationSeconds = seconds;
  w.movement = next;
  if (seconds > 0) w.timers = withTimer(w.timers, 'countdown', at + COUNTDOWN_TICK_MS);
  return definitionLookedUp(w);
}

/** `countdownDue`, at time `at`. */
export function countdownFired(w: FastWork, at: number): boolean {
  const m = w.movement;
  if (m.state !== 'departing' || m.timerSeconds <= 0) return true;
  const next = copied(m);
  const timerSeconds = (next.timerSeconds = m.timerSeconds - 1);
  w.movement = next;
  if (timerSeconds > 0) w.timers = withTimer(w.timers, 'countdown', at + COUNTDOWN_TICK_MS);
  return true;
}

/** `movementProgress`. */
export function movementProgressed(w: FastWork, at: number, event: Progress, data: WsData<Progress>): boolean {
  if (w.movement.pendingReady) {
    w.timers = withoutTimer(w.timers, 'movementReady');
    if (!readyFired(w, at)) return false;
  }
  const m = w.movement;
  const activityIndex = m.stepIndex === data.step_index && m.missionId === data.mission_definition_id ? m.activityIndex : 0;
  const state = nextState(event);
  const pause = event === 'movement/failed' ? 'none' : m.pause;
  const failReason = event === 'movement/failed' ? ((data as WsData<'movement/failed'>).reason ?? null) : m.failReason;
  const { mission_definition_id: missionId, step_index: stepIndex } = data;
  // Object.is, as immer compares a write with the value it replaces.
  const is = Object.is;
  const same =
    is(activityIndex, m.activityIndex) && state === m.state && pause === m.pause && is(missionId, m.missionId) && is(stepIndex, m.stepIndex) && is(m.timerSeconds, 0) && failReason === m.failReason;
  if (!same) {
    const next = copied(m);
    next.activityIndex = activityIndex;
    next.state = state;
    next.pause = pause;
    next.missionId = missionId;
    next.stepIndex = stepIndex;
    next.timerSeconds = 0;
    next.failReason = failReason;
    w.movement = next;
  }
  w.timers = withoutTimer(w.timers, 'countdown');
  return definitionLookedUp(w);
}

/**
 * `lookUpDefinition`: a known definition checks the step (`checkStep`); an unknown one starts the missions
 * load, which is a no-op while one is under way and otherwise declined (it sends requests).
 */
function definitionLookedUp(w: FastWork): boolean {
  const m = w.movement;
  if (m.missionId === null) return true;
  const def = movementDefinition({ movement: m, missions: w.s.missions });
  if (def) {
    w.movement = patched(m, { error: m.stepIndex < def.steps.length ? null : 'startMovementFailed' });
    return true;
  }
  return w.s.missions.status === 'pending';
}
