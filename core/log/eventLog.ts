/**
 * The event-log format: JSON Lines, a header `{"format": "kiosk-event-log", "version": 1, ...}` then one event
 * per line. A log without the header, holding only robot socket messages, is valid too.
 * - A clip's header carries `snapshot` (the whole core state at the clip's start) and `clip: {from, to}`; its
 *   events follow the snapshot, and the fold starts from that state (core/clip.ts).
 * - A side-section line `{"section": NAME, ...}` carries data that events refer to. Map images are one such
 *   section (`{"section": "image", "hash", "base64"}`, core/logImages.ts): each is written once, before the
 *   first event that refers to it, and reading puts it back into those events. Readers hand other sections to
 *   `onSection`, and skip sections they do not know: never a bad line.
 * Pure.
 */
import type { CoreEvent } from '../events';
import { restoreImage } from './logImages';
import { FrameMemo } from './frameMemo';
import { LOG_FORMAT, LOG_VERSION, LineReading, type LineRead, type LogHeader, type SectionLine } from './logLines';

// The line rules live in logLines.ts; they are re-exported here, where readers have always found them.
export { LOG_FORMAT, LOG_VERSION, LineReading, isSectionLine, parseLogLine, readEventLine, readLogHeader } from './logLines';
export type { LineRead, LogHeader, SectionLine } from './logLines';

export interface ParsedLog {
  header: LogHeader | null;
  events: CoreEvent[];
  /** Lines that are not events: their 1-based number and why. */
  bad: { line: number; reason: string }[];
}

/** What reading a log found besides its events. */
export interface LogSummary {
  header: LogHeader | null;
  /** Lines that are not events: their 1-based number and why (none kept when the reader hands them to `onBad`). */
  bad: BadLine[];
  /** How many lines were not events (kept in `bad` or handed over). */
  badLines: number;
  /** How many events were handed over. */
  events: number;
  /** How many side-section lines were passed over (or handed to `onSection`). */
  sections: number;
  /** The side section's map images by hash, which events were given back (a line read again needs them). */
  images: ReadonlyMap<string, string>;
}

/** A line that is not an event: its 1-based number and why. */
export interface BadLine {
  line: number;
  reason: string;
}

/**
 * Reads a log line by line and hands its events over in batches of up to `batchSize`, in order, as it goes,
 * so a day's log (a million events) is never held parsed all at once. The header and bad-line rules are
 * `parseLog`'s. `onBatch` owns each batch it is given, and learns how far into the text the reading is (for
 * progress) and where each event's line starts (`starts[k]` for `events[k]`: a reader can keep that instead
 * of the event, see core/logEvents.ts). Pure apart from calling back.
 */
export function readLog(
  text: string,
  batchSize: number,
  onBatch: (events: CoreEvent[], offset: number, starts: number[], ends: number[]) => void,
  onSection?: (line: SectionLine) => void,
): LogSummary {
  const reader = new LogReader(batchSize, onBatch, onSection);
  reader.push(text);
  return reader.end();
}

/**
 * `readLog` for a text that arrives in pieces (a file decoded chunk by chunk as it downloads), so a day's log
 * is parsed and folded while the rest of it arrives. Pieces may split lines anywhere; the result is
 * `readLog`'s for the pieces joined, and offsets and line starts count characters of all pieces so far.
 * `onText` sees each text the lines are read from, with where it starts: every line handed over lies whole in
 * one of them (core/logEvents.ts keeps them to read lines again).
 * A reader of bytes (a file read slice by slice) splits the lines itself and hands each over, with where it
 * starts and ends in bytes, to `readLine`; then `starts` and `ends` count bytes. `onBad` takes the bad lines instead of the
 * summary, so a log of any size is read in bounded memory.
 */
export class LogReader {
  private readonly images = new Map<string, string>();
  /** Repeated robot frames parsed once (core/log/frameMemo.ts). */
  private readonly frames = new FrameMemo();
  private readonly summary: LogSummary = { header: null, bad: [], badLines: 0, events: 0, sections: 0, images: this.images };
  private batch: CoreEvent[] = [];
  private starts: number[] = [];
  private ends: number[] = [];
  private readonly reading = new LineReading();
  /** The unfinished last line of the pieces so far. */
  private rest = '';
  /** Characters of the pieces before `rest`. */
  private before = 0;

  constructor(
    private readonly batchSize: number,
    private readonly onBatch: (events: CoreEvent[], offset: number, starts: number[], ends: number[]) => void,
    private readonly onSection?: (line: SectionLine) => void,
    private readonly onText?: (text: string, start: number) => void,
    private readonly onBad?: (bad: BadLine) => void,
  ) {}

  /** The header, once its line has been read (null until then, and for a log without one). */
  get header(): LogHeader | null {
    return this.summary.header;
  }

  /** How many lines were not events so far. */
  get badLinesSoFar(): number {
    return this.summary.badLines;
  }

  /** The side section's images read so far, by hash (a line read again needs them: `readEventLine`). */
  get imagesSoFar(): ReadonlyMap<string, string> {
    return this.images;
  }

  /** Reads the lines the piece completes, keeping its unfinished end for the next piece. */
  push(piece: string): void {
    // A long line (a map image, a clip's snapshot) spans many pieces: join them once, when it ends.
    if (!piece.includes('\n')) {
      this.rest += piece;
      return;
    }
    const text = this.rest.length > 0 ? this.rest + piece : piece;
    this.onText?.(text, this.before);
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      this.readLine(text.slice(start, end), this.before + start, this.before + end + 1);
      start = end + 1;
    }
    this.rest = text.slice(start);
    this.before += start;
  }

  /**
   * Reads the last line (the text after the last newline) and hands over the last batch. `length`: where the
   * log ends, for a reader that fed whole lines to `readLine` (the pieces' length otherwise).
   */
  end(length = this.before + this.rest.length): LogSummary {
    if (this.rest.length > 0) {
      this.onText?.(this.rest, this.before);
      this.readLine(this.rest, this.before, length + 1);
    }
    this.rest = '';
    this.flush(length);
    return this.summary;
  }

  /** Hands over the events read so far (a reader of bytes does at each slice, so the fold keeps up with it). */
  flush(offset: number): void {
    const { summary, batch } = this;
    if (batch.length === 0) return;
    summary.events += batch.length;
    this.onBatch(batch, offset, this.starts, this.ends);
    this.batch = [];
    this.starts = [];
    this.ends = [];
  }

  /** One line, which starts at `at`; `next` is the offset just past it (for progress). */
  readLine(raw: string, at: number, next: number): void {
    const i = this.reading.line;
    this.apply(this.reading.read(raw, this.frames), i, at, next);
  }

  /** A line another reader read (a reader worker: worker/linePieces.ts), given as what it holds: as `readLine`. */
  readRead(read: LineRead, at: number, next: number): void {
    const i = this.reading.line;
    this.reading.count(read);
    this.apply(read, i, at, next);
  }

  /**
   * A frame line read elsewhere (a reader worker: core/log/frameTable.ts), given as its event: what `readLine`
   * does with such a line. It is never the header, an image or a section.
   */
  readFrame(event: CoreEvent, at: number, next: number): void {
    this.reading.countFrame();
    this.take(event, at, next);
  }

  /** Takes in what line `i` holds. */
  private apply(read: LineRead, i: number, at: number, next: number): void {
    if (read === null) return;
    if ('type' in read) return this.take(read, at, next);
    const { summary } = this;
    if ('header' in read) summary.header = read.header;
    else if ('image' in read) {
      this.images.set(read.image.hash, read.image.base64);
      summary.sections += 1;
    } else if ('section' in read) {
      summary.sections += 1;
      this.onSection?.(read.section);
    } else {
      summary.badLines += 1;
      if (this.onBad) this.onBad({ line: i + 1, reason: read.bad });
      else summary.bad.push({ line: i + 1, reason: read.bad });
    }
  }

  private take(event: CoreEvent, at: number, next: number): void {
    this.batch.push(this.images.size > 0 ? restoreImage(event, this.images) : event);
    this.starts.push(at);
    this.ends.push(next);
    if (this.batch.length >= this.batchSize) this.flush(next);
  }
}

/**
 * Splits a log into its header and events. A line that is not an event is kept out and reported; except
 * that a robot-recorded `ws/message` line whose frame is broken still reaches the core, which rejects it.
 */
export function parseLog(text: string): ParsedLog {
  let events: CoreEvent[] = [];
  const { header, bad } = readLog(text, Number.POSITIVE_INFINITY, (all) => {
    events = all;
  });
  return { header, events, bad };
}

/**
 * Writes a log: the header, then the image side section (`imageLines`, one stored image per line, see
 * logImages.ts: before the events, so a reader has each image before the events that refer to it), then the
 * events.
 */
export function serialiseLog(header: Omit<LogHeader, 'format' | 'version'>, events: readonly CoreEvent[], imageLines: readonly string[] = []): string {
  const head = JSON.stringify({ format: LOG_FORMAT, version: LOG_VERSION, ...header });
  return [head, ...imageLines, ...events.map((e) => JSON.stringify(e))].join('\n') + '\n';
}
