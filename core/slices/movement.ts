/** The movement state machine driven by the robot's movement/* events, and its departure countdown. */
import type { Ctx, DraftState } from '../context';
import type { WsData } from '../schemas/ws';
import { clearTimer, setTimer } from '../timers';
import { navigate } from '../navigate';
import { lookUpDefinition } from '../missions/movementLoad';

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

/** Departing: the countdown starts; coming from noMission with a mission id, the movement page opens. */
export function readyDue(d: DraftState, ctx: Ctx): void {
  const ready = d.movement.pendingReady;
  if (!ready) return;
  const wasIdle = d.movement.state === 'noMission';
  const newStep = wasIdle || d.movement.missionId !== ready.missionId || d.movement.stepIndex !== ready.stepIndex;
  d.movement.pendingReady = null;
  d.movement.state = 'departing';
  d.movement.pause = 'none';
  if (newStep) {
    d.movement.activityIndex = 0;
    d.movement.tasks = { message: false, delivery: false, pickup: false, activity: false };
  }
  d.movement.missionId = ready.missionId;
  d.movement.stepIndex = ready.stepIndex;
  d.movement.timerSeconds = Math.ceil(ready.duration);
  d.movement.durationSeconds = d.movement.timerSeconds;
  if (d.movement.timerSeconds > 0) setTimer(d.timers, 'countdown', ctx.at + COUNTDOWN_TICK_MS);
  lookUpDefinition(d, ctx);
  if (wasIdle) navigate(d, ctx, `/movement/${ready.missionId}`);
}

export function countdownDue(d: DraftState, ctx: Ctx): void {
  if (d.movement.state !== 'departing' || d.movement.timerSeconds <= 0) return;
  d.movement.timerSeconds -= 1;
  if (d.movement.timerSeconds > 0) setTimer(d.timers, 'countdown', ctx.at + COUNTDOWN_TICK_MS);
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
  // The robot already left (a short countdown, or a fast robot): the departure it announced happens first, so
  // the movement page still opens from noMission.
  if (d.movement.pendingReady) {
    clearTimer(d.timers, 'movementReady');
    readyDue(d, ctx);
  }
  if (d.movement.stepIndex !== data.step_index || d.movement.missionId !== data.mission_definition_id) d.movement.activityIndex = 0;
  d.movement.state = NEXT[event];
  if (event === 'movement/failed') d.movement.pause = 'none';
  d.movement.missionId = data.mission_definition_id;
  d.movement.stepIndex = data.step_index;
  d.movement.timerSeconds = 0;
  clearTimer(d.timers, 'countdown');
  lookUpDefinition(d, ctx);
}
