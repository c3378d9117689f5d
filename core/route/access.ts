/** What the route guards go by, read from the state (core/routes.ts resolvePath). Pure. */
import type { Access } from '../routes';
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
