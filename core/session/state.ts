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
}

export function initialSession(): SessionState {
  return { login: false, lock: false, greeting: null, returnOnSession: false, serverSessions: false };
}
