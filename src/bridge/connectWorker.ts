/** Starts the core's worker and wraps it with Comlink, as `{ remote, dispose }` (Foxglove's ComlinkWrap). */
import * as Comlink from 'comlink';
import type { KioskApi } from '../../worker/api';
import { encodeWorkerName, type StartAddress } from '../../worker/workerName';
import { takeEarlyWorker } from '../earlyWorker';

export interface WorkerHandle {
  remote: Comlink.Remote<KioskApi>;
  dispose(): void;
}

/**
 * Spawns the worker, or adopts the one the built page's boot script started already with the same name
 * (src/earlyStart.ts). With `start`, the worker starts the live app at that address as soon as it has loaded,
 * told through its name: a message would wait for this thread, which is busy loading React at that moment.
 */
export function connectWorker(start?: StartAddress): WorkerHandle {
  // Only the storm benchmark sets `__kioskBench`; it turns on the worker's frame trace (worker/socketLink.ts).
  const bench = (globalThis as { __kioskBench?: unknown }).__kioskBench !== undefined;
  const name = encodeWorkerName({ start: start ?? null, bench });
  const early = start ? takeEarlyWorker() : undefined;
  if (early && early.name !== name) early.worker.terminate();
  const worker = early?.name === name ? early.worker : new Worker(new URL('../../worker/main.ts', import.meta.url), { type: 'module', name });
  const remote = Comlink.wrap<KioskApi>(worker);
  return {
    remote,
    dispose: () => {
      remote[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}
