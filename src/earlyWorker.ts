/**
 * What the inline boot script (src/earlyStart.ts) hands the entry (src/main.tsx): the address the app starts
 * at, and the core's worker it started before any module loaded. Small on purpose: the boot script carries a
 * copy of what it imports.
 */

import type { StartAddress } from '../worker/workerName';

/**
 * The address the app starts at, as the worker and the core take it, and why it starts: the page reloaded, or
 * loaded afresh (navigation timing's 'navigate', 'back_forward', 'prerender'). The replay timeline tells a
 * reload from a network drop by it (core/log/timeline.ts).
 */
export function startAddress(location: { pathname: string; search: string }, timing: NavigationTimes = performance): StartAddress {
  const navigation = timing.getEntriesByType('navigation')[0] as { type?: string } | undefined;
  return { path: location.pathname, search: location.search.replace(/^\?/, ''), reason: navigation?.type === 'reload' ? 'reload' : 'start' };
}

/** The part of `performance` read for the start's reason. */
export type NavigationTimes = Pick<Performance, 'getEntriesByType'>;

/** The core's worker, started by the boot script, and the name it was given (worker/workerName.ts). */
export interface EarlyWorker {
  worker: Worker;
  name: string;
}

interface BootGlobal {
  __kioskEarlyWorker?: EarlyWorker;
}

export function putEarlyWorker(early: EarlyWorker): void {
  (globalThis as BootGlobal).__kioskEarlyWorker = early;
}

/** Hands the boot script's worker to the entry, once. */
export function takeEarlyWorker(): EarlyWorker | undefined {
  const g = globalThis as BootGlobal;
  const early = g.__kioskEarlyWorker;
  delete g.__kioskEarlyWorker;
  return early;
}
