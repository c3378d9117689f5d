/** Changing the route: redirects, guards, and what a page starts when it is entered. */
import type { Ctx, DraftState } from './context';
import { resolvePath } from './routes';
import { routeAccess } from './route/access';

export interface NavigateOptions {
  search?: string;
  /** Replace the history entry instead of pushing one (redirects and history moves). */
  replace?: boolean;
}

/**
 * Moves the app to `path` after redirects and guards, and runs the enter/leave hooks of the pages involved
 * (the areas' hooks, core/areas.ts, reached through `ctx.pages`).
 * A guarded path is remembered so login can return to it.
 */
export function navigate(d: DraftState, ctx: Ctx, pathAndQuery: string, options: NavigateOptions = {}): void {
  // A remembered target ('/replay?log=own') carries its query in the path.
  const q = pathAndQuery.indexOf('?');
  const path = q < 0 ? pathAndQuery : pathAndQuery.slice(0, q);
  if (q >= 0 && options.search === undefined) options = { ...options, search: pathAndQuery.slice(q + 1) };
  const target = resolvePath(path, routeAccess(d), options.search ?? '');
  const redirected = target.path !== path;
  if (target.guarded) d.route.redirectAfterLogin = options.search ? `${path}?${options.search}` : path;
  const from = d.route.path;
  const search = redirected ? '' : (options.search ?? '');
  if (from === target.path && d.route.search === search) return;
  ctx.pages.leave(d, ctx, from, target.path);
  d.route.path = target.path;
  d.route.search = search;
  d.route.replace = Boolean(options.replace) || redirected;
  d.route.seq += 1;
  ctx.pages.enter(d, ctx, target.path, from);
}
