/**
 * The back end's problem reports for /replay (`GET api/reports`, api.md), read by the live worker so the page
 * makes no call itself. A back end without reports (404/405) says so, and the page then shows no list.
 */
import type { Ports } from './ports';

/** One report as the back end lists it. */
export interface ReportEntry {
  id: number;
  created_at: string;
  /** ISO time of the report: the moment /replay opens its clip at. */
  at: string;
  note: string;
  bytes: number;
}

export type ReportListing =
  | { kind: 'list'; reports: ReportEntry[] }
  /** The back end has no reports (404/405): no list. */
  | { kind: 'none' }
  /** The call needs a login (401). */
  | { kind: 'login' }
  | { kind: 'error'; message: string };

/** Asks the back end for its reports. */
export async function listReports(ports: Ports): Promise<ReportListing> {
  try {
    const answer = await ports.fetch(`${ports.location.origin}/api/reports`, { method: 'GET', headers: { accept: 'application/json' } });
    if (answer.status === 404 || answer.status === 405) return { kind: 'none' };
    if (answer.status === 401) return { kind: 'login' };
    const body = JSON.parse(await answer.text()) as { data?: unknown; error?: { message?: string } };
    if (answer.status >= 200 && answer.status < 300 && Array.isArray(body.data)) return { kind: 'list', reports: body.data as ReportEntry[] };
    return { kind: 'error', message: body.error?.message ?? `status ${answer.status}` };
  } catch (error) {
    return { kind: 'error', message: (error as Error).message };
  }
}
