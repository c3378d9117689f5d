/** The movement state machine driven by the robot's movement/* events, and its departure countdown. */
import type { Ctx, DraftState } from '../context';
import type { WsData } from '../schemas/ws';
import { clearTimer, setTimer } from '../timers';
import { navigate } from '../navigate';
import { lookUpDefinition } from '../missions/movementLoad';
import { missionDeparted } from '../missions/runs';

export const READY_DISPATCH_DELAY_MS = 1_000;
export const COUNTDOWN_TICK_MS = 1_000;

/** movement/ready is dispatched after 1 s (spec 4.2). */
export function movementReady(d: DraftState, ctx: Ctx, data: WsData<'movement/ready'>): void {
  d.movement.pendingReady = {
    missionId: data.mission_definition_id,
    stepIndex: data.step_index,
    duration: data.duration,
  };
  setTimer(d.timers, 'movementReady', ctx.at + READY_DISPATCH_DELAY_MS);
}

/**
 * Departing: the countdown starts; coming from noMission with a mission id, the movement page opens. The
 * slice's draft is read once into `m` (and in the handlers below): each `d.movement` costs a proxy trap, and a
 * robot sends these many times a minute.
 */
export function readyDue(d: DraftState, ctx: Ctx): void {
  const m = d.movement;
  const ready = m.pendingReady;
  if (!ready) return;
  const wasIdle = m.state === 'noMission';
  const newStep = wasIdle || m.missionId !== ready.missionId || m.stepIndex !== ready.stepIndex;
  m.pendingReady = null;
  m.state = 'departing';
  m.pause = 'none';
  if (newStep) {
    m.activityIndex = 0;
    m.tasks = { message: false, delivery: false, pickup: false, activity: false };
  }
  m.missionId = ready.missionId;
  m.stepIndex = ready.stepIndex;
  const seconds = Math.ceil(ready.duration);
  m.timerSeconds = seconds;
  m.durationSeconds = seconds;
  if (seconds > 0) setTimer(d.timers, 'countdown', ctx.at + COUNTDOWN_TICK_MS);
  lookUpDefinition(d, ctx);
  if (wasIdle) {
    missionDeparted(d, ready.missionId);
    navigate(d, ctx, `/movement/${ready.missionId}`);
  }
}

export function countdownDue(d: DraftState, ctx: Ctx): void {
  const m = d.movement;
  if (m.state !== 'departing' || m.timerSeconds <= 0) return;
  m.timerSeconds -= 1;
  if (m.timerSeconds > 0) setTimer(d.timers, 'countdown', ctx.at + COUNTDOWN_TICK_MS);
}

type Progress = 'movement/started' | 'movement/arriving' | 'movement/completed' | 'movement/failed';
const NEXT: Record<Progress, 'moving' | 'arriving' | 'inActivity' | 'failed'> = {
  'movement/started': 'moving',
  'movement/arriving': 'arriving',
  'movement/completed': 'inActivity',
  'movement/failed': 'failed',
};

/** started gives moving, arriving gives arriving, completed gives inActivity, failed gives failed. */
export function movementProgress(d: DraftState, ctx: Ctx, event: Progress, data: WsData<Progress>): void {
  const m = d.movement;
  // The robot already left (a short countdown, or a fast robot): the departure it announced happens first, so
  // the movement page still opens from noMission.
  if (m.pendingReady) {
    clearTimer(d.timers, 'movementReady');
    readyDue(d, ctx);
  }
  if (m.stepIndex !== data.step_index || m.missionId !== data.mission_definition_id) m.activityIndex = 0;
  m.state = NEXT[event];
  if (event === 'movement/failed') {
    m.pause = 'none';
    m.failReason = (data as WsData<'movement/failed'>).reason ?? null;
  }
  m.missionId = data.mission_definition_id;
  m.stepIndex = data.step_index;
  m.timerSeconds = 0;
  clearTimer(d.timers, 'countdown');
  lookUpDefinition(d, ctx);
}
