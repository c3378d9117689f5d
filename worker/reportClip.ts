/**
 * A problem report's clip: the last 15 minutes of the kiosk's own log (core/log/clip.ts's clip format), with the
 * operator's note and the moment of the report in its header (`report: {note, at}`, api.md). Built from the
 * recorder's log, which never holds a PIN (the worker keeps those) nor the session id (an HttpOnly cookie the
 * page never sees). Pure apart from the parsing and folding it does.
 */
import { makeClip, startGrids, startState } from '../core/log/clip';
import { parseLog } from '../core/log/eventLog';

/** How far back a report's clip reaches: long enough for what led up to it, short enough to send at once. */
export const REPORT_WINDOW_MS = 15 * 60 * 1000;

/** What the operator said and when (epoch ms). */
export interface ReportNote {
  note: string;
  at: number;
}

/**
 * The clip of `logText` (an exported log) from `windowMs` before `report.at` (or the log's first event, when it is
 * younger) up to `report.at`, its header carrying the report. Throws when the log cannot be replayed.
 */
export function reportClip(logText: string, report: ReportNote, meta: Record<string, unknown> = {}, windowMs = REPORT_WINDOW_MS): string {
  const { header, events } = parseLog(logText);
  const start = startState(header, events[0]);
  if (typeof start === 'string') throw new Error(start);
  const first = events[0]?.at ?? report.at;
  // One before the first event, so a young log's clip holds all of it (a clip's events are those after `from`).
  const from = Math.min(report.at, Math.max(report.at - windowMs, first - 1));
  const { format: _f, version: _v, ...rest } = header ?? {};
  const head = { ...rest, ...meta, report: { note: report.note, at: new Date(report.at).toISOString() } };
  return makeClip(events, from, report.at, start, head, startGrids(header));
}
