/**
 * The browser entry, kept tiny on purpose: it starts the core's worker at once (see connectWorker.ts), claims
 * the one tab, starts the core, and only then needs React, which loads as a separate chunk in parallel.
 */
import { connectWorker } from './bridge/connectWorker';
import { claimSingleTab } from './singleTab';
import { startLiveCore, type LiveCore } from './liveCore';

const react = import('./render');

void claimSingleTab().then(async (claimed) => {
  let core: LiveCore | null = null;
  if (claimed) {
    const handle = connectWorker();
    core = startLiveCore(handle);
    window.addEventListener('pagehide', () => handle.dispose());
  }
  (await react).render(core);
});
