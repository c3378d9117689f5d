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
  ...FUX_PAGES.map((p) => `/fux/${p}`),
]);

/** Paths whose pages need a logged-in person; the others are open. */
const NEEDS_LOGIN = new Set(['/diagnostic', '/map', '/mission-data']);

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

/** Where a request for `path` lands: the index goes to the disclaimer, anything unknown to the missions list. */
export function resolvePath(path: string, loggedIn: boolean): { path: string; guarded: boolean } {
  const p = normalisePath(path);
  if (p === '/') return { path: '/disclaimer', guarded: false };
  if (!isKnownPath(p)) return { path: '/missions', guarded: false };
  if (NEEDS_LOGIN.has(p) && !loggedIn) return { path: '/user-dashboard', guarded: true };
  return { path: p, guarded: false };
}

/** The lock screen never shows while the robot is moving or mapping with the person. */
export function isLockExempt(path: string): boolean {
  return path.startsWith('/movement') || path.startsWith('/mapping');
}
