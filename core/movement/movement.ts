/** The movement state machine driven by the robot's movement/* events, and its departure countdown. */
import type { SliceCtx } from '../context';
import type { State } from '../state';
import type { WsData } from '../schemas/ws';
import { navigate } from '../navigate';
import { lookUpDefinition } from '../missions/movementLoad';
import { departureChanges, missionDeparted } from '../missions/runs';

export const READY_DISPATCH_DELAY_MS = 1_000;
export const COUNTDOWN_TICK_MS = 1_000;

type Movement = State['movement'];

/** movement/ready is dispatched after 1 s (spec 4.2). Pure. */
export function movementReady(m: Movement, data: WsData<'movement/ready'>, ctx: SliceCtx): Movement {
  ctx.setTimer('movementReady', ctx.at + READY_DISPATCH_DELAY_MS);
  const next = { ...m }; // copied, then written: a spread with overrides is slower in V8
  next.pendingReady = { missionId: data.mission_definition_id, stepIndex: data.step_index, duration: data.duration };
  return next;
}

/** Departing: the countdown starts; coming from noMission with a mission id, the movement page opens. Pure. */
export function readyDue(m: Movement, _data: unknown, ctx: SliceCtx): Movement {
  const ready = m.pendingReady;
  if (!ready) return m;
  const wasIdle = m.state === 'noMission';
  const newStep = wasIdle || m.missionId !== ready.missionId || m.stepIndex !== ready.stepIndex;
  // The same departure announced again (the robot resumed it): the countdown goes on from where it was paused,
  // one second a step, rather than jumping back to the announced duration (issue 34).
  // An announced 0 is the robot leaving now, which stands.
  const resumed = !newStep && m.state === 'departing' && m.timerSeconds > 0 && ready.duration > 0;
  const seconds = resumed ? m.timerSeconds : Math.ceil(ready.duration);
  const next = { ...m };
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
  if (!resumed) next.durationSeconds = seconds;
  // A running countdown keeps its beat: a second tick set now would skip a second.
  if (seconds > 0 && !(resumed && ctx.state.timers.countdown !== undefined)) ctx.setTimer('countdown', ctx.at + COUNTDOWN_TICK_MS);
  const looked = lookUpDefinition(next, ctx);
  if (wasIdle)
    ctx.then((d, c) => {
      missionDeparted(d, ready.missionId);
      navigate(d, c, `/movement/${ready.missionId}`);
    });
  // A queued mission the robot took up while this kiosk still followed another (stopped for a charge, issue 42)
  // no longer waits. Asked of the state first: a draft of the whole state for every ready frame of a robot's
  // log, where there is nothing to change, cost the replay a fifth of its speed (bench:replay 0.87 -> 0.68).
  else if (m.missionId !== ready.missionId && departureChanges(ctx.state, ready.missionId)) ctx.then((d) => missionDeparted(d, ready.missionId));
  return looked;
}

export function countdownDue(m: Movement, _data: unknown, ctx: SliceCtx): Movement {
  if (m.state !== 'departing' || m.timerSeconds <= 0) return m;
  const timerSeconds = m.timerSeconds - 1;
  if (timerSeconds > 0) ctx.setTimer('countdown', ctx.at + COUNTDOWN_TICK_MS);
  const next = { ...m };
  next.timerSeconds = timerSeconds;
  return next;
}

export type Progress = 'movement/started' | 'movement/arriving' | 'movement/completed' | 'movement/failed';
const NEXT: Record<Progress, 'moving' | 'arriving' | 'inActivity' | 'failed'> = {
  'movement/started': 'moving',
  'movement/arriving': 'arriving',
  'movement/completed': 'inActivity',
  'movement/failed': 'failed',
};

/** started gives moving, arriving gives arriving, completed gives inActivity, failed gives failed. Pure. */
export function movementProgress(event: Progress) {
  return (before: Movement, data: WsData<Progress>, ctx: SliceCtx): Movement => {
    let m = before;
    // The robot already left (a short countdown, or a fast robot): the departure it announced happens first, so
    // the movement page still opens from noMission.
    if (m.pendingReady) {
      ctx.clearTimer('movementReady');
      m = readyDue(m, undefined, ctx);
    }
    const failed = event === 'movement/failed';
    const activityIndex = m.stepIndex === data.step_index && m.missionId === data.mission_definition_id ? m.activityIndex : 0;
    const state = NEXT[event];
    const pause = failed ? 'none' : m.pause;
    const failReason = failed ? ((data as WsData<'movement/failed'>).reason ?? null) : m.failReason;
    // Compared field by field as `patched` would (a repeated frame keeps the slice), written out: a frame of
    // every ten in a day's log comes here, and the generic loop over a literal of changes cost four times this.
    const same =
      Object.is(m.activityIndex, activityIndex) &&
      m.state === state &&
      m.pause === pause &&
      m.failReason === failReason &&
      Object.is(m.missionId, data.mission_definition_id) &&
      Object.is(m.stepIndex, data.step_index) &&
      Object.is(m.timerSeconds, 0);
    if (!same) {
      m = { ...m };
      m.activityIndex = activityIndex;
      m.state = state;
      m.pause = pause;
      m.failReason = failReason;
      m.missionId = data.mission_definition_id;
      m.stepIndex = data.step_index;
      m.timerSeconds = 0;
    }
    ctx.clearTimer('countdown');
    return lookUpDefinition(m, ctx);
  };
}
