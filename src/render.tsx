/** The React half of the entry, loaded as its own chunk while the worker boots. */
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { LiveApp } from './liveApp';
import type { LiveCore } from './liveCore';
import { SecondTabNotice } from '../ui/shell/SecondTabNotice';

let root: Root | null = null;
const theRoot = () => (root ??= createRoot(document.getElementById('root')!));

/**
 * Renders the live app. The first screen is rendered and committed in this task: a concurrent first render
 * can be overtaken by the worker's first push, and a store change during it makes React start over, so the
 * first screen would wait for the worker.
 */
export function renderApp(core: LiveCore): void {
  flushSync(() =>
    theRoot().render(
      <StrictMode>
        <LiveApp core={core} />
      </StrictMode>,
    ),
  );
}

/** Another tab holds the live session: this one shows the notice instead. */
export function renderSecondTab(): void {
  theRoot().render(<SecondTabNotice />);
}
