/** Robot and back-end connectivity: socket lifecycle, the 5 s robot-disconnect debounce, the health poll. */
import { cameBack, wentDark } from './shutdown';
import { log, type Ctx, type DraftState, type SliceCtx } from '../context';
import type { State } from '../state';
import { patched, plainOf } from '../patched';
import { request } from '../calls/request';
import type { CallError } from '../calls/pending';
import { setTimer } from '../timers';
import { batteriesUnknown } from '../batteries/batteries';
import { recheckSession } from '../session/serverSession';

export const HEALTH_INTERVAL_MS = 10_000;
export const WS_RETRY_MS = 5_000;
export const ROBOT_DISCONNECT_DEBOUNCE_MS = 5_000;
/** How long a start may take to reach the back end and the robot before the sync alert shows: the same 5 s. */
export const START_GRACE_MS = ROBOT_DISCONNECT_DEBOUNCE_MS;

type Connection = State['connection'];

/** At start: open the event socket and check health now and every 10 s after; a quiet start for up to 5 s. */
export function startConnection(d: DraftState, ctx: Ctx): void {
  d.connection = patched(openSocket(plainOf(d.connection), ctx), { starting: true });
  setTimer(d.timers, 'connectionGrace', ctx.at + START_GRACE_MS);
  pollHealth(d, ctx);
}

/** The start's grace is over: a back end or robot still out of reach now is a synchronisation issue. Pure. */
export function startGraceOver(c: Connection): Connection {
  return c.starting ? patched(c, { starting: false }) : c;
}

/** Both reachable: the start is over, and any later loss is said (after the robot's own debounce). Pure. */
function settled(c: Connection, ctx: Pick<SliceCtx, 'clearTimer'>): Connection {
  if (!c.starting || !c.backend || !c.robot) return c;
  ctx.clearTimer('connectionGrace');
  return patched(c, { starting: false });
}

function openSocket(c: Connection, ctx: Pick<Ctx, 'effects'>): Connection {
  ctx.effects.push({ type: 'ws/open' });
  return patched(c, { socket: 'connecting' });
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

/**
 * The socket layer raises backend/connected when /ws opens. Opened again after a close (not the renewal after a
 * login, which reports no close), the back end may have restarted: the session is checked at once. Pure.
 */
export function socketOpened(c: Connection, _data: unknown, ctx: SliceCtx): Connection {
  log(ctx, 'info', 'ws open');
  if (c.socket !== 'open') ctx.then(recheckSession);
  return settled(patched(c, { socket: 'open', backend: true }), ctx);
}

/** On close: backend/disconnected, and a retry in 5 s. The retry limit is never reached (spec 4.6). Pure. */
export function socketClosed(c: Connection, _data: unknown, ctx: SliceCtx): Connection {
  const next = backendDisconnected(patched(c, { socket: 'closed', retries: c.retries + 1 }), undefined, ctx);
  ctx.setTimer('wsRetry', ctx.at + WS_RETRY_MS);
  log(ctx, 'warn', `ws closed, retrying in ${WS_RETRY_MS / 1000} s`);
  return next;
}

/** The wsRetry timer. Pure. */
export function retrySocket(c: Connection, _data: unknown, ctx: SliceCtx): Connection {
  return openSocket(c, ctx);
}

export function backendConnected(c: Connection, _data: unknown, ctx: SliceCtx): Connection {
  return settled(patched(c, { backend: true }), ctx);
}

/** backend/disconnected marks both the back end and the robot disconnected. Pure. */
export function backendDisconnected(c: Connection, _data: unknown, ctx: SliceCtx): Connection {
  ctx.clearTimer('robotDisconnect');
  forgetCharges(ctx);
  return patched(c, { backend: false, robot: false, shutdown: wentDark(c.shutdown) });
}

/**
 * The robot is out of reach: the charges it last reported are no longer known (the icons show the level for a
 * missing charge until a fresh battery state). Another slice's change, done after this one's, with no draft: a
 * day's log disconnects ten thousand times, and a draft for each cost a quarter of the fold.
 */
function forgetCharges(ctx: SliceCtx): void {
  ctx.also('batteries', batteriesUnknown);
}

export function robotConnected(c: Connection, _data: unknown, ctx: SliceCtx): Connection {
  ctx.clearTimer('robotDisconnect');
  return settled(patched(c, { robot: true, shutdown: cameBack(c.shutdown) }), ctx);
}

/** The first disconnect after start is delayed 5 s and cancelled by a reconnect; later ones apply at once. Pure. */
export function robotDisconnected(c: Connection, _data: unknown, ctx: SliceCtx): Connection {
  if (!c.firstRobotDisconnectSeen) {
    ctx.setTimer('robotDisconnect', ctx.at + ROBOT_DISCONNECT_DEBOUNCE_MS);
    return patched(c, { firstRobotDisconnectSeen: true, shutdown: wentDark(c.shutdown) });
  }
  forgetCharges(ctx);
  return patched(c, { robot: false, shutdown: wentDark(c.shutdown) });
}

/** The robotDisconnect timer. */
export function robotDisconnectDue(c: Connection, _data: unknown, ctx: SliceCtx): Connection {
  forgetCharges(ctx);
  return patched(c, { robot: false });
}
