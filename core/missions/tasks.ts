/**
 * The arrival tasks and the task check (spec 4.1, 4.4): message, delivery, pickup, then the activity is
 * completed and the movement goes on to the next activity, the next step, or back to the list. Also pause,
 * resume, stop and the failed state's Ok. The activity status calls go out one at a time, in order.
 */
import { current, isDraft } from 'immer';
import type { Ctx, DraftState } from '../context';
import { request } from '../calls/request';
import { navigate } from '../navigate';
import { clearTimer, setTimer } from '../timers';
import { currentActivity, DELIVERY_ID, PICKUP_ID } from './views';
import { isLoadEmpty } from './load';
import { initialMovementExtra } from './types';
import { COUNTDOWN_TICK_MS } from '../movement/movement';
import { failedAcknowledged, missionEnded } from './runs';
import { logOut } from '../session/serverSession';


function sendNext(d: DraftState, ctx: Ctx): void {
  const m = d.movement;
  const queued = m.outbox.shift();
  m.sending = queued !== undefined;
  if (!queued) return;
  // The effect outlives this step: hand it plain data, not the draft.
  const next = isDraft(queued) ? current(queued) : queued;
  request(d, ctx, 'activityStatus', 'PUT', next.path, next.body);
}

/** Queues an activity status call for the current step and activity (api.md: step index, activity idx). */
function report(d: DraftState, ctx: Ctx, idx: number, body: Record<string, unknown>): void {
  d.movement.outbox.push({ path: `api/current_mission/step/${d.movement.stepIndex}/activity/${idx}/status`, body });
  if (!d.movement.sending) sendNext(d, ctx);
}

/** An activity status call answered (or failed, which is logged): the next one goes. */
export function statusAnswered(d: DraftState, ctx: Ctx): void {
  sendNext(d, ctx);
}

/** Back to no mission, keeping the calls still to send. */
function resetMovement(d: DraftState): void {
  const { outbox, sending } = d.movement;
  Object.assign(d.movement, initialMovementExtra(), { state: 'noMission', missionId: null, stepIndex: 0, timerSeconds: 0, pendingReady: null, error: null });
  d.movement.outbox = outbox;
  d.movement.sending = sending;
  clearTimer(d.timers, 'countdown');
  clearTimer(d.timers, 'movementReady');
}

/** The task check (spec 4.1), run after the activity task and after each message, delivery or pickup task. */
export function taskCheck(d: DraftState, ctx: Ctx): void {
  const cur = currentActivity(d);
  if (!cur) return;
  const m = d.movement;
  const a = cur.activity;
  const loaded = !isLoadEmpty({ left: a.load_location_left, right: a.load_location_right });
  if (a.message !== '' && !m.tasks.message) m.state = 'inMessage';
  else if (a.activity_id === DELIVERY_ID && loaded && !m.tasks.delivery) m.state = 'inDelivery';
  else if (a.activity_id === PICKUP_ID && loaded && !m.tasks.pickup) m.state = 'inPickup';
  else completeActivity(d, ctx, cur.def.steps.length, cur.step.activities.length, a.idx);
}

function completeActivity(d: DraftState, ctx: Ctx, steps: number, activities: number, idx: number): void {
  const m = d.movement;
  m.tasks = { message: false, delivery: false, pickup: false, activity: false };
  report(d, ctx, idx, { status: 'completed' });
  const lastActivity = m.activityIndex >= activities - 1;
  m.state = !lastActivity ? 'inActivity' : m.stepIndex >= steps - 1 ? 'noMission' : 'waitingForInstructions';
  m.activityIndex = (m.activityIndex + 1) % activities;
  if (m.state === 'noMission') {
    missionEnded(d, ctx, m.missionId, 'completed', null);
    resetMovement(d);
    navigate(d, ctx, '/missions');
  }
}

/** 'Manage {activity}'. */
export function activityManaged(d: DraftState, ctx: Ctx): void {
  if (d.movement.state !== 'inActivity') return;
  d.movement.tasks.activity = true;
  taskCheck(d, ctx);
}

/** 'I read the message': refused while a required confirmation is not ticked. */
export function messageRead(d: DraftState, ctx: Ctx, confirmed: boolean): void {
  const cur = currentActivity(d);
  if (d.movement.state !== 'inMessage' || !cur) return;
  if (cur.activity.message_read_required && !confirmed) return;
  report(d, ctx, cur.activity.idx, { message: 'read' });
  d.movement.tasks.message = true;
  taskCheck(d, ctx);
}

/** 'Done' on the delivery or pickup list: the selected objects are reported. */
export function objectsDone(d: DraftState, ctx: Ctx, items: string[]): void {
  const cur = currentActivity(d);
  const state = d.movement.state;
  if (!cur || (state !== 'inDelivery' && state !== 'inPickup')) return;
  const list = items.filter((x) => typeof x === 'string');
  if (state === 'inDelivery') {
    report(d, ctx, cur.activity.idx, { delivered: list });
    d.movement.tasks.delivery = true;
  } else {
    report(d, ctx, cur.activity.idx, { 'picked-up': list });
    d.movement.tasks.pickup = true;
  }
  taskCheck(d, ctx);
}

/**
 * A tap during the departure pauses the mission: the call, the countdown held where it is (Resume goes on from
 * there, issue 34), the dialog.
 */
export function movementTapped(d: DraftState, ctx: Ctx): void {
  const m = d.movement;
  if (m.state !== 'departing' || m.pause !== 'none') return;
  request(d, ctx, 'missionControl', 'PUT', 'api/current_mission/pause');
  clearTimer(d.timers, 'countdown');
  m.pause = 'dialog';
}

export function movementResumed(d: DraftState, ctx: Ctx): void {
  const m = d.movement;
  if (m.pause === 'none') return;
  request(d, ctx, 'missionControl', 'PUT', 'api/current_mission/resume');
  m.pause = 'none';
  if (m.state === 'departing' && m.timerSeconds > 0) setTimer(d.timers, 'countdown', ctx.at + COUNTDOWN_TICK_MS);
}

export function stopAsked(d: DraftState): void {
  if (d.movement.pause === 'dialog') d.movement.pause = 'confirmStop';
}

export function stopCancelled(d: DraftState): void {
  if (d.movement.pause === 'confirmStop') d.movement.pause = 'dialog';
}

/** The confirmed stop and the failed state's Ok: cancel, reset, and log the person out to /login. */
export function missionCancelled(d: DraftState, ctx: Ctx): void {
  const m = d.movement;
  const confirmed = m.pause === 'confirmStop' || m.state === 'failed';
  if (!confirmed) return;
  if (m.state === 'failed') {
    missionEnded(d, ctx, m.missionId, 'failed', m.failReason);
    failedAcknowledged(d, ctx, m.missionId);
  } else {
    missionEnded(d, ctx, m.missionId, 'stopped', null);
    request(d, ctx, 'missionControl', 'PUT', 'api/current_mission/cancel');
  }
  resetMovement(d);
  logOut(d, ctx);
  navigate(d, ctx, '/login');
}
