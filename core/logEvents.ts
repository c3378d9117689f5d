/**
 * A loaded log's events as the seek index holds them (core/seek.ts). A day's log has a million events, and a
 * seek folds at most a snapshot interval of them (2,000), so the text log keeps each event's time (a
 * Float64Array) and where its line starts, and parses the few lines a seek, the event list or an export asks
 * for when it asks. Holding every parsed event instead roughly doubled the cost of parsing a day (in garbage
 * collection: a million objects promoted to the old generation and marked again and again) and held about
 * 200 MB of heap. Pure.
 */
import type { CoreEvent } from './events';
import { parseLogLine, readLog, type LogSummary } from './eventLog';
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

/** A text log's events: their times and the starts of their lines, parsed again when asked for. */
class LogLines implements LogEvents {
  length = 0;
  private times = new Float64Array(1 << 12);
  private starts = new Uint32Array(1 << 12);
  /** The side section's images, which lines read again get back as the first reading gave them. */
  images: ReadonlyMap<string, string> = new Map();

  constructor(private readonly text: string) {}

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

  /** The event at `i`, read from its line again: the line `readLog` found it on, so the same event. */
  private event(i: number): CoreEvent {
    const start = this.starts[i]!;
    const end = this.text.indexOf('\n', start);
    const event = parseLogLine(this.text.slice(start, end < 0 ? this.text.length : end).trim());
    if (typeof event === 'string') throw new Error(`log line at ${start} no longer reads as an event (${event})`);
    return this.images.size > 0 ? restoreImage(event, this.images) : event;
  }

  private grow(needed: number): void {
    let size = this.times.length;
    while (size < needed) size *= 2;
    const times = new Float64Array(size);
    times.set(this.times);
    const starts = new Uint32Array(size);
    starts.set(this.starts);
    this.times = times;
    this.starts = starts;
  }
}

/**
 * Reads a log text as `readLog` does (batches of parsed events to fold, in order, with the offset reached),
 * and returns its events as lines to read again, keeping none of the parsed ones.
 */
export function readLogLines(
  text: string,
  batchSize: number,
  onBatch: (events: CoreEvent[], offset: number) => void,
): { events: LogEvents; summary: LogSummary } {
  const lines = new LogLines(text);
  const summary = readLog(text, batchSize, (batch, offset, starts) => {
    lines.add(batch, starts);
    onBatch(batch, offset);
  });
  lines.images = summary.images;
  return { events: lines, summary };
}
