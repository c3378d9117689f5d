import type { HttpMethod } from '../effects';
import type { CallName, PendingCall } from '../calls/pending';

/**
 * An action's call the back end refused because the session had ended (401 `unauthenticated`): it is sent again
 * once the person has logged in (core/calls/refused.ts). Never one that carries a secret.
 */
export interface RefusedCall {
  call: CallName;
  method: HttpMethod;
  path: string;
  body?: unknown;
  meta: PendingCall['meta'];
  /** When it was refused: a login much later fails it instead (an old tap is not carried out unseen). */
  at: number;
}

/** The session area's state. */
export interface SessionState {
  login: boolean;
  lock: boolean;
  /** Which of the three lock greetings shows, once the 550 ms delay has passed. */
  greeting: number | null;
  /**
   * The app started on a page that needs a login and the guard sent it to the dashboard: when the back end says
   * the session is live (GET api/auth/session), go back there. A reload is not a logout.
   */
  returnOnSession: boolean;
  /** The shell speaks api.md's Sessions (`shell/started`'s flag): the session check and logout calls are made. */
  serverSessions: boolean;
  /**
   * The back end ended the session under a logged-in person: /login says so until the next login (issue 42).
   * Absent rather than false, as `refused`, so the states recorded before it (the goldens) stay as they were.
   */
  ended?: true;
  /** The action refused by the ended session, waiting for the login to be sent again. */
  refused?: RefusedCall;
}

export function initialSession(): SessionState {
  return { login: false, lock: false, greeting: null, returnOnSession: false, serverSessions: false };
}
