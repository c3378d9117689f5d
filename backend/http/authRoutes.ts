/**
 * The PIN checks and the session calls (api.md "Sessions"): first access, login, logout, and whether the caller's
 * session is live. Every wrong PIN, whichever call it came through, counts towards the one lockout.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { App } from '../app';
import { ApiError, type Router, validate } from './router';
import { pinBody } from './schemas';
import { clearedSessionCookie, sessionCookie } from './sessions';

/** The first-access PIN (api.md: "the initial demo PIN"); documented in backend/README.md. */
export const DEMO_PIN = '123456';

/** Registers the PIN and session calls. */
export function authRoutes(r: Router, app: App): void {
  r.on('POST', '/api/auth', ({ body, res }) => {
    const { pin } = validate(pinBody, body);
    const ok = countedCheck(app, () => sameSecret(pin, DEMO_PIN));
    // The demo PIN opens a session only while the wizard still has to create the real one.
    if (ok && !app.store.settings.get().has_superadmin_pin) startSession(app, res);
    return { isCorrect: ok };
  });

  r.on('POST', '/api/auth/login', ({ body, res }) => {
    const { pin } = validate(pinBody, body);
    const ok = countedCheck(app, () => app.store.settings.checkPin(pin));
    if (ok) startSession(app, res);
    return { isCorrect: ok };
  });

  // The PIN in force checked for a caller who holds a session (the PIN change's first step, issue 42): counted
  // like a login, it starts no session. Not public (access.ts), so it is no way round the login.
  r.on('POST', '/api/auth/check', ({ body }) => {
    const { pin } = validate(pinBody, body);
    return { isCorrect: countedCheck(app, () => app.store.settings.checkPin(pin)) };
  });

  r.on('POST', '/api/auth/logout', ({ res, caller }) => {
    app.sessions.end(caller.session);
    // Cleared even for an unknown or ended session, so the browser stops sending a dead id.
    res.setHeader('set-cookie', clearedSessionCookie(app.secure));
    return {};
  });

  r.on('GET', '/api/auth/session', ({ caller }) => ({ active: caller.session !== null }));
}

/**
 * Runs a PIN check under the lockout: 429 while locked (the PIN is not even looked at), else the outcome, which
 * the limiter records. Used by first access, login and the PIN change alike (api.md: they count together).
 */
export function countedCheck(app: App, check: () => boolean): boolean {
  const wait = app.login.lockedFor();
  if (wait > 0) throw new ApiError(429, 'too_many_attempts', `too many wrong PINs; try again in ${Math.ceil(wait / 1000)} s`);
  const ok = check();
  app.login.record(ok);
  return ok;
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
