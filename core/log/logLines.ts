/**
 * What one line of an event log holds (core/log/eventLog.ts has the format): the header, an event, a side-section
 * line (an image or another section), a bad line's reason, or nothing. Line by line, so the index's reader, a
 * reader worker and a line read again (a seek) decide alike. Pure.
 */
import type { CoreEvent } from '../events';
import { IMAGE_LINE_START, readImageLine, restoreImage } from './logImages';
import type { FrameMemo } from './frameMemo';

export const LOG_FORMAT = 'kiosk-event-log';
export const LOG_VERSION = 1;

export interface LogHeader {
  format: typeof LOG_FORMAT;
  version: number;
  [key: string]: unknown;
}

/** A side-section line: an object with a string `section` name and whatever that section holds. */
export interface SectionLine {
  section: string;
  [key: string]: unknown;
}

/** Whether a parsed line is a side-section line rather than an event. */
export function isSectionLine(value: unknown): value is SectionLine {
  return typeof value === 'object' && value !== null && typeof (value as { section?: unknown }).section === 'string' && !('type' in value);
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
  // Nearly every line of a day's log is a robot frame: its type is compared before the pattern is tried.
  if (typeof type !== 'string' || (type !== 'ws/message' && !EVENT_TYPE.test(type))) return 'no event type';
  if (typeof at !== 'number' || !Number.isFinite(at)) return 'no valid "at"';
  return value as CoreEvent;
}

/**
 * What a line holds: an event, the header, a side-section image or other section, a bad line's reason, or
 * nothing (a blank line). Plain data, so a reader worker can send it.
 */
export type LineRead =
  | CoreEvent
  | { header: LogHeader }
  | { image: { hash: string; base64: string } }
  | { section: SectionLine }
  | { bad: string }
  | null;

/**
 * Where a reading of a log stands, which decides what a line can be: the header is looked for on the first
 * line and, for a log without one, until the first event. A reader worker keeps one as the index's reader does.
 */
export class LineReading {
  /** The 0-based number of the next line. */
  line = 0;
  private header = false;
  private anyEvent = false;

  /** What `raw` holds; `frames` reads repeated robot frames once (core/log/frameMemo.ts). */
  read(raw: string, frames?: FrameMemo): LineRead {
    const read = this.classify(raw, frames);
    this.count(read);
    return read;
  }

  /** Moves past a robot frame's line read elsewhere (core/log/frameTable.ts). */
  countFrame(): void {
    this.line++;
    this.anyEvent = true;
  }

  /** Whether the next line may be the header: then only `read` knows what it is. */
  get lookingForHeader(): boolean {
    return this.line === 0 || (!this.header && !this.anyEvent);
  }

  /** Moves past a line that holds `read`. */
  count(read: LineRead): void {
    this.line++;
    if (read === null) return;
    if ('type' in read) this.anyEvent = true;
    else if ('header' in read) this.header = true;
  }

  private classify(raw: string, frames?: FrameMemo): LineRead {
    const line = raw.trim();
    if (!line) return null;
    if (this.lookingForHeader) {
      const header = readHeader(line);
      if (header) return { header };
    }
    // Image lines (core/logImages.ts) start so: read them without trying them as events first.
    const image = line.startsWith(IMAGE_LINE_START) ? imageLine(line) : null;
    if (image) return { image };
    const event = frames?.read(line) ?? parseLogLine(line);
    if (typeof event !== 'string') return event;
    // Only a line already known not to be an event is looked at again, so the hot path parses once.
    const section = line.includes('"section"') ? sectionLine(line) : null;
    return section ? { section } : { bad: event };
  }
}

/** An image line of the side section (core/logImages.ts), or null when the line is something else. */
function imageLine(line: string) {
  try {
    return readImageLine(JSON.parse(line));
  } catch {
    return null;
  }
}

function sectionLine(line: string): SectionLine | null {
  try {
    const value: unknown = JSON.parse(line);
    return isSectionLine(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * A line read again (a seek reading a stretch of the log a second time): the event on it, its images put back,
 * or null for any line the first reading did not count as an event (the header, a section, a bad line).
 */
export function readEventLine(raw: string, images: ReadonlyMap<string, string>): CoreEvent | null {
  const line = raw.trim();
  if (!line || line.startsWith(IMAGE_LINE_START)) return null;
  const event = parseLogLine(line);
  if (typeof event === 'string') return null;
  return images.size > 0 ? restoreImage(event, images) : event;
}

/** The header of a log text (its first non-empty line), or null when it has none. */
export function readLogHeader(text: string): LogHeader | null {
  const start = text.search(/\S/);
  if (start < 0) return null;
  const end = text.indexOf('\n', start);
  return readHeader(text.slice(start, end < 0 ? text.length : end).trim());
}

function readHeader(line: string): LogHeader | null {
  try {
    const maybe = JSON.parse(line) as { format?: unknown };
    return maybe && maybe.format === LOG_FORMAT ? (maybe as LogHeader) : null;
  } catch {
    return null; // not a header: read it as an event
  }
}

