/** Wires the live worker to the React tree: a mirror store fed by per-frame pushes, and the actions. */
import * as Comlink from 'comlink';
import { useEffect, useSyncExternalStore } from 'react';
import type { WorkerHandle } from './bridge/connectWorker';
import { MirrorStore } from './bridge/mirrorStore';
import { CoreProvider } from './bridge/CoreContext';
import type { CoreActions } from './bridge/actions';
import { App } from '../ui/App';
import { Splash } from '../ui/shell/Splash';

/** Starts the core at the page's address and returns the root component bound to it. */
export function startLiveApp(handle: WorkerHandle) {
  const store = new MirrorStore();
  const actions: CoreActions = {
    dispatch: (intent) => void handle.remote.dispatch(intent),
    submitPin: (purpose, pin) => void handle.remote.submitPin(purpose, pin),
    exportLog: () => handle.remote.exportLog(),
  };
  let first = true;
  const apply: typeof store.apply = (changed) => {
    if (first) performance.mark('kiosk:first-state'); // for `npm run bench:coldstart`: the worker's first push
    first = false;
    store.apply(changed);
  };
  // Both calls go at once: the worker handles messages in order, so it subscribes before it starts, and the
  // first screen does not wait for a second round trip.
  void Promise.all([
    handle.remote.subscribe(Comlink.proxy(apply)),
    handle.remote.start(window.location.pathname, window.location.search.replace(/^\?/, '')),
  ]).then(() => performance.mark('kiosk:worker-ready'));
  // The first date format in a page loads the ICU data, about 30 ms on the kiosk's class of machine; the top
  // bar's clock would pay it in the first render. Paid here instead, while the worker boots and this thread
  // would only wait.
  setTimeout(() => new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(0), 0);
  (window as unknown as { __kiosk?: unknown }).__kiosk = { exportLog: actions.exportLog };

  return function LiveApp() {
    const ready = useSyncExternalStore(store.subscribe, () => store.getSnapshot() !== null);
    useEffect(() => {
      if (ready) performance.mark('kiosk:first-screen');
    }, [ready]);
    if (!ready) return <Splash />;
    return (
      <CoreProvider store={store} actions={actions}>
        <App history />
      </CoreProvider>
    );
  };
}
