/**
 * What a page tells its worker before any message can arrive, in the worker's name: where the app starts
 * (so the worker starts at once, without waiting for the page's busy main thread to forward a message) and
 * whether the storm benchmark's trace is on (the `:bench` suffix, see socketLink.ts). Pure.
 */
export const WORKER_NAME = 'kiosk-core';
const BENCH_SUFFIX = ':bench';

export interface WorkerBoot {
  start: { path: string; search: string } | null;
  bench: boolean;
}

export function encodeWorkerName(boot: WorkerBoot): string {
  // encodeURIComponent escapes ':' and '@', so neither the separator nor the suffix can occur in the path.
  const start = boot.start ? `@${encodeURIComponent(boot.start.path)}@${encodeURIComponent(boot.start.search)}` : '';
  return `${WORKER_NAME}${start}${boot.bench ? BENCH_SUFFIX : ''}`;
}

export function decodeWorkerName(name: string): WorkerBoot {
  const bench = name.endsWith(BENCH_SUFFIX);
  const body = bench ? name.slice(0, -BENCH_SUFFIX.length) : name;
  const [head, path, search] = body.split('@');
  if (head !== WORKER_NAME || path === undefined) return { start: null, bench };
  try {
    return { start: { path: decodeURIComponent(path), search: decodeURIComponent(search ?? '') }, bench };
  } catch {
    return { start: null, bench };
  }
}
