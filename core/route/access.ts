/** What the route guards go by, read from the state (core/routes.ts resolvePath). Pure. */
import { normalisePath, resolvePath, type Access } from '../routes';
import type { State } from '../state';
import { resumePage } from '../wizard/progress';

export function routeAccess(s: Pick<State, 'session' | 'settings'>): Access {
  const data = s.settings.status === 'loaded' ? s.settings.data : null;
  return {
    loggedIn: s.session.login,
    pinSet: data ? Boolean(data.has_superadmin_pin) : null,
    setupPage: data ? resumePage(data) : null,
  };
}

/**
 * Whether asking for `path` would show that page rather than a guard's redirect: the side menu offers only
 * these (issue 34: nothing that leads to a login wall, or to the dashboard before the setup is done). Pure.
 */
export function reaches(s: Pick<State, 'session' | 'settings'>, path: string, search = ''): boolean {
  return resolvePath(path, routeAccess(s), search).path === normalisePath(path);
}
