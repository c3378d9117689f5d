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
  /** The teleoperation socket's port, as the server that served the page named it (none: api.md's 9191). */
  teleopPort?: number;
}
/** Between the start address and the bench suffix; encodeURIComponent escapes '#', so a path cannot hold it. */
const PORT_MARK = '#';
const BENCH_SUFFIX = ':bench';

export interface WorkerBoot {
  start: StartAddress | null;
  bench: boolean;
}

export function encodeWorkerName(boot: WorkerBoot): string {
  // encodeURIComponent escapes ':' and '@', so neither the separator nor the suffix can occur in the path.
  const start = boot.start ? `@${encodeURIComponent(boot.start.path)}@${encodeURIComponent(boot.start.search)}${boot.start.reason ? `@${boot.start.reason}` : ''}` : '';
  const port = boot.start?.teleopPort !== undefined ? `${PORT_MARK}${boot.start.teleopPort}` : '';
  return `${WORKER_NAME}${start}${port}${boot.bench ? BENCH_SUFFIX : ''}`;
}

export function decodeWorkerName(name: string): WorkerBoot {
  const bench = name.endsWith(BENCH_SUFFIX);
  const withPort = bench ? name.slice(0, -BENCH_SUFFIX.length) : name;
  const mark = withPort.lastIndexOf(PORT_MARK);
  const teleopPort = mark < 0 ? undefined : portNumber(withPort.slice(mark + 1));
  const body = mark < 0 ? withPort : withPort.slice(0, mark);
  const [head, path, search, reason] = body.split('@');
  if (head !== WORKER_NAME || path === undefined) return { start: null, bench };
  try {
    const start: StartAddress = { path: decodeURIComponent(path), search: decodeURIComponent(search ?? '') };
    if (reason !== undefined && REASONS.includes(reason)) start.reason = reason as StartReason;
    if (teleopPort !== undefined) start.teleopPort = teleopPort;
    return { start, bench };
  } catch {
    return { start: null, bench };
  }
}

/** A TCP port (1-65535) written in decimal, or undefined. Pure. */
export function portNumber(text: string | null | undefined): number | undefined {
  if (!text || !/^\d{1,5}$/.test(text)) return undefined;
  const port = Number(text);
  return port >= 1 && port <= 65535 ? port : undefined;
}
