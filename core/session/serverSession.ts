/**
 * The back end's session (api.md, Sessions), as the core sees it: the answers only, never the cookie. After a
 * start the core asks whether the session still lives (a reload is not a logout); a logout ends it on the
 * server too; a call answered 401 `unauthenticated` means it ended there, and the person logs in again and comes
 * back to the page. A back end without sessions answers these calls 404 or 405, or not in JSON: then nothing
 * changes (the older contract). Pure.
 */
import type { Ctx, DraftState } from '../context';
import { request } from '../calls/request';
import type { PendingCall } from '../calls/pending';
import { navigate } from '../navigate';
import { resolvePath } from '../routes';

/** Pages a logged-out person is meant to be on: a 401 there is no reason to ask for the PIN. */
const LOGGED_OUT_PAGES = new Set(['/login', '/user-dashboard', '/disclaimer', '/startup']);

/** At start: ask whether the cookie the page came with is a live session. */
export function checkSession(d: DraftState, ctx: Ctx, startPath: string): void {
  if (!d.session.serverSessions) return;
  // The settings are not read yet: judged as if a PIN existed, so a wizard page of a set-up robot (guarded once
  // the settings come) counts too; without a live session nothing comes of it.
  d.session.returnOnSession = resolvePath(startPath, { loggedIn: false, pinSet: true, setupPage: null }).guarded;
  request(d, ctx, 'sessionRead', 'GET', 'api/auth/session');
}

/**
 * The session check's answer: a live session keeps the person logged in, on the page the start was on. A check
 * made because the back end came back (`recheck`) that finds the session gone sends the person to /login, saying
 * why (issue 42): the kiosk no longer looks logged in until an action fails.
 */
export function sessionAnswered(d: DraftState, ctx: Ctx, data: { active: boolean }, meta: PendingCall['meta'] = null): void {
  if (meta?.recheck === true) {
    if (!data.active && d.session.login && !d.session.lock) sessionEnded(d, ctx, { path: d.route.path, search: d.route.search });
    return;
  }
  const back = d.session.returnOnSession;
  d.session.returnOnSession = false;
  // An answer that comes after the person logged in, or out, or the lock, changes nothing.
  if (!data.active || d.session.login || d.session.lock) return;
  d.session.login = true;
  if (back && d.route.path === '/user-dashboard') goAfterLogin(d, ctx);
}

/**
 * /ws opened again while the person is logged in: the back end may have restarted, and its sessions with it.
 * Asked at once, not when the next action fails (issue 42).
 */
export function recheckSession(d: DraftState, ctx: Ctx): void {
  if (!d.session.serverSessions || !d.session.login || d.session.lock) return;
  request(d, ctx, 'sessionRead', 'GET', 'api/auth/session', undefined, { recheck: true });
}

/** No answer, or a back end without sessions (404, 405): logged out, as before sessions existed. */
export function sessionCheckFailed(d: DraftState, _ctx: Ctx, _error: unknown, meta: PendingCall['meta'] = null): void {
  // A failed check after a reconnection changes nothing: the next call tells.
  if (meta?.recheck === true) return;
  d.session.returnOnSession = false;
}

/**
 * Logged out (the inactivity lock, a stopped mission, the side menu): the server ends the session too. Only
 * a person who was logged in has a session to end.
 */
export function logOut(d: DraftState, ctx: Ctx): void {
  const was = d.session.login;
  d.session.login = false;
  if (was && d.session.serverSessions) request(d, ctx, 'logout', 'POST', 'api/auth/logout');
}

/**
 * The first-use wizard ended (the new PIN saved): its first-access session ends on the server too, so the
 * first login after it is a real one with the new PIN, and leads where a login leads (with no map, to
 * /fux/start-mapping) (issue 42).
 */
export function endWizardSession(d: DraftState, ctx: Ctx): void {
  d.session.login = false;
  if (d.session.serverSessions) request(d, ctx, 'logout', 'POST', 'api/auth/logout');
}

/** The logout answered (or failed, or is unknown to an older back end): the sockets drop the old cookie. */
export function logoutDone(d: DraftState, ctx: Ctx): void {
  renewSockets(d, ctx);
}

/** After a login or logout the cookie changed: /ws and teleop reopen, so live frames follow the session. */
export function renewSockets(d: DraftState, ctx: Ctx): void {
  if (d.session.serverSessions) ctx.effects.push({ type: 'sockets/renew' });
}

/**
 * Whether an ended session met on `from` asks for the PIN: not where a login cannot help (no PIN yet: the
 * wizard), on a logged-out page, or behind the lock. Pure.
 */
export function asksLogin(d: Pick<DraftState, 'session' | 'settings'>, from: { path: string }): boolean {
  if (d.session.lock || !d.settings.data?.has_superadmin_pin) return false;
  return !LOGGED_OUT_PAGES.has(from.path) && !from.path.startsWith('/fux/');
}

/**
 * The session ended on the server (a call answered 401 `unauthenticated`, or the check after the back end came
 * back) while the person was on `from` (path and search). Logged out; /login, which says the session ended, and
 * after it back to `from`. Nothing in state is cleared, so drafts typed in the core (a mission being made) are
 * there on return. Where a login cannot help (`asksLogin`), only the login flag goes.
 */
export function sessionEnded(d: DraftState, ctx: Ctx, from: { path: string; search: string }): void {
  const ask = asksLogin(d, from);
  d.session.login = false;
  if (!ask) return;
  d.session.ended = true;
  d.route.redirectAfterLogin = from.search ? `${from.path}?${from.search}` : from.path;
  navigate(d, ctx, '/login');
}

/** Where a login goes on to: the page remembered (its search too, as `path?search`), by default /missions. */
export function goAfterLogin(d: DraftState, ctx: Ctx): void {
  const target = d.route.redirectAfterLogin || '/missions';
  d.route.redirectAfterLogin = '/missions';
  const q = target.indexOf('?');
  if (q < 0) navigate(d, ctx, target);
  else navigate(d, ctx, target.slice(0, q), { search: target.slice(q + 1) });
}
