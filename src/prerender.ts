/**
 * The first screen at build time: the page a cold start shows first (the core's route for the index, the
 * disclaimer) rendered to HTML from the state the page itself starts from, so the browser paints it before
 * any script has run and React hydrates it (src/render.tsx). Run by vite.config.ts in Node, never shipped.
 */
import { renderToString } from 'react-dom/server';
import { liveTree } from './render';
import { MirrorStore } from './bridge/mirrorStore';
import { inertActions } from './bridge/actions';
import { FIRST_SCREEN_PATH, firstScreenAddresses } from './firstScreen';
import { firstScreenState, type LiveCore } from './liveCore';

/** The first screen's markup (the inside of `#root`), the route it shows and the addresses that open on it. */
export function prerenderFirstScreen(): { html: string; path: string; addresses: string[] } {
  const store = new MirrorStore();
  store.replace(firstScreenState());
  const core: LiveCore = { store, actions: inertActions, claimed: Promise.resolve(true), firstScreenShown: () => undefined };
  return { html: renderToString(liveTree(core)), path: FIRST_SCREEN_PATH, addresses: firstScreenAddresses() };
}
