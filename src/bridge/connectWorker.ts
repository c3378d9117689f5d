/** Starts the core's worker and wraps it with Comlink, as `{ remote, dispose }` (Foxglove's ComlinkWrap). */
import * as Comlink from 'comlink';
import type { KioskApi } from '../../worker/api';

export interface WorkerHandle {
  remote: Comlink.Remote<KioskApi>;
  dispose(): void;
}

function spawn(): Worker {
  // Only the storm benchmark sets `__kioskBench`; the name turns on the worker's frame trace (worker/socketLink.ts).
  const bench = (globalThis as { __kioskBench?: unknown }).__kioskBench !== undefined;
  return new Worker(new URL('../../worker/main.ts', import.meta.url), { type: 'module', name: bench ? 'kiosk-core:bench' : 'kiosk-core' });
}

/**
 * One worker is started as soon as this module is evaluated, while the rest of the main bundle still
 * evaluates: its boot (a thread, then fetching, compiling and evaluating the worker bundle, about 90 ms on
 * the kiosk's class of machine) overlaps the page's instead of following it, which put the first screen
 * 1.9 times later than a bare React page (`npm run bench:coldstart`). The first `connectWorker()` adopts it.
 * A worker that is never adopted (a second tab shows a notice instead) stays idle, started but never told to
 * start the app, and is ended after ADOPT_WITHIN_MS.
 */
const ADOPT_WITHIN_MS = 10_000;
let early: Worker | null = typeof Worker === 'function' && typeof window !== 'undefined' ? spawn() : null;
if (early) {
  setTimeout(() => {
    early?.terminate();
    early = null;
  }, ADOPT_WITHIN_MS);
}

export function connectWorker(): WorkerHandle {
  const worker = early ?? spawn();
  early = null;
  const remote = Comlink.wrap<KioskApi>(worker);
  return {
    remote,
    dispose: () => {
      remote[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}
