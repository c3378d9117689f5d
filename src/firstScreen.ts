/**
 * The screen the built index.html carries prerendered (src/prerender.ts, scripts/firstScreenHtml.ts): the
 * core's route for a cold start at the index.
 */
import { resolvePath } from '../core/routes';

export const FIRST_SCREEN_PATH = resolvePath('/', false).path;

/** Whether a page opened at `path` starts on the prerendered screen (else its markup is dropped unseen). */
export function showsFirstScreen(path: string): boolean {
  return resolvePath(path, false).path === FIRST_SCREEN_PATH;
}

/**
 * The addresses that open on the prerendered screen, as written: the index and the screen's own. index.html's
 * script after the markup keeps it only at these (written in at build time) instead of carrying the route table; any
 * other address drops it, and src/render.tsx hydrates only while the page's state shows the markup's route, so
 * an address these miss (a trailing slash) only renders afresh.
 */
export function firstScreenAddresses(): string[] {
  return ['/', FIRST_SCREEN_PATH].filter(showsFirstScreen);
}
