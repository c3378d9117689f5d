/** Starts the core's worker and wraps it with Comlink, as `{ remote, dispose }` (Foxglove's ComlinkWrap). */
import * as Comlink from 'comlink';
import type { KioskApi } from '../../worker/api';

export interface WorkerHandle {
  remote: Comlink.Remote<KioskApi>;
  dispose(): void;
}

export function connectWorker(): WorkerHandle {
  const worker = new Worker(new URL('../../worker/main.ts', import.meta.url), { type: 'module', name: 'kiosk-core' });
  const remote = Comlink.wrap<KioskApi>(worker);
  return {
    remote,
    dispose: () => {
      remote[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}
