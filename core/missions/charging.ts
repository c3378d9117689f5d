/**
 * 'Start charging mission' on the low-battery overlay, after its one confirmation: the robot is sent to Base
 * at once (issue 18), without the quick wizard's activity, recipients, load and message. The destinations are
 * read fresh, since Base may have been made since the list loaded (the back end makes it at the dock when the
 * first map starts). Lives apart from the alerts slice, so the first screen's selectors do not pull it in.
 */
import type { Ctx, DraftState } from '../context';
import { log } from '../context';
import type { CallError } from '../calls/pending';
import { request } from '../calls/request';
import type { Destination, MissionDefinition } from '../schemas/entities';
import { navigate } from '../navigate';
import { overlayType, skipAlert } from '../alerts/alerts';
import { ANYONE_ID, DELIVERY_ID, isBase } from './views';
import { missionQueued } from './runs';

export function chargingMission(d: DraftState, ctx: Ctx): void {
  if (overlayType(d) !== 'batteries' || d.missions.charging === 'pending') return;
  skipAlert(d);
  d.missions.charging = 'pending';
  request(d, ctx, 'chargingBase', 'GET', 'api/destinations');
}

/** The destinations: a quick mission to Base, for anyone, with nothing to carry and no message. */
export function chargingBaseFound(d: DraftState, ctx: Ctx, data: Destination[]): void {
  const base = data.find(isBase);
  if (!base) {
    d.missions.charging = 'noBase';
    navigate(d, ctx, '/missions');
    return;
  }
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

/** Queued: the list shows it waiting until the robot departs (then its movement page opens). */
export function chargingCreated(d: DraftState, ctx: Ctx, def: MissionDefinition): void {
  d.missions.charging = 'idle';
  missionQueued(d, def.id);
  navigate(d, ctx, '/missions');
}

export function chargingFailed(d: DraftState, ctx: Ctx, error: CallError): void {
  d.missions.charging = 'failed';
  log(ctx, 'warn', `charging mission not started: ${error.code}`);
  navigate(d, ctx, '/missions');
}
