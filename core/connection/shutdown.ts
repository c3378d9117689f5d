/**
 * Power Off asked by the operator (issue 34: Confirm gave no feedback, and 4 s later the sync banner blamed the
 * connection): the kiosk says the robot is shutting down, and the robot going dark that follows is expected,
 * so no sync alert is raised for it. The robot coming back (a simulator boots again) ends it. Pure reducers.
 */
import type { DraftState } from '../context';
import type { ConnectionState } from './state';

/** Power Off confirmed: the shutdown is asked for (the call goes out beside this). */
export function shutdownAsked(d: DraftState): void {
  d.connection.shutdown = 'asked';
}

/** The shutdown call was refused or never answered: the robot stays on, and the page says so. */
export function shutdownFailed(d: DraftState): void {
  if (d.connection.shutdown === 'asked') d.connection.shutdown = 'failed';
}

/** Ok on the refusal's notice. */
export function shutdownDismissed(d: DraftState): void {
  if (d.connection.shutdown === 'failed') d.connection.shutdown = 'idle';
}

/** The robot or the back end went out of reach: after an asked shutdown, that is the robot switching off. */
export function wentDark(shutdown: ConnectionState['shutdown']): ConnectionState['shutdown'] {
  return shutdown === 'asked' ? 'off' : shutdown;
}

/** The robot is reachable again: a shutdown it went dark for is over (it was powered on again). */
export function cameBack(shutdown: ConnectionState['shutdown']): ConnectionState['shutdown'] {
  return shutdown === 'off' ? 'idle' : shutdown;
}

/** Whether the robot is shutting down on the operator's word: the sync alert stays quiet meanwhile. Pure. */
export function shuttingDown(c: Pick<ConnectionState, 'shutdown'>): boolean {
  return c.shutdown === 'asked' || c.shutdown === 'off';
}
