/**
 * The live core, started from the tiny entry chunk so the worker boots while React still loads: the mirror
 * store, the actions, and a provisional first snapshot from the core's own pure rules (the worker's first push
 * replaces it, usually within a few frames).
 */
import * as Comlink from 'comlink';
import { provisionalState } from '../core/state';
import { resolvePath } from '../core/routes';
import type { WorkerHandle } from './bridge/connectWorker';
import { MirrorStore } from './bridge/mirrorStore';
import type { CoreActions } from './bridge/actions';
import { FIRST_SCREEN_PATH } from './firstScreen';
import type { State } from '../core/state';
import type { StartAddress } from '../worker/workerName';

/**
 * The state index.html's first screen is prerendered from (src/prerender.tsx) and hydrated with: the page's
 * provisional state at the index, with the clock not yet known (it shows blank until the live state).
 */
export function firstScreenState(): State {
  return provisionalState(FIRST_SCREEN_PATH, 0);
}

export interface LiveCore {
  store: MirrorStore;
  actions: CoreActions;
  /** Whether this tab got the live session (false: another tab holds it, and the worker started nothing). */
  claimed: Promise<boolean>;
  /** Tells the worker the first screen is committed, so the start's sockets and calls go out (once is enough). */
  firstScreenShown(): void;
}

export function startLiveCore(handle: WorkerHandle, start: StartAddress): LiveCore {
  const store = new MirrorStore();
  store.replace(provisionalState(resolvePath(start.path, false).path, Date.now()));
  const actions: CoreActions = {
    dispatch: (intent) => void handle.remote.dispatch(intent),
    submitPin: (purpose, pin) => void handle.remote.submitPin(purpose, pin),
    exportLog: () => handle.remote.exportLog(),
    exportLogFile: () => handle.remote.exportLogFile(),
    reportProblem: (note) => handle.remote.reportProblem(note),
    listReports: () => handle.remote.listReports(),
    subscribeMap: (onImage, surfaces) => void handle.remote.subscribeMap(Comlink.proxy(onImage), Comlink.transfer(surfaces, surfaces)),
  };
  let first = true;
  const apply: typeof store.apply = (changed) => {
    if (first) performance.mark('kiosk:first-state'); // for `npm run bench:coldstart`: the worker's first push
    first = false;
    store.apply(changed);
  };
  // The worker starts by itself (connectWorker names the address); `start` only asks for the outcome.
  void handle.remote.subscribe(Comlink.proxy(apply));
  const claimed = handle.remote.start(start.path, start.search, start.reason);
  void claimed.then(() => performance.mark('kiosk:worker-ready'));
  (window as unknown as { __kiosk?: unknown }).__kiosk = { exportLog: actions.exportLog };
  return { store, actions, claimed, firstScreenShown: () => void handle.remote.firstScreenShown() };
}
