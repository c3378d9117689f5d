/**
 * The PIN checks and the session calls (api.md "Sessions"): first access, login, logout, and whether the caller's
 * session is live. Every wrong PIN, whichever call it came through, counts towards the caller's lockout
 * (loginLimiter.ts).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { App } from '../app';
import { LockedOut, type PinClient } from './loginLimiter';
import { ApiError, type Router, validate } from './router';
import { pinBody } from './schemas';
import { type Caller, clearedSessionCookie, sessionCookie } from './sessions';

/** The first-access PIN (api.md: "the initial demo PIN"); documented in backend/README.md. */
export const DEMO_PIN = '123456';

/** Registers the PIN and session calls. */
export function authRoutes(r: Router, app: App): void {
  r.on('POST', '/api/auth', async ({ req, res, body, caller }) => {
    const { pin } = validate(pinBody, body);
    // Once a PIN exists the demo PIN opens nothing: every PIN is answered false and counts as a wrong one, so
    // that no answer here can reset a count (the "reset trick" of issue 40).
    const firstUse = !app.store.settings.get().has_superadmin_pin;
    const ok = await countedCheck(app, pinClient(req, caller), res, async () => firstUse && sameSecret(pin, DEMO_PIN));
    if (ok) startSession(app, res);
    return { isCorrect: ok };
  });

  r.on('POST', '/api/auth/login', async ({ req, res, body, caller }) => {
    const { pin } = validate(pinBody, body);
    const ok = await countedCheck(app, pinClient(req, caller), res, () => app.store.settings.checkPinAsync(pin));
    if (ok) startSession(app, res);
    return { isCorrect: ok };
  });

  // The PIN in force checked for a caller who holds a session (the PIN change's first step, issue 42): counted
  // like a login, it starts no session. Not public (access.ts), so it is no way round the login.
  r.on('POST', '/api/auth/check', async ({ req, res, body, caller }) => {
    const { pin } = validate(pinBody, body);
    return { isCorrect: await countedCheck(app, pinClient(req, caller), res, () => app.store.settings.checkPinAsync(pin)) };
  });

  r.on('POST', '/api/auth/logout', ({ res, caller }) => {
    app.sessions.end(caller.session);
    // Cleared even for an unknown or ended session, so the browser stops sending a dead id.
    res.setHeader('set-cookie', clearedSessionCookie(app.secure));
    return {};
  });

  r.on('GET', '/api/auth/session', ({ caller }) => ({ active: caller.session !== null }));
}

/** Whose count a request's PIN goes to: the robot's own screen, or its network address. */
export function pinClient(req: IncomingMessage, caller: Caller): PinClient {
  return { address: req.socket.remoteAddress ?? '', robotScreen: caller.robotScreen };
}

/**
 * Runs a PIN check under the lockout: 429 `too_many_attempts` (with `Retry-After`) while the client may not try,
 * the PIN not even looked at; else the outcome, which the limiter records. Used by first access, login and the
 * PIN change alike (api.md: they count together).
 */
export async function countedCheck(app: App, client: PinClient, res: ServerResponse, check: () => Promise<boolean>): Promise<boolean> {
  let attempt;
  try {
    attempt = app.login.begin(client);
  } catch (err) {
    throw refusal(err, res);
  }
  let ok = false;
  try {
    ok = await check();
  } finally {
    app.login.finish(attempt, ok);
  }
  return ok;
}

/** The 429 for a lockout (its wait also in `Retry-After`); any other error unchanged. */
export function refusal(err: unknown, res: ServerResponse): unknown {
  if (!(err instanceof LockedOut)) return err;
  res.setHeader('retry-after', err.retryAfter);
  return new ApiError(429, 'too_many_attempts', err.message);
}

/** Compares two secrets in constant time: digests first, so that neither length nor content leaks. */
export function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * Starts a new session and hands its id over in the cookie. A session the caller already held is left alone
 * (api.md: each login starts a new one); unused, it idles out.
 */
function startSession(app: App, res: ServerResponse): void {
  res.setHeader('set-cookie', sessionCookie(app.sessions.create(), app.secure));
}
