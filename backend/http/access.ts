/**
 * Which calls need a session (api.md "Sessions"), written once for the simulator, the ROS back end and the
 * pass-through server. The order is always: the forged-request guards (guard.ts), then these rules, then the
 * route. A refused call answers 401 `unauthenticated` before its body is read, so it changes nothing.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import { ApiError } from './router';
import { type Caller, type SessionStore, sessionIdOf } from './sessions';

/** What the rules need to know about the server they guard. */
export interface SessionRules {
  sessions: SessionStore;
  /** Whether a request from this address comes from the robot's own screen (default: `isLoopback`). */
  isRobotScreen: (remoteAddress: string) => boolean;
  /** Whether a super administrator PIN exists (until then the first-use wizard's early steps are public). */
  hasPin: () => boolean | Promise<boolean>;
  /** Whether the current mission is at step `step` (the robot's screen may then report its activities). */
  missionAtStep: (step: number) => boolean | Promise<boolean>;
}

/** Calls answered to anyone (api.md); keyed `METHOD /path`. */
const PUBLIC = new Set([
  'GET /healthz',
  'GET /api/settings',
  'GET /api/reset-prize',
  'GET /api/auth/session',
  'POST /api/auth',
  'POST /api/auth/login',
  'POST /api/auth/logout',
]);
/**
 * Answered without a session while no PIN exists: the wizard's language, date, name and shelf steps come before
 * its first-access page. `PATCH api/settings` is then public only without `superadmin_pin`, which its handler
 * checks once the body is read (settingsRoutes.ts).
 */
const PUBLIC_UNTIL_PIN = new Set(['PATCH /api/settings', 'POST /api/datetime']);
/** The robot's screen serves whoever stands at the robot: the mission's state and its arrival tasks. */
const ROBOT_SCREEN_READ = 'GET /api/current_mission';
const ARRIVAL = /^\/api\/current_mission\/step\/([0-9]+)\/activity\/[0-9]+\/status$/;

/** The refusal every guarded call gets without a live session. */
export const unauthenticated = () => new ApiError(401, 'unauthenticated', 'this call needs a session: log in with the PIN first');

/** Whether an address is the machine's own (127.0.0.0/8, ::1, or either mapped into IPv6). */
export function isLoopback(remoteAddress: string): boolean {
  const a = remoteAddress.toLowerCase().replace(/^::ffff:/, '');
  if (isIP(a) === 4) return a.startsWith('127.');
  return a === '::1';
}

/** The caller of `req`, its session touched (a call is activity). */
export function callerOf(req: IncomingMessage, rules: SessionRules): Caller {
  return {
    session: rules.sessions.touch(sessionIdOf(req)),
    robotScreen: rules.isRobotScreen(req.socket.remoteAddress ?? ''),
  };
}

/** Applies the session rules to an HTTP call of `path`: the caller, or the 401 to answer. */
export async function admit(req: IncomingMessage, path: string, rules: SessionRules): Promise<Caller | ApiError> {
  const caller = callerOf(req, rules);
  if (caller.session || (await isOpenTo(caller, req.method ?? 'GET', path, rules))) return caller;
  return unauthenticated();
}

/** Whether a caller with no session may make this call. */
async function isOpenTo(caller: Caller, method: string, rawPath: string, rules: SessionRules): Promise<boolean> {
  // The router takes one trailing slash as the same path; so must the rules, or `/api/settings/` would differ.
  const path = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
  const call = `${method} ${path}`;
  if (PUBLIC.has(call)) return true;
  if (PUBLIC_UNTIL_PIN.has(call)) return !(await rules.hasPin());
  if (!caller.robotScreen) return false;
  if (call === ROBOT_SCREEN_READ) return true;
  const arrival = method === 'PUT' ? ARRIVAL.exec(path) : null;
  return arrival !== null && (await rules.missionAtStep(Number(arrival[1])));
}

/**
 * Admits a WebSocket upgrade that needs a session (teleop): the caller's live session key, or null after
 * answering a plain 401 before any handshake and closing the connection. Call it after guard.ts's refuseUpgrade.
 */
export function sessionForUpgrade(req: IncomingMessage, socket: Duplex, rules: SessionRules): string | null {
  const { session } = callerOf(req, rules);
  if (session) return session;
  const text = `${unauthenticated().message}\n`;
  socket.end(
    `HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
  return null;
}
