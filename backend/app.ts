/** What every part of the back end shares: storage, the simulated world, its clock and event socket. */
import type { SimClock } from './clock';
import type { Store } from './db/store';
import type { EventHub } from './events';
import type { LoginLimiter } from './http/loginLimiter';
import type { SessionStore } from './http/sessions';
import type { ProblemReports } from './problemReports';
import type { World } from './world';

/** The back end's shared state, handed to every route module. */
export interface App {
  store: Store;
  world: World;
  clock: SimClock;
  hub: EventHub;
  login: LoginLimiter;
  /** the operators' sessions (http/sessions.ts) */
  sessions: SessionStore;
  /** served over HTTPS: the session cookie is then marked Secure */
  secure: boolean;
  /** Folder where CSV exports are written and served from. */
  filesDir: string;
  /** Problem reports from the field: their list and clips. */
  reports: ProblemReports;
}
