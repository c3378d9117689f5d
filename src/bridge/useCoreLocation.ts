/**
 * wouter's location, driven by the core: the route is state, and navigating dispatches an intent. The
 * browser's address bar follows the core (push, or replace for redirects), and back/forward are sent to the
 * core as navigations so its guards still apply.
 */
import { useEffect } from 'react';
import type { BaseLocationHook } from 'wouter';
import { useActions, useCore } from './CoreContext';

export const useCoreLocation: BaseLocationHook = () => {
  const path = useCore((s) => s.route.path);
  const { dispatch } = useActions();
  const navigate = (to: string | URL) => {
    const url = new URL(String(to), 'http://kiosk.invalid');
    dispatch({ type: 'ui/navigated', path: url.pathname, search: url.search.replace(/^\?/, '') });
  };
  return [path, navigate];
};

/** Keeps the address bar in step with the core's route and forwards browser back/forward to it. */
export function useHistorySync(enabled: boolean): void {
  const route = useCore((s) => s.route);
  const { dispatch } = useActions();

  useEffect(() => {
    if (!enabled || !route.path) return;
    const wanted = route.search ? `${route.path}?${route.search}` : route.path;
    const current = window.location.pathname + window.location.search;
    if (current === wanted) return;
    if (route.replace) window.history.replaceState(null, '', wanted);
    else window.history.pushState(null, '', wanted);
  }, [enabled, route.seq, route.path, route.search, route.replace]);

  useEffect(() => {
    if (!enabled) return;
    const onPop = () =>
      dispatch({ type: 'ui/navigated', path: window.location.pathname, search: window.location.search.replace(/^\?/, ''), fromHistory: true });
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [enabled, dispatch]);
}
