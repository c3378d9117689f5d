/**
 * Calls a test makes to the simulator from Node (to set up or read back a scenario) carry a session, as the
 * back end requires (api.md "Sessions"). The session is made in-process, once per simulator; the browser
 * itself logs in through the app, as users do.
 */
import { SESSION_COOKIE } from '../../../backend/http/sessions';
import type { Backend } from '../../../backend/server';

const cookies = new WeakMap<Backend, string>();

/** The `Cookie` header value of the test's session on `sim` (made on first use). */
export function sessionCookieOf(sim: Backend): string {
  let cookie = cookies.get(sim);
  if (!cookie) cookies.set(sim, (cookie = `${SESSION_COOKIE}=${sim.app.sessions.create()}`));
  return cookie;
}

/** `fetch` with the test's session on `sim`: a drop-in for calls to `sim.url`. */
export function authedFetch(sim: Backend, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('cookie', sessionCookieOf(sim));
  return fetch(url, { ...init, headers });
}
