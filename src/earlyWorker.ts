/**
 * What the inline boot script (src/earlyStart.ts) hands the entry (src/main.tsx): the address the app starts
 * at, and the core's worker it started before any module loaded. Small on purpose: the boot script carries a
 * copy of what it imports.
 */

import { portNumber, type StartAddress } from '../worker/workerName';

/**
 * The meta tag the back end writes into index.html (backend/http/static.ts): the port of its teleoperation socket,
 * which a back end started with `--teleop-port` (or the pass-through server) has on another port than api.md's
 * 9191 (issue 42). A page without it (the Vite dev server) dials 9191.
 */
export const TELEOP_PORT_META = 'kiosk-teleop-port';

/** The part of `document` read for the teleop port. */
export type MetaReader = Pick<Document, 'querySelector'>;

/** The teleop port the page's server named, or undefined. */
export function teleopPortOf(page: MetaReader | undefined): number | undefined {
  return portNumber(page?.querySelector<HTMLMetaElement>(`meta[name="${TELEOP_PORT_META}"]`)?.content);
}

/**
 * The address the app starts at, as the worker and the core take it, and why it starts: the page reloaded, or
 * loaded afresh (navigation timing's 'navigate', 'back_forward', 'prerender'). The replay timeline tells a
 * reload from a network drop by it (core/log/timeline.ts).
 */
export function startAddress(
  location: { pathname: string; search: string },
  timing: NavigationTimes = performance,
  page: MetaReader | undefined = globalThis.document,
): StartAddress {
  const navigation = timing.getEntriesByType('navigation')[0] as { type?: string } | undefined;
  const start: StartAddress = { path: location.pathname, search: location.search.replace(/^\?/, ''), reason: navigation?.type === 'reload' ? 'reload' : 'start' };
  const teleopPort = teleopPortOf(page);
  if (teleopPort !== undefined) start.teleopPort = teleopPort;
  return start;
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
