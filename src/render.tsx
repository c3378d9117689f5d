/** The React half of the entry, loaded as its own chunk while the worker boots. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LiveApp } from './liveApp';
import type { LiveCore } from './liveCore';
import { SecondTabNotice } from '../ui/shell/SecondTabNotice';

/** Renders the live app, or the one-tab notice when another tab holds the session. */
export function render(core: LiveCore | null): void {
  const root = createRoot(document.getElementById('root')!);
  if (!core) {
    root.render(<SecondTabNotice />);
    return;
  }
  root.render(
    <StrictMode>
      <LiveApp core={core} />
    </StrictMode>,
  );
}
