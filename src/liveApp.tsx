/** The React tree of the live app, bound to the live core's mirror store and actions. */
import { useEffect } from 'react';
import { CoreProvider } from './bridge/CoreContext';
import type { LiveCore } from './liveCore';
import { App } from '../ui/App';

export function LiveApp({ core }: { core: LiveCore }) {
  useEffect(() => {
    performance.mark('kiosk:first-screen');
    // The first commit is done (a hydration too, src/render.tsx): from now on renders read the live state, and the
    // worker's start may open its sockets and send its calls (worker/runtime.ts `holdEffects`).
    core.store.hydratingFrom = null;
    core.firstScreenShown();
  }, [core]);
  return (
    <CoreProvider store={core.store} actions={core.actions}>
      <App history />
    </CoreProvider>
  );
}
