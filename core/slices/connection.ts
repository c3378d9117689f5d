/** Robot and back-end connectivity: socket lifecycle, the 5 s robot-disconnect debounce, the health poll. */
import { log, type Ctx, type DraftState } from '../context';
import { request } from '../calls/request';
import type { CallError } from '../calls/pending';
import { clearTimer, setTimer } from '../timers';
import { batteriesUnknown } from './batteries';

export const HEALTH_INTERVAL_MS = 10_000;
export const WS_RETRY_MS = 5_000;
export const ROBOT_DISCONNECT_DEBOUNCE_MS = 5_000;

/** At start: open the event socket and check health now and every 10 s after. */
export function startConnection(d: DraftState, ctx: Ctx): void {
  openSocket(d, ctx);
  pollHealth(d, ctx);
}

function openSocket(d: DraftState, ctx: Ctx): void {
  d.connection.socket = 'connecting';
  ctx.effects.push({ type: 'ws/open' });
}

export function pollHealth(d: DraftState, ctx: Ctx): void {
  request(d, ctx, 'health', 'GET', '/healthz');
  setTimer(d.timers, 'health', ctx.at + HEALTH_INTERVAL_MS);
}

export function healthAnswered(d: DraftState, data: unknown): void {
  const ok = typeof data === 'object' && data !== null && (data as { ok?: unknown }).ok === true;
  d.connection.health = ok ? 'good' : 'unknown';
}

export function healthFailed(d: DraftState, _ctx: Ctx, _error: CallError): void {
  d.connection.health = 'unknown';
}

/** The socket layer raises backend/connected when /ws opens. */
export function socketOpened(d: DraftState, ctx: Ctx): void {
  d.connection.socket = 'open';
  backendConnected(d);
  log(ctx, 'info', 'ws open');
}

/** On close: backend/disconnected, and a retry in 5 s. The retry limit is never reached (spec 4.6). */
export function socketClosed(d: DraftState, ctx: Ctx): void {
  d.connection.socket = 'closed';
  backendDisconnected(d);
  d.connection.retries += 1;
  setTimer(d.timers, 'wsRetry', ctx.at + WS_RETRY_MS);
  log(ctx, 'warn', `ws closed, retrying in ${WS_RETRY_MS / 1000} s`);
}

export function retrySocket(d: DraftState, ctx: Ctx): void {
  openSocket(d, ctx);
}

export function backendConnected(d: DraftState): void {
  d.connection.backend = true;
}

/** backend/disconnected marks both the back end and the robot disconnected. */
export function backendDisconnected(d: DraftState): void {
  d.connection.backend = false;
  d.connection.robot = false;
  clearTimer(d.timers, 'robotDisconnect');
  forgetCharges(d);
}

function forgetCharges(d: DraftState): void {
  const next = batteriesUnknown(d.batteries);
  if (next !== d.batteries) d.batteries = next;
}

export function robotConnected(d: DraftState): void {
  d.connection.robot = true;
  clearTimer(d.timers, 'robotDisconnect');
}

/** The first disconnect after start is delayed 5 s and cancelled by a reconnect; later ones apply at once. */
export function robotDisconnected(d: DraftState, ctx: Ctx): void {
  if (!d.connection.firstRobotDisconnectSeen) {
    d.connection.firstRobotDisconnectSeen = true;
    setTimer(d.timers, 'robotDisconnect', ctx.at + ROBOT_DISCONNECT_DEBOUNCE_MS);
    return;
  }
  d.connection.robot = false;
  forgetCharges(d);
}

export function robotDisconnectDue(d: DraftState): void {
  d.connection.robot = false;
  forgetCharges(d);
}
