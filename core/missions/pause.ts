/**
 * Pausing a moving robot from its screen (issue 18): the large Pause control is on screen whenever the robot
 * is departing, moving or arriving, and opens the pause dialog of spec 2.4 (resume and stop as a tap during
 * the departure does). And Power Off while a mission runs stops the mission first. Pure reducers and views.
 */
import type { Ctx, DraftState } from '../context';
import type { State } from '../state';
import { request } from '../calls/request';
import { clearTimer } from '../timers';
import { navigate } from '../navigate';
import { missionEnded } from './runs';
import { initialMovementExtra } from './types';
import { missionRunning } from './running';
import { shutdownAsked } from '../connection/shutdown';

export { missionRunning };

const PAUSABLE = new Set<State['movement']['state']>(['departing', 'moving', 'arriving']);

/** Whether the Pause control shows: the robot is on its way and not paused already. */
export function canPause(s: Pick<State, 'movement'>): boolean {
  return PAUSABLE.has(s.movement.state) && s.movement.pause === 'none';
}

/** 'Pause': the call, a departure's countdown held where it is (as a tap does), and the pause dialog. */
export function pausePressed(d: DraftState, ctx: Ctx): void {
  const m = d.movement;
  if (!canPause(d)) return;
  request(d, ctx, 'missionControl', 'PUT', 'api/current_mission/pause');
  if (m.state === 'departing') clearTimer(d.timers, 'countdown');
  m.pause = 'dialog';
}


/** The movement is over on the kiosk's side: back to no mission (activity reports still queued go out). */
export function clearMovement(d: DraftState): void {
  const { outbox, sending } = d.movement;
  Object.assign(d.movement, initialMovementExtra(), { state: 'noMission', missionId: null, stepIndex: 0, timerSeconds: 0, pendingReady: null, error: null, outbox, sending });
  d.missions.current = null;
  clearTimer(d.timers, 'countdown');
  clearTimer(d.timers, 'movementReady');
}

/** Power Off confirmed while a mission runs: the mission is stopped (recorded as stopped), then the robot goes off. */
export function powerOffWithStop(d: DraftState, ctx: Ctx): void {
  if (missionRunning(d)) {
    request(d, ctx, 'missionControl', 'PUT', 'api/current_mission/cancel');
    missionEnded(d, ctx, d.movement.missionId ?? d.missions.current?.definition_id ?? null, 'stopped', null);
    clearMovement(d);
    if (d.route.path.startsWith('/movement/')) navigate(d, ctx, '/missions');
  }
  shutdownAsked(d);
  request(d, ctx, 'shutdown', 'PUT', 'api/system/shutdown');
}
