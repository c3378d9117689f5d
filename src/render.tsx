/** The React half of the entry (src/main.tsx): renders or hydrates the live app. */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { LiveApp } from './liveApp';
import { firstScreenState, type LiveCore } from './liveCore';
import { SecondTabNotice } from '../ui/shell/SecondTabNotice';

let root: Root | null = null;
const container = () => document.getElementById('root')!;
const theRoot = () => (root ??= createRoot(container()));

/** The live app's tree, as prerendered (src/prerender.tsx) and as rendered here. */
export function liveTree(core: LiveCore) {
  return (
    <StrictMode>
      <LiveApp core={core} />
    </StrictMode>
  );
}

/**
 * Renders the live app. Where the page holds the prerendered first screen (index.html from the build) and
 * shows its route, React hydrates it: the hydrating render reads the state it was prerendered from, so it
 * matches the markup, then renders the live state. The hydration is a transition, so React renders it in slices
 * of a few ms and the worker's first push and start answer are taken in between (the store only records them:
 * nothing subscribes before the commit, and the hydrating render reads the prerendered state, so they cannot
 * make it start over); as a default-priority update it was one task, and they waited behind it (bench/README.md at f0de46c,
 * "worker ready"). Otherwise the first screen is rendered and committed in
 * this task: a concurrent first render can be overtaken by the worker's first push, and a store change during
 * it makes React start over, so the first screen would wait for the worker.
 */
export function renderApp(core: LiveCore): void {
  const el = container();
  // The markup is the screen the page shows now (index.html drops it elsewhere, scripts/firstScreenHtml.ts).
  if (el.firstChild && el.dataset.prerendered === core.store.getSnapshot()?.route.path) {
    core.store.hydratingFrom = firstScreenState();
    startTransition(() => {
      root = hydrateRoot(el, liveTree(core));
    });
    return;
  }
  flushSync(() => theRoot().render(liveTree(core)));
}

/** Another tab holds the live session: this one shows the notice instead. */
export function renderSecondTab(): void {
  theRoot().render(<SecondTabNotice />);
}
