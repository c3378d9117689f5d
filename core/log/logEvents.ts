/**
 * A loaded log's events as the seek index holds them (core/seek.ts). A day's log has a million events, and a
 * seek folds at most a snapshot interval of them (2,000), so the text log keeps each event's time (a
 * Float64Array) and where its line starts, and parses the few lines a seek, the event list or an export asks
 * for when it asks. Holding every parsed event instead roughly doubled the cost of parsing a day (in garbage
 * collection: a million objects promoted to the old generation and marked again and again) and held about
 * 200 MB of heap. Pure.
 */
import type { CoreEvent } from '../events';
import { LogReader, parseLogLine, type LogSummary } from './eventLog';
import { restoreImage } from './logImages';

/** A log's events in time order, read by place. */
export interface LogEvents {
  readonly length: number;
  /** The time of the event at `i` (0 <= i < length). */
  at(i: number): number;
  /** The events from `from` up to `to` (not included), in order. */
  slice(from: number, to: number): CoreEvent[];
}

/** Events already parsed, held as they are (an MCAP file's; a test's). */
export function eventList(events: readonly CoreEvent[]): LogEvents {
  return { length: events.length, at: (i) => events[i]!.at, slice: (from, to) => events.slice(from, to) };
}

/** How many events have `at <= time` (events are in time order). */
export function countUpTo(events: LogEvents, time: number): number {
  let lo = 0;
  let hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (events.at(mid) <= time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A text log's events: their times and the starts of their lines, parsed again when asked for. The text is
 * kept as the texts the reader read lines from (the whole log, or one per downloaded piece, see `LogReader`);
 * each line lies whole in one of them.
 */
class LogLines implements LogEvents {
  length = 0;
  private times = new Float64Array(1 << 12);
  private starts = new Float64Array(1 << 12);
  private readonly texts: string[] = [];
  /** Where each of `texts` starts in the whole log, increasing. */
  private readonly textStarts: number[] = [];
  /** The side section's images, which lines read again get back as the first reading gave them. */
  images: ReadonlyMap<string, string> = new Map();

  keepText(text: string, start: number): void {
    this.texts.push(text);
    this.textStarts.push(start);
  }

  add(events: readonly CoreEvent[], starts: readonly number[]): void {
    if (this.length + events.length > this.times.length) this.grow(this.length + events.length);
    for (let k = 0; k < events.length; k++) {
      this.times[this.length] = events[k]!.at;
      this.starts[this.length] = starts[k]!;
      this.length += 1;
    }
  }

  at(i: number): number {
    return this.times[i]!;
  }

  slice(from: number, to: number): CoreEvent[] {
    const out: CoreEvent[] = [];
    for (let i = Math.max(0, from); i < Math.min(to, this.length); i++) out.push(this.event(i));
    return out;
  }

  /** The event at `i`, read from its line again: the line `LogReader` found it on, so the same event. */
  private event(i: number): CoreEvent {
    const at = this.starts[i]!;
    // The last text starting at or before the line: the one it lies in.
    let lo = 0;
    let hi = this.textStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.textStarts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    const text = this.texts[lo]!;
    const start = at - this.textStarts[lo]!;
    const end = text.indexOf('\n', start);
    const event = parseLogLine(text.slice(start, end < 0 ? text.length : end).trim());
    if (typeof event === 'string') throw new Error(`log line at ${at} no longer reads as an event (${event})`);
    return this.images.size > 0 ? restoreImage(event, this.images) : event;
  }

  private grow(needed: number): void {
    let size = this.times.length;
    while (size < needed) size *= 2;
    const times = new Float64Array(size);
    times.set(this.times);
    const starts = new Float64Array(size);
    starts.set(this.starts);
    this.times = times;
    this.starts = starts;
  }
}

/**
 * Reads a log as `readLog` does, from pieces pushed as they arrive (a download) or from one text: batches of
 * parsed events to fold, in order, with the offset reached; `end` returns its events as lines to read again,
 * keeping none of the parsed ones.
 */
export class LogLinesReader {
  private readonly lines = new LogLines();
  private readonly reader: LogReader;

  constructor(batchSize: number, onBatch: (events: CoreEvent[], offset: number) => void) {
    this.reader = new LogReader(
      batchSize,
      (batch, offset, starts) => {
        this.lines.add(batch, starts);
        onBatch(batch, offset);
      },
      undefined,
      (text, start) => this.lines.keepText(text, start),
    );
  }

  push(piece: string): void {
    this.reader.push(piece);
  }

  end(): { events: LogEvents; summary: LogSummary } {
    const summary = this.reader.end();
    this.lines.images = summary.images;
    return { events: this.lines, summary };
  }
}

/** `LogLinesReader` on a whole text. */
export function readLogLines(
  text: string,
  batchSize: number,
  onBatch: (events: CoreEvent[], offset: number) => void,
): { events: LogEvents; summary: LogSummary } {
  const reader = new LogLinesReader(batchSize, onBatch);
  reader.push(text);
  return reader.end();
}
