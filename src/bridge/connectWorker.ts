/** Starts the core's worker and wraps it with Comlink, as `{ remote, dispose }` (Foxglove's ComlinkWrap). */
import * as Comlink from 'comlink';
import type { KioskApi } from '../../worker/api';

export interface WorkerHandle {
  remote: Comlink.Remote<KioskApi>;
  dispose(): void;
}

export function connectWorker(): WorkerHandle {
  // Only the storm benchmark sets `__kioskBench`; the name turns on the worker's frame trace (worker/socketLink.ts).
  const bench = (globalThis as { __kioskBench?: unknown }).__kioskBench !== undefined;
  const worker = new Worker(new URL('../../worker/main.ts', import.meta.url), { type: 'module', name: bench ? 'kiosk-core:bench' : 'kiosk-core' });
  const remote = Comlink.wrap<KioskApi>(worker);
  return {
    remote,
    dispose: () => {
      remote[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}
