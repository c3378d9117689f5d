/** The routes of the specification and the redirects and guards that apply to them. Pure. */

export const FUX_PAGES = [
  'hello',
  'choose-language',
  'choose-country',
  'choose-date-time',
  'first-access',
  'tos',
  'robot-name',
  'load-step-right',
  'load-step-left',
  'hello-robot',
  'carousel',
  'complete-profile',
  'choose-new-pin',
  'confirm-pin',
  'start-mapping',
] as const;
export type FuxPage = (typeof FUX_PAGES)[number];

const EXACT = new Set<string>([
  '/disclaimer',
  '/startup',
  '/user-dashboard',
  '/login',
  '/missions',
  '/missions/new-quick-mission',
  '/missions/new-path-mission',
  '/mission-data',
  '/diagnostic',
  '/map',
  '/mapping',
  '/mapping/wait',
  '/mapping/track',
  '/mapping/edit',
  '/node-lost',
  '/control',
  '/joints',
  '/replay',
  '/settings',
  ...FUX_PAGES.map((p) => `/fux/${p}`),
]);

/**
 * Paths whose pages need a logged-in person: every page that changes the robot or shows staff data. The others
 * are open. /movement stays open: at a destination the recipient, who has no PIN, reads the message and takes
 * the objects. /replay is open to an engineer who brings a log; the kiosk's own log needs the login (below).
 */
const NEEDS_LOGIN = new Set([
  '/missions',
  '/missions/new-quick-mission',
  '/missions/new-path-mission',
  '/map',
  '/mapping',
  '/mapping/wait',
  '/mapping/track',
  '/mapping/edit',
  '/node-lost',
  '/mission-data',
  '/diagnostic',
  '/control',
  '/joints',
  '/settings',
  '/fux/start-mapping',
]);

/** What the guards go by besides the path. */
export interface Access {
  loggedIn: boolean;
  /** Whether a super administrator PIN exists; null while the settings are not read. */
  pinSet: boolean | null;
  /** Where an unfinished setup resumes (core/wizard/progress.ts); null once it is finished or not known. */
  setupPage: string | null;
}

const LOGGED_OUT: Access = { loggedIn: false, pinSet: null, setupPage: null };

/** Whether `search` (a query string, with or without its '?') asks /replay for the kiosk's own log. */
export function asksOwnLog(search: string): boolean {
  // core/ has no URL API: the parameter read by hand, as a browser would ('?a=1&log=own').
  return search
    .replace(/^\?/, '')
    .split('&')
    .some((pair) => pair === 'log=own');
}

/**
 * Whether the page at `path` (already resolved to a known one) needs the login. Once a PIN exists the wizard's
 * pages change a configured robot, so they need it too; before that they are the first use itself.
 */
function needsLogin(path: string, search: string, access: Access): boolean {
  if (NEEDS_LOGIN.has(path)) return true;
  if (path === '/replay') return asksOwnLog(search);
  return path.startsWith('/fux/') && access.pinSet === true;
}

/** Normalises a path: one leading slash, no trailing slash (but the index stays '/'). */
export function normalisePath(path: string): string {
  let p = path.trim() || '/';
  if (!p.startsWith('/')) p = `/${p}`;
  while (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}

export function isKnownPath(path: string): boolean {
  return EXACT.has(path) || /^\/movement\/[1-9]\d*$/.test(path);
}

/**
 * Where a request for `path` lands: the index goes to the disclaimer, anything unknown to the missions list,
 * and a page that needs a login (the missions list too) to the user dashboard while nobody is logged in. Before
 * the first use has reached its terms and profile there is no dashboard yet: a guarded page, and the dashboard
 * itself, lead to where the setup resumes. `access` may be just whether someone is logged in. Pure.
 */
export function resolvePath(path: string, access: Access | boolean, search = ''): { path: string; guarded: boolean } {
  const a = typeof access === 'boolean' ? { ...LOGGED_OUT, loggedIn: access } : access;
  const p = normalisePath(path);
  if (p === '/') return { path: '/disclaimer', guarded: false };
  const target = isKnownPath(p) ? p : '/missions';
  const unfinished = a.pinSet === false ? a.setupPage : null;
  if (needsLogin(target, search, a) && !a.loggedIn) return { path: unfinished ?? '/user-dashboard', guarded: true };
  if (target === '/user-dashboard' && unfinished) return { path: unfinished, guarded: false };
  return { path: target, guarded: false };
}

/** The lock screen never shows while the robot is moving or mapping with the person. */
export function isLockExempt(path: string): boolean {
  return path.startsWith('/movement') || path.startsWith('/mapping');
}
