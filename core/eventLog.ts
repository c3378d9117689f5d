/**
 * The event-log format: JSON Lines, a header `{"format": "kiosk-event-log", "version": 1, ...}` then one event
 * per line. A log without the header, holding only robot socket messages, is valid too. Pure.
 */
import type { CoreEvent } from './events';

export const LOG_FORMAT = 'kiosk-event-log';
export const LOG_VERSION = 1;

export interface LogHeader {
  format: typeof LOG_FORMAT;
  version: number;
  [key: string]: unknown;
}

export interface ParsedLog {
  header: LogHeader | null;
  events: CoreEvent[];
  /** Lines that are not events: their 1-based number and why. */
  bad: { line: number; reason: string }[];
}

const EVENT_TYPE = /^(ws|teleop|http|ui|shell)\/[A-Za-z]+$|^tick$/;

/** Reads one line into an event, or says why it is not one. */
export function parseLogLine(line: string): CoreEvent | string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return 'not JSON';
  }
  if (typeof value !== 'object' || value === null) return 'not an object';
  const { type, at } = value as { type?: unknown; at?: unknown };
  if (typeof type !== 'string' || !EVENT_TYPE.test(type)) return 'no event type';
  if (typeof at !== 'number' || !Number.isFinite(at)) return 'no valid "at"';
  return value as CoreEvent;
}

/**
 * Splits a log into its header and events. A line that is not an event is kept out and reported; except
 * that a robot-recorded `ws/message` line whose frame is broken still reaches the core, which rejects it.
 */
export function parseLog(text: string): ParsedLog {
  const lines = text.split('\n');
  const result: ParsedLog = { header: null, events: [], bad: [] };
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    if (i === 0 || (result.header === null && result.events.length === 0)) {
      try {
        const maybe = JSON.parse(line) as { format?: unknown };
        if (maybe && maybe.format === LOG_FORMAT) {
          result.header = maybe as LogHeader;
          return;
        }
      } catch {
        /* not a header: read it as an event below */
      }
    }
    const event = parseLogLine(line);
    if (typeof event === 'string') result.bad.push({ line: i + 1, reason: event });
    else result.events.push(event);
  });
  return result;
}

export function serialiseLog(header: Omit<LogHeader, 'format' | 'version'>, events: readonly CoreEvent[]): string {
  const head = JSON.stringify({ format: LOG_FORMAT, version: LOG_VERSION, ...header });
  return [head, ...events.map((e) => JSON.stringify(e))].join('\n') + '\n';
}
