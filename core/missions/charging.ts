/**
 * 'Start charging mission' on the low-battery overlay, after its one confirmation: the robot is sent to Base
 * at once (issue 18); a mission it is on is stopped for it, as the confirmation said (issue 42). The charging mission is its own kind (issue 34): POST api/mission/charging, one step to
 * Base with no activity; at Base the movement page says it is charging, and 'Stop charging' ends it. A back end
 * without that call (404 or 405 other than `no_base`) gets the older quick mission to Base for anyone, whose
 * destinations are read fresh, since Base may have been made since the list loaded. Lives apart from the
 * alerts slice, so the first screen's selectors do not pull it in.
 */
import type { Ctx, DraftState } from '../context';
import { log } from '../context';
import type { CallError } from '../calls/pending';
import { request, requestResendable } from '../calls/request';
import type { Destination, MissionDefinition } from '../schemas/entities';
import { navigate } from '../navigate';
import { acknowledgeBatteries, batteryAlertsBack, overlayType, skipAlert } from '../alerts/alerts';
import { ANYONE_ID, DELIVERY_ID, isBase } from './views';
import { missionEnded, missionQueued } from './runs';
import { missionChargingStops } from './chargeNow';
import { clearMovement } from './pause';
import { movementDefinition, isCharging } from './views';

export function chargingMission(d: DraftState, ctx: Ctx): void {
  if (overlayType(d) !== 'batteries' || d.missions.charging === 'pending') return;
  skipAlert(d);
  // Both batteries' alerts are answered by the charging, through later logins and reconnections (issue 34).
  acknowledgeBatteries(d);
  d.missions.charging = 'pending';
  // Refused by a session that ended (a back end restarted), it goes out again after the login (issue 42).
  requestResendable(d, ctx, 'chargingMission', 'POST', 'api/mission/charging');
}

/** The charging call refused: no Base, or a back end without the call (then the older quick mission). */
export function chargingCallFailed(d: DraftState, ctx: Ctx, error: CallError): void {
  if (error.code === 'no_base') {
    d.missions.charging = 'noBase';
    batteryAlertsBack(d);
    navigate(d, ctx, '/missions');
  } else if (error.status === 404 || error.status === 405) request(d, ctx, 'chargingBase', 'GET', 'api/destinations');
  else chargingFailed(d, ctx, error);
}

/**
 * 'Stop charging' on the movement page: the charging mission ends (recorded as stopped) and the operator goes
 * to the missions; no login is asked for, as nothing of a recipient's is at stake. If the back end ended it
 * already (full), its cancel answers 409, which is only logged.
 */
export function chargingStopped(d: DraftState, ctx: Ctx): void {
  if (!isCharging(movementDefinition(d))) return;
  request(d, ctx, 'missionControl', 'PUT', 'api/current_mission/cancel');
  clearMovement(d);
  // Stopped below the threshold, the low battery is unanswered again: its alert comes back.
  batteryAlertsBack(d);
  navigate(d, ctx, '/missions');
}

/** The destinations: a quick mission to Base, for anyone, with nothing to carry and no message. */
export function chargingBaseFound(d: DraftState, ctx: Ctx, data: Destination[]): void {
  const base = data.find(isBase);
  if (!base) {
    d.missions.charging = 'noBase';
    batteryAlertsBack(d);
    navigate(d, ctx, '/missions');
    return;
  }
  // An older back end queues it behind the mission the robot is on: that one is stopped first, as the
  // confirmation said.
  if (missionChargingStops(d)) request(d, ctx, 'missionControl', 'PUT', 'api/current_mission/cancel');
  request(d, ctx, 'chargingDefinition', 'POST', 'api/mission/definition/quick', {
    destination_id: base.id,
    activity_id: DELIVERY_ID,
    recipient_id: ANYONE_ID,
    load_location_left: [],
    load_location_right: [],
    message: '',
    message_read_required: false,
  });
}

/**
 * Queued at the front: the list (and a movement page) shows it waiting until the robot departs, then its
 * movement page opens. The mission the robot was on has been stopped for it (recorded as stopped by the back
 * end): it ends here too, so the charge's departure opens its page.
 */
export function chargingCreated(d: DraftState, ctx: Ctx, def: MissionDefinition): void {
  d.missions.charging = 'idle';
  const stopped = missionChargingStops(d);
  if (stopped && stopped.id !== def.id) {
    missionEnded(d, ctx, stopped.id, 'stopped', null);
    clearMovement(d);
  }
  if (!d.missions.definitions.some((x) => x.id === def.id)) d.missions.definitions.push(def);
  missionQueued(d, def.id);
  navigate(d, ctx, '/missions');
}

export function chargingFailed(d: DraftState, ctx: Ctx, error: CallError): void {
  batteryAlertsBack(d);
  d.missions.charging = 'failed';
  log(ctx, 'warn', `charging mission not started: ${error.code}`);
  navigate(d, ctx, '/missions');
}
