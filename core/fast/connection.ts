/**
 * The socket's own events and the connection frames on plain state: twins of core/slices/connection.ts,
 * write for write (see fastStep.ts). Pure.
 */
import { ROBOT_DISCONNECT_DEBOUNCE_MS, WS_RETRY_MS } from '../slices/connection';
import { patched, withTimer, withoutTimer, type FastWork } from './work';
import { batteriesUnknown } from '../slices/batteries';

/** `socketOpened`. */
export function socketOpenedFast(w: FastWork): void {
  w.connection = patched(w.connection, { socket: 'open', backend: true });
  w.effects.push({ type: 'log', level: 'info', message: 'ws open' });
}

/** `socketClosed`. */
export function socketClosedFast(w: FastWork, at: number): void {
  w.connection = patched(w.connection, { socket: 'closed', backend: false, robot: false, retries: w.connection.retries + 1 });
  w.batteries = batteriesUnknown(w.batteries);
  w.timers = withTimer(withoutTimer(w.timers, 'robotDisconnect'), 'wsRetry', at + WS_RETRY_MS);
  w.effects.push({ type: 'log', level: 'warn', message: `ws closed, retrying in ${WS_RETRY_MS / 1000} s` });
}

/** `retrySocket` (the wsRetry timer). */
export function socketRetriedFast(w: FastWork): void {
  w.connection = patched(w.connection, { socket: 'connecting' });
  w.effects.push({ type: 'ws/open' });
}

/** `robotConnected`. */
export function robotConnectedFast(w: FastWork): void {
  w.connection = patched(w.connection, { robot: true });
  w.timers = withoutTimer(w.timers, 'robotDisconnect');
}

/** `robotDisconnected`: the first disconnect after start is debounced. */
export function robotDisconnectedFast(w: FastWork, at: number): void {
  if (!w.connection.firstRobotDisconnectSeen) {
    w.connection = patched(w.connection, { firstRobotDisconnectSeen: true });
    w.timers = withTimer(w.timers, 'robotDisconnect', at + ROBOT_DISCONNECT_DEBOUNCE_MS);
  } else {
    w.connection = patched(w.connection, { robot: false });
    w.batteries = batteriesUnknown(w.batteries);
  }
}

/** `backendDisconnected`. */
export function backendDisconnectedFast(w: FastWork): void {
  w.connection = patched(w.connection, { backend: false, robot: false });
  w.timers = withoutTimer(w.timers, 'robotDisconnect');
  w.batteries = batteriesUnknown(w.batteries);
}
