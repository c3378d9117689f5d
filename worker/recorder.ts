/**
 * The recorder of every event fed to the core (PINs never among them: the worker holds those), as JSON Lines.
 * In memory it keeps the newest events within a count and a byte bound; with a sink (IndexedDB in the browser,
 * worker/logStore.ts) it also hands the lines over in batches, off the frame's path, so the log survives
 * reloads and restarts. Map images are kept once per content hash beside the events (worker/imageStore.ts):
 * an exported log carries each one once, and every persisted batch carries the images its events refer to.
 */
import type { CoreEvent } from '../core/events';
import { LOG_FORMAT, LOG_VERSION } from '../core/log/eventLog';
import type { Rejected } from '../core/step';
import { ImageStore } from './imageStore';

/** Events kept in memory at most. */
export const DEFAULT_CAPACITY = 200_000;
/**
 * Bytes of JSON kept in memory at most, map images included: about 64 MB, a fair share of a kiosk's memory for
 * a debugging aid.
 */
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
/** Characters kept of a rejected frame: enough to recognise it, never a whole oversized frame. */
export const REJECTED_PREFIX = 200;
/** How long lines wait for the sink: one write a second keeps the IndexedDB work off every frame. */
export const PERSIST_EVERY_MS = 1_000;

/** A batch of lines handed to the sink: their JSON text and the span of time they cover. */
export interface LogChunk {
  first: number;
  last: number;
  count: number;
  bytes: number;
  text: string;
}

/** Where the recorder persists its lines (IndexedDB in the browser). */
export interface LogSink {
  append(chunk: LogChunk): Promise<void>;
  /** Every persisted chunk's text, oldest first, and what was dropped to stay within its bounds. */
  readAll(): Promise<{ texts: string[]; droppedEvents: number }>;
  /** The same, one chunk at a time (`onText` must not wait: the read is one transaction), for a log of any size. */
  readEach?(onText: (text: string) => void): Promise<{ droppedEvents: number }>;
  stats(): Promise<{ bytes: number; events: number; chunks: number; droppedEvents: number }>;
}

export interface RecorderStats {
  /** In memory: events, bytes of JSON, events dropped to stay within the bounds. */
  events: number;
  bytes: number;
  dropped: number;
  /** Persisted (when there is a sink): bytes, events, chunks, and events dropped by its 7-day / 200 MB bound. */
  persisted: { bytes: number; events: number; chunks: number; droppedEvents: number } | null;
}

type Schedule = (fn: () => void, ms: number) => unknown;

export class Recorder {
  /** Lines from `head` on are kept; the ones before it are dropped and compacted away now and then. */
  private lines: string[] = [];
  /** Beside each line: the hash of the map image it refers to, if any. */
  private lineImages: (string | null)[] = [];
  private head = 0;
  private bytes = 0;
  private dropped = 0;
  private sink: LogSink | null = null;
  private schedule: Schedule | null = null;
  private pending: LogChunk | null = null;
  private writing: Promise<void> = Promise.resolve();
  private onError: (error: unknown) => void = () => {};
  /** Map images, once per content hash, out of the recorded events (see core/logImages.ts). */
  readonly images = new ImageStore();
  /** The images already written into the pending batch, so each batch carries each image once. */
  private pendingImages = new Set<string>();

  constructor(
    private readonly capacity = DEFAULT_CAPACITY,
    private readonly maxBytes = DEFAULT_MAX_BYTES,
  ) {}

  /** Persists every line recorded from now on to `sink`, in batches at most `PERSIST_EVERY_MS` apart. */
  persistTo(sink: LogSink, schedule: Schedule, onError: (error: unknown) => void): void {
    this.sink = sink;
    this.schedule = schedule;
    this.onError = onError;
  }

  record(event: CoreEvent): void {
    const kept = this.images.strip(event);
    this.add(event.at, JSON.stringify(kept.event), kept.hash, kept.added);
  }

  /**
   * Records a batch the core has just stepped; `rejected` lists the events it rejected (`stepAll` reports
   * them). A rejected socket frame is kept as its reason plus a short prefix rather than the whole text.
   */
  recordBatch(batch: readonly CoreEvent[], rejected: readonly Rejected[]): void {
    let next = 0;
    batch.forEach((event, i) => {
      const r = rejected[next];
      if (r?.index !== i) return this.record(event);
      next++;
      this.add(event.at, compactRejected(event, r.reason), null, 0);
    });
  }

  /** Keeps a line (and counts a newly stored image's characters), dropping the oldest past the bounds. */
  private add(at: number, line: string, image: string | null, imageChars: number): void {
    this.lines.push(line);
    this.lineImages.push(image);
    this.bytes += line.length + 1 + imageChars;
    while (this.lines.length - this.head > this.capacity || (this.bytes > this.maxBytes && this.lines.length - this.head > 1)) {
      this.bytes -= this.lines[this.head]!.length + 1;
      const dropped = this.lineImages[this.head];
      if (dropped) this.bytes -= this.images.release(dropped);
      this.head += 1;
      this.dropped += 1;
    }
    // Compacting only when half the array is dropped keeps the cost of each drop constant on average.
    if (this.head > 1024 && this.head * 2 > this.lines.length) {
      this.lines = this.lines.slice(this.head);
      this.lineImages = this.lineImages.slice(this.head);
      this.head = 0;
    }
    if (this.sink) this.queue(at, line, image);
  }

  private queue(at: number, line: string, image: string | null): void {
    if (!this.pending) {
      this.pending = { first: at, last: at, count: 0, bytes: 0, text: '' };
      this.pendingImages.clear();
      this.schedule?.(() => void this.persist(), PERSIST_EVERY_MS);
    }
    const p = this.pending;
    // Each batch carries the images its events refer to, so the store's 7-day / 200 MB bound, which drops
    // whole batches, never leaves an event without its image.
    const imageLine = image && !this.pendingImages.has(image) ? this.images.line(image) : null;
    if (imageLine && image) {
      this.pendingImages.add(image);
      p.bytes += imageLine.length + 1;
      p.text += `${imageLine}\n`;
    }
    p.last = at;
    p.count += 1;
    p.bytes += line.length + 1;
    p.text += `${line}\n`;
  }

  /** Hands the waiting lines to the sink now; resolves when every write so far has finished. */
  persist(): Promise<void> {
    const chunk = this.pending;
    this.pending = null;
    if (chunk && this.sink) {
      const sink = this.sink;
      this.writing = this.writing.then(() => sink.append(chunk)).catch(this.onError);
    }
    return this.writing;
  }

  /** The newest recorded lines, oldest first. */
  eventLines(): string[] {
    return this.lines.slice(this.head);
  }

  /**
   * The in-memory log as JSONL. When older events were dropped, the header says so: such a log replays from a
   * state the recorder no longer has, so it is for reading, not for exact replay.
   */
  export(meta: Record<string, unknown> = {}): string {
    return logText({ ...meta, dropped: this.dropped, complete: this.dropped === 0 }, [...this.images.lines(), ...this.eventLines()]);
  }

  /** The persisted log (every session the sink still holds), or the in-memory one without a sink. */
  async exportPersisted(meta: Record<string, unknown> = {}): Promise<string> {
    if (!this.sink) return this.export(meta);
    await this.persist();
    return exportStoredLog(this.sink, meta);
  }

  /** `exportPersisted` as a file, streamed from the store chunk by chunk (a week of log is 200 MB). */
  async exportPersistedFile(meta: Record<string, unknown> = {}): Promise<Blob> {
    if (!this.sink) return new Blob([this.export(meta)], { type: LOG_TYPE });
    await this.persist();
    return storedLogFile(this.sink, meta);
  }

  async stats(): Promise<RecorderStats> {
    const memory = { events: this.size, bytes: this.bytes, dropped: this.dropped };
    return { ...memory, persisted: this.sink ? await this.sink.stats() : null };
  }

  get size(): number {
    return this.lines.length - this.head;
  }
}

/** A sink's whole log as JSONL, its header saying what the bounds dropped (a second tab reads it this way). */
export async function exportStoredLog(sink: LogSink, meta: Record<string, unknown>): Promise<string> {
  const { texts, droppedEvents } = await sink.readAll();
  return logText({ ...meta, persisted: true, dropped: droppedEvents, complete: droppedEvents === 0 }, [], texts.join(''));
}

const LOG_TYPE = 'application/x-ndjson';

/**
 * A sink's whole log as a file: each chunk becomes a part of the blob as it is read (the browser keeps a blob's
 * bytes out of the worker's heap), so the stored log is never one string. The same text as `exportStoredLog`.
 */
export async function storedLogFile(sink: LogSink, meta: Record<string, unknown>): Promise<Blob> {
  if (!sink.readEach) return new Blob([await exportStoredLog(sink, meta)], { type: LOG_TYPE });
  const parts: Blob[] = [];
  const { droppedEvents } = await sink.readEach((text) => parts.push(new Blob([text])));
  return new Blob([logText({ ...meta, persisted: true, dropped: droppedEvents, complete: droppedEvents === 0 }, []), ...parts], { type: LOG_TYPE });
}

function logText(header: Record<string, unknown>, lines: string[], tail = ''): string {
  const head = JSON.stringify({ format: LOG_FORMAT, version: LOG_VERSION, ...header });
  return `${head}\n${lines.map((l) => `${l}\n`).join('')}${tail}`;
}

/**
 * A rejected frame as the log keeps it: its time, a prefix of its text as `raw` (which the core rejects on
 * replay too) and the reason the core gave. A frame shorter than the prefix is kept whole, so it replays exactly.
 */
function compactRejected(event: CoreEvent, reason: string): string {
  const whole = JSON.stringify(event);
  if (event.type !== 'ws/message' && event.type !== 'teleop/message') return whole;
  const text = event.raw ?? JSON.stringify(event.message) ?? '';
  if (text.length <= REJECTED_PREFIX) return whole;
  return JSON.stringify({ type: event.type, at: event.at, raw: text.slice(0, REJECTED_PREFIX), reason, length: text.length });
}

