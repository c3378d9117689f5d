/** The session area's state. */
export interface SessionState {
  login: boolean;
  lock: boolean;
  /** Which of the three lock greetings shows, once the 550 ms delay has passed. */
  greeting: number | null;
}

export function initialSession(): SessionState {
  return { login: false, lock: false, greeting: null };
}
