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
 * Paths whose pages need a logged-in person; the others are open. /movement stays open: at a destination the
 * recipient, who has no PIN, reads the message and takes the objects.
 */
const NEEDS_LOGIN = new Set([
  '/missions',
  '/missions/new-quick-mission',
  '/missions/new-path-mission',
  '/map',
  '/mission-data',
  '/diagnostic',
  '/control',
  '/joints',
  '/settings',
]);

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
 * and a page that needs a login (the missions list too) to the user dashboard while nobody is logged in.
 */
export function resolvePath(path: string, loggedIn: boolean): { path: string; guarded: boolean } {
  const p = normalisePath(path);
  if (p === '/') return { path: '/disclaimer', guarded: false };
  const target = isKnownPath(p) ? p : '/missions';
  if (NEEDS_LOGIN.has(target) && !loggedIn) return { path: '/user-dashboard', guarded: true };
  return { path: target, guarded: false };
}

/** The lock screen never shows while the robot is moving or mapping with the person. */
export function isLockExempt(path: string): boolean {
  return path.startsWith('/movement') || path.startsWith('/mapping');
}
