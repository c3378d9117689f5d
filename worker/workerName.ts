/**
 * What a page tells its worker before any message can arrive, in the worker's name: where the app starts
 * (so the worker starts at once, without waiting for the page's busy main thread to forward a message), whether
 * the page was reloaded (a worker cannot see the page's navigation, src/earlyWorker.ts reads it) and whether the
 * storm benchmark's trace is on (the `:bench` suffix, see socketLink.ts). Pure.
 */
import type { StartReason } from '../core/events';

export const WORKER_NAME = 'kiosk-core';
const REASONS: readonly string[] = ['start', 'reload'] satisfies StartReason[];

/** Where the app starts, and why (none: not known, as from a caller that does not say). */
export interface StartAddress {
  path: string;
  search: string;
  reason?: StartReason;
}
const BENCH_SUFFIX = ':bench';

export interface WorkerBoot {
  start: StartAddress | null;
  bench: boolean;
}

export function encodeWorkerName(boot: WorkerBoot): string {
  // encodeURIComponent escapes ':' and '@', so neither the separator nor the suffix can occur in the path.
  const start = boot.start ? `@${encodeURIComponent(boot.start.path)}@${encodeURIComponent(boot.start.search)}${boot.start.reason ? `@${boot.start.reason}` : ''}` : '';
  return `${WORKER_NAME}${start}${boot.bench ? BENCH_SUFFIX : ''}`;
}

export function decodeWorkerName(name: string): WorkerBoot {
  const bench = name.endsWith(BENCH_SUFFIX);
  const body = bench ? name.slice(0, -BENCH_SUFFIX.length) : name;
  const [head, path, search, reason] = body.split('@');
  if (head !== WORKER_NAME || path === undefined) return { start: null, bench };
  try {
    const start: StartAddress = { path: decodeURIComponent(path), search: decodeURIComponent(search ?? '') };
    if (reason !== undefined && REASONS.includes(reason)) start.reason = reason as StartReason;
    return { start, bench };
  } catch {
    return { start: null, bench };
  }
}
