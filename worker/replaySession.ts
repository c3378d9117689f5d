/**
 * A loaded log in the replay worker. The log's bytes stay where they are (a picked file, the server: see
 * worker/byteSource.ts); the worker reads them once, front to back, into an index (core/logIndex.ts: a
 * checkpoint state every 1,000 events or 160 kB with its byte offset, and the timeline's markers found in the same fold),
 * and keeps no text and no event. A seek, the event list, a clip or an export reads the stretch of bytes it
 * needs again (a few hundred kilobytes per checkpoint interval) and parses only those lines. The first moment
 * is answered as soon as the first events are indexed; the rest is indexed in the background, in slices
 * between which seeks are answered.
 */
import type { CoreEvent } from '../core/events';
import { LOG_FORMAT, LOG_VERSION, LogReader, parseLogLine, readEventLine, type LogHeader } from '../core/log/eventLog';
import { LogIndexBuilder, checkpointBefore, checkpointOf, foldFrom, type FoldPoint } from '../core/log/logIndex';
import type { TimelineEntry } from '../core/log/timeline';
import { clipHeader, startGrids, startState } from '../core/log/clip';
import { summariseEvent } from '../core/log/eventSummary';
import type { State } from '../core/state';
import type { LogGrids } from '../core/log/logGrids';
import { changedSlices } from './runtime';
import { isMcap, McapLogWriter, readMcapLog } from './mcapLog';
import type { EventRow, IndexProgress, ReplayInfo, ReplaySource } from './replayApi';
import { LineSplitter } from './lineSplitter';
import { threadFeed, workerFeed, type ReaderPort } from './lineFeeds';
import { blobSource, urlSource, type ByteSource } from './byteSource';

/** Events per batch handed from the reader to the index: small, so parsed events die young (see bench/README.md). */
const LOAD_BATCH = 2_000;
/** The open answers once this many events are indexed (or the log ended): its first moment is on screen then. */
const FIRST_MOMENT_EVENTS = 2_000;
/**
 * Work between two turns of the message queue while indexing: a seek waits about this long for it (at 16 ms,
 * seeks during indexing waited 1 to 37 ms for the worker at load 7; a turn costs about 0.05 ms).
 */
const SLICE_MS = 6;
/**
 * How often progress and newly found markers are handed over (each is a message and a render on the page, whose
 * thread shares the two cores with the index: 1.6 GB indexed in 18.0-18.8 s against 18.4-19.1 s at 200 ms, three
 * interleaved pairs, each pair faster at 500).
 */
const REPORT_MS = 500;
/** The tail read for the log's last moment, so the timeline spans the whole log while it is indexed. */
const TAIL_BYTES = 256 * 1024;
/**
 * Markers kept per kind: one per 1/20,000 of the log's span (the timeline paints one per column and lane, 400
 * columns wide; zoomed in 50 times it still has one per column). A week of a busy robot finds millions.
 */
const MARKER_BUCKETS = 20_000;
/** Checkpoint intervals kept parsed: a seek, the event list and playback around one moment reuse them. */
const INTERVALS_KEPT = 4;
/** Bytes of an MCAP export gathered before they become a part of the blob (kept out of the worker's heap). */
const BLOB_PART_BYTES = 4 * 1024 * 1024;

/**
 * Checkpoints kept at most (about): each holds a state, 2 to 3 kB not shared with its neighbours (the ring of
 * recent rejections, the batteries, the state's own object; 10 GB with 40,000 of them: a 104 MB heap), so
 * 64,000 take about 170 MB. Up to 10 GB of a robot's frames (64 million events) keep one every 1,000 events or
 * 160 kB, so a seek there reads and folds what it does in a day's log; a bigger log keeps them further apart.
 * (At 40,000, 10 GB kept one every 250 kB and its seek p95 after indexing was 188 ms at load 12.7.)
 */
const MAX_CHECKPOINTS = 64_000;
/** Events and bytes between checkpoints at least: what a seek reads again, parses and folds at most (a few ms). */
const CHECKPOINT_EVENTS = 1_000;
const CHECKPOINT_BYTES = 160 * 1024;

/** How far apart checkpoints are for a log of `size` bytes, `bytesPerEvent` as its first batch had them. */
function checkpointSpacing(size: number, bytesPerEvent: number): { events: number; bytes: number } {
  const events = size / Math.max(1, bytesPerEvent);
  return {
    events: Math.max(CHECKPOINT_EVENTS, Math.ceil(events / MAX_CHECKPOINTS / 250) * 250),
    bytes: Math.max(CHECKPOINT_BYTES, Math.ceil(size / MAX_CHECKPOINTS)),
  };
}

/** The channel `yieldToMessages` posts to itself on, made once (a channel per turn cost a pipe each). */
let turns: { port: MessagePort; waiting: (() => void)[] } | null = null;

/** Gives the worker's message queue a turn: a message on a channel of our own comes after those already waiting. */
function yieldToMessages(): Promise<void> {
  if (!turns) {
    const channel = new MessageChannel();
    const mine = { port: channel.port2, waiting: [] as (() => void)[] };
    channel.port1.onmessage = () => mine.waiting.shift()?.();
    turns = mine;
  }
  const { port, waiting } = turns;
  return new Promise((resolve) => {
    waiting.push(resolve);
    port.postMessage(null);
  });
}

type Listener = (changed: Partial<State>) => void;

/** The pixels of the map on show (the decoded grid's grey levels, shared, never written), numbered in the order they were sent. */
export interface ShownMap {
  sequence: number;
  width: number;
  height: number;
  grey: Uint8Array;
}

/** One open log: where its bytes are, and its index as far as it has got. */
interface Loaded {
  generation: number;
  source: ByteSource;
  reader: LogReader;
  builder: LogIndexBuilder | null;
  /** Where the line after the last indexed event starts: the end of the last interval so far. */
  indexedEnd: number;
  /** Bytes read so far. */
  readBytes: number;
  done: boolean;
  /** Why indexing stopped early (a download broken off), if it did. */
  failure: string | null;
  /** The log's last moment, read from its tail (null when the tail held no event: it grows as indexed). */
  tailLast: number | null;
  intervals: Map<number, { end: number; events: CoreEvent[] }>;
  /** Resolves when the whole log is indexed. */
  indexed: Promise<void>;
  /** Resolves when the first `FIRST_MOMENT_EVENTS` events are indexed: the open answers then. */
  firstMoment: { promise: Promise<void>; resolve: () => void };
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

export class ReplaySession {
  /**
   * `startReader`, when given, starts a reader worker for each log indexed (worker/lineReaderWorker.ts): the
   * lines are then read on another core while this thread folds them. Without it they are read here.
   */
  constructor(private readonly startReader?: () => ReaderPort) {}

  /** A reader started at the open, which loads its script while the log's size and tail are read. */
  private spareReader: ReaderPort | null = null;

  private loaded: Loaded | null = null;
  private cursor: { generation: number; interval: number; time: number; point: FoldPoint } | null = null;
  private pushed: State | null = null;
  private listener: Listener | null = null;
  private mapListener: ((map: ShownMap) => void) | null = null;
  /** The image whose pixels were sent last, and how many have been sent. */
  private shownImage: string | undefined;
  private mapsSent = 0;
  private shownCount = 0;
  /** Counts opens, so the indexing of an earlier log stops. */
  private generation = 0;
  /** Requests being answered (a seek, the event list, an export): indexing waits for them, so they come first. */
  private busy = 0;
  private resumeIndexing: (() => void) | null = null;

  /** Runs a request with indexing held back until it is answered (a seek waits on the reads it makes). */
  private async first<T>(work: () => Promise<T>): Promise<T> {
    this.busy += 1;
    try {
      return await work();
    } finally {
      this.busy -= 1;
      if (this.busy === 0) {
        this.resumeIndexing?.();
        this.resumeIndexing = null;
      }
    }
  }

  subscribe(listener: Listener): void {
    this.listener = listener;
    this.pushed = null;
  }

  /** One listener for the pixels of the map on show: those of the moment shown now, then at each seek that changes them. */
  listenMap(listener: (map: ShownMap) => void): void {
    this.mapListener = listener;
    this.shownImage = undefined;
    const builder = this.loaded?.builder;
    if (builder && this.pushed) this.showMap(builder.grids, this.pushed, this.shownCount);
  }

  /**
   * Opens a log and starts indexing it; answers once its first moment can be shown (or with a one-line reason
   * it cannot be read). Progress and the markers found come through the callbacks until it is all indexed.
   */
  async open(
    source: ReplaySource,
    onProgress: (progress: IndexProgress) => void,
    origin: string,
    onMarkers: (found: TimelineEntry[], done: boolean) => void = () => {},
  ): Promise<ReplayInfo | { error: string }> {
    const generation = ++this.generation;
    this.cursor = null;
    if (this.startReader) this.spareReader ??= this.startReader();
    let bytes = await byteSource(source, origin);
    if (typeof bytes === 'string') return { error: bytes };
    try {
      const magic = await bytes.read(0, Math.min(8, bytes.size));
      if (isMcap(magic)) {
        const text = await mcapAsText(bytes);
        if (typeof text === 'string') return { error: text };
        bytes = text;
      }
      const tailLast = await lastEventAt(bytes);
      if (generation !== this.generation) return { error: 'another log was opened' };
      const loaded = this.startIndexing(generation, bytes, tailLast, onProgress, onMarkers);
      this.loaded = loaded;
      await Promise.race([loaded.indexed, loaded.firstMoment.promise]);
      if (!loaded.builder || loaded.builder.count === 0) {
        if (loaded.failure) return { error: loaded.failure };
        const bad = loaded.reader.header === null ? loaded.reader.badLinesSoFar : 0;
        return { error: bad > 0 ? 'not a kiosk event log: no line of it is an event' : 'the file holds no events' };
      }
      return this.info(loaded);
    } catch (error) {
      return { error: `${bytes.name} could not be read (${(error as Error).message})` };
    }
  }

  /** Resolves when the open log is indexed to its end (tests, benchmarks). */
  async whenIndexed(): Promise<void> {
    await this.loaded?.indexed;
  }

  private info(loaded: Loaded): ReplayInfo {
    const builder = loaded.builder!;
    const clip = loaded.reader.header?.clip as { from: number; to: number } | undefined;
    return {
      name: loaded.source.name,
      events: builder.count,
      first: clip?.from ?? builder.firstAt,
      last: loaded.done ? builder.lastAt : Math.max(loaded.tailLast ?? builder.lastAt, builder.lastAt),
      bad: loaded.reader.badLinesSoFar,
      clip: clip ?? null,
      size: loaded.source.size,
      indexing: !loaded.done,
      indexedTo: builder.count > 0 ? builder.lastAt : null,
      fraction: loaded.source.size > 0 ? loaded.readBytes / loaded.source.size : 1,
      failure: loaded.failure,
    };
  }

  /** Reads the log front to back into its index, yielding between slices; stops when another log is opened. */
  private startIndexing(
    generation: number,
    source: ByteSource,
    tailLast: number | null,
    onProgress: (progress: IndexProgress) => void,
    onMarkers: (found: TimelineEntry[], done: boolean) => void,
  ): Loaded {
    let problem: string | null = null;
    const loaded: Loaded = {
      generation,
      source,
      builder: null,
      indexedEnd: 0,
      readBytes: 0,
      done: false,
      failure: null,
      tailLast,
      intervals: new Map(),
      indexed: Promise.resolve(),
      firstMoment: deferred(),
      reader: new LogReader(
        LOAD_BATCH,
        (batch, _offset, _starts, ends) => {
          if (!loaded.builder) {
            const start = startState(loaded.reader.header, batch[0]);
            if (typeof start === 'string') {
              problem = start;
              return;
            }
            const spacing = checkpointSpacing(source.size, ends[ends.length - 1]! / batch.length);
            loaded.builder = new LogIndexBuilder(start, 0, startGrids(loaded.reader.header), spacing.events, spacing.bytes);
          }
          loaded.builder.add(batch, ends);
          loaded.indexedEnd = ends[ends.length - 1]!;
        },
        undefined,
        undefined,
        () => {}, // counted, not kept: a log of any size
      ),
    };
    const markers = new MarkerFilter(loaded, tailLast);
    const report = () => {
      const b = loaded.builder;
      onProgress({
        fraction: source.size > 0 ? loaded.readBytes / source.size : 1,
        events: b?.count ?? 0,
        bad: loaded.reader.badLinesSoFar,
        indexedTo: b && b.count > 0 ? b.lastAt : null,
        last: b && b.count > 0 ? this.info(loaded).last : null,
        done: loaded.done,
        failure: loaded.failure,
      });
      if (b) onMarkers(markers.keep(b.takeMarkers()), loaded.done);
    };
    const run = async () => {
      const port = this.spareReader ?? this.startReader?.();
      this.spareReader = null;
      const feed = port ? workerFeed(source, loaded.reader, port) : threadFeed(source, loaded.reader);
      try {
        let slice = performance.now();
        let reported = slice;
        for (;;) {
          const position = await feed.next();
          if (generation !== this.generation) return;
          if (position === null) break;
          loaded.readBytes = position;
          loaded.reader.flush(position);
          if (problem) throw new Error(problem);
          if ((loaded.builder?.count ?? 0) >= FIRST_MOMENT_EVENTS) loaded.firstMoment.resolve();
          const now = performance.now();
          if (now - slice < SLICE_MS) continue;
          if (now - reported >= REPORT_MS) {
            report();
            reported = now;
          }
          await yieldToMessages();
          while (this.busy > 0) await new Promise<void>((resume) => (this.resumeIndexing = resume));
          if (generation !== this.generation) return;
          slice = performance.now();
        }
      } finally {
        feed.close();
      }
      loaded.reader.end(loaded.readBytes);
      if (problem) throw new Error(problem);
    };
    loaded.indexed = run()
      .catch((error: Error) => {
        if (problem) loaded.failure = problem;
        else if (loaded.builder) loaded.failure = `${source.name}: reading stopped at byte ${loaded.readBytes} (${error.message})`;
        else loaded.failure = `${source.name} could not be read (${error.message})`;
      })
      .finally(() => {
        if (generation !== this.generation) return;
        loaded.done = true;
        report();
      });
    return loaded;
  }

  /** The events of checkpoint interval `k` (those after checkpoint `k` up to the next), read again from the source. */
  private async interval(loaded: Loaded, k: number): Promise<CoreEvent[]> {
    const checkpoints = loaded.builder!.checkpoints;
    const from = checkpoints[k]!;
    const next = checkpoints[k + 1];
    const end = next ? next.offset : loaded.indexedEnd;
    const count = (next ? next.count : loaded.builder!.count) - from.count;
    const kept = loaded.intervals.get(k);
    if (kept && kept.end === end) {
      loaded.intervals.delete(k);
      loaded.intervals.set(k, kept);
      return kept.events;
    }
    const bytes = await loaded.source.read(from.offset, end);
    const events: CoreEvent[] = [];
    const images = loaded.reader.imagesSoFar;
    const splitter = new LineSplitter((line) => {
      const event = readEventLine(line, images);
      if (event) events.push(event);
    }, from.offset);
    splitter.push(bytes);
    splitter.end();
    if (events.length !== count) throw new Error(`the log changed while open: ${events.length} events where ${count} were indexed`);
    loaded.intervals.set(k, { end, events });
    for (const key of loaded.intervals.keys()) {
      if (loaded.intervals.size <= INTERVALS_KEPT) break;
      loaded.intervals.delete(key);
    }
    return events;
  }

  /** The events of intervals `from` to `to` (clamped to those indexed), with the place of the first. */
  private async intervals(loaded: Loaded, from: number, to: number): Promise<{ base: number; events: CoreEvent[] }> {
    const checkpoints = loaded.builder!.checkpoints;
    const a = Math.max(0, from);
    const b = Math.min(checkpoints.length - 1, to);
    const events: CoreEvent[] = [];
    for (let k = a; k <= b; k++) for (const e of await this.interval(loaded, k)) events.push(e);
    return { base: checkpoints[a]!.count, events };
  }

  /** The moment a seek can show: `at`, or the last indexed one while the log is still being read. */
  private reachable(loaded: Loaded, at: number): number {
    return loaded.done ? at : Math.min(at, loaded.builder!.lastAt);
  }

  seek(at: number): Promise<{ nextEventAt: number | null }> {
    return this.first(() => this.seekNow(at));
  }

  private async seekNow(at: number): Promise<{ nextEventAt: number | null }> {
    const loaded = this.loaded;
    const builder = loaded?.builder;
    if (!loaded || !builder) return { nextEventAt: null };
    const time = this.reachable(loaded, at);
    const k = checkpointBefore(builder.checkpoints, time);
    const checkpoint = builder.checkpoints[k]!;
    const events = await this.interval(loaded, k);
    let from: FoldPoint = checkpoint;
    const c = this.cursor;
    // A seek forward within the interval folds on from the last one instead of from the checkpoint.
    if (c && c.generation === loaded.generation && c.interval === k && c.time <= time) from = c.point;
    const { state, point } = foldFrom(from, events.slice(from.count - checkpoint.count), time, builder.grids);
    this.cursor = { generation: loaded.generation, interval: k, time, point };
    this.push(state);
    this.shownCount = point.count;
    this.showMap(builder.grids, state, point.count);
    const next = events[point.count - checkpoint.count];
    // At the end of an interval the next event is the first of the next one, whose time the index keeps.
    return { nextEventAt: next ? next.at : (builder.checkpoints[k + 1]?.nextAt ?? null) };
  }

  /** Sends the pixels of the image the state's map version came from, when it is not the one sent last. */
  private showMap(grids: LogGrids, state: State, count: number): void {
    if (!this.mapListener || state.map.version === 0) return;
    const image = grids.imageBefore(count, state.map.version);
    if (image === undefined || image === this.shownImage) return;
    this.shownImage = image;
    // The grid the replayed taps hit-test on, decoded once for both (a broken image has none, nor had the kiosk).
    const grid = grids.sideAt(count).grid(state.map.version);
    if (!grid) return;
    this.mapsSent += 1;
    this.mapListener({ sequence: this.mapsSent, width: grid.width, height: grid.height, grey: grid.data });
  }

  private push(state: State): void {
    const changed = changedSlices(this.pushed, state);
    this.pushed = state;
    if (changed) this.listener?.(changed);
  }

  eventsNear(at: number, count: number): Promise<{ rows: EventRow[]; current: number }> {
    return this.first(() => this.eventsNearNow(at, count));
  }

  private async eventsNearNow(at: number, count: number): Promise<{ rows: EventRow[]; current: number }> {
    const loaded = this.loaded;
    const builder = loaded?.builder;
    if (!loaded || !builder) return { rows: [], current: -1 };
    const k = checkpointBefore(builder.checkpoints, at);
    const { base, events } = await this.intervals(loaded, k - 1, k + 1);
    const current = base + upTo(events, at) - 1;
    const from = Math.max(base, Math.min(current - Math.floor(count / 2), base + events.length - count));
    const rows = events.slice(from - base, from - base + count).map((e, i) => ({ index: from + i, at: e.at, type: e.type, summary: summariseEvent(e) }));
    return { rows, current };
  }

  neighbour(at: number, direction: 1 | -1): Promise<number | null> {
    return this.first(() => this.neighbourNow(at, direction));
  }

  private async neighbourNow(at: number, direction: 1 | -1): Promise<number | null> {
    const loaded = this.loaded;
    const builder = loaded?.builder;
    if (!loaded || !builder) return null;
    if (direction === 1) {
      const k = checkpointBefore(builder.checkpoints, at);
      const { events } = await this.intervals(loaded, k, k + 1);
      return events[upTo(events, at)]?.at ?? null;
    }
    const k = checkpointBefore(builder.checkpoints, at - 1);
    const { events } = await this.intervals(loaded, k - 1, k);
    const before = upTo(events, at - 1);
    return before > 0 ? events[before - 1]!.at : null;
  }

  /** The events from the one at `first` on, interval by interval, while `keep` holds (events are in time order). */
  private async eachEvent(loaded: Loaded, first: number, keep: (event: CoreEvent) => boolean, visit: (event: CoreEvent) => void | Promise<void>): Promise<void> {
    const checkpoints = loaded.builder!.checkpoints;
    let k = checkpointOf(checkpoints, first);
    for (; k < checkpoints.length; k++) {
      const base = checkpoints[k]!.count;
      const events = await this.interval(loaded, k);
      for (let i = Math.max(0, first - base); i < events.length; i++) {
        if (!keep(events[i]!)) return;
        await visit(events[i]!);
      }
    }
  }

  /** A clip's header fields and where its events start: the state at `from`, from the nearest checkpoint. */
  private async clipStart(loaded: Loaded, from: number, to: number): Promise<{ header: Omit<LogHeader, 'format' | 'version'>; first: number }> {
    const { format: _f, version: _v, snapshot: _s, clip: _c, snapshotMap: _m, ...meta } = (loaded.reader.header ?? {}) as Record<string, unknown>;
    const builder = loaded.builder!;
    const k = checkpointBefore(builder.checkpoints, from);
    const { state, point } = foldFrom(builder.checkpoints[k]!, await this.interval(loaded, k), from, builder.grids);
    return { header: clipHeader({ from, to }, state, point.count, meta, builder.grids), first: point.count };
  }

  /** A clip from `from` to `to` as log text (core/clip.ts), read from the source; a blob, kept out of the heap. */
  async clip(from: number, to: number): Promise<Blob> {
    const loaded = this.loaded;
    if (!loaded?.builder) return new Blob([`${JSON.stringify({ format: LOG_FORMAT, version: LOG_VERSION, clip: { from, to } })}\n`]);
    const { header, first } = await this.clipStart(loaded, from, to);
    const parts: BlobPart[] = [`${JSON.stringify({ format: LOG_FORMAT, version: LOG_VERSION, ...header })}\n`];
    let lines: string[] = [];
    await this.eachEvent(
      loaded,
      first,
      (e) => e.at <= to,
      (e) => {
        lines.push(JSON.stringify(e));
        if (lines.length < LOAD_BATCH) return;
        parts.push(new Blob([lines.join('\n') + '\n']));
        lines = [];
      },
    );
    if (lines.length) parts.push(new Blob([lines.join('\n') + '\n']));
    return new Blob(parts, { type: 'application/x-ndjson' });
  }

  /** The loaded log (or the range `from`..`to` of it, as a clip) as MCAP, written chunk by chunk into a blob. */
  async exportMcap(range: { from: number; to: number } | null): Promise<Blob> {
    const parts: BlobPart[] = [];
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    let position = 0n;
    const writer = await McapLogWriter.start({
      position: () => position,
      write: async (buffer) => {
        position += BigInt(buffer.byteLength);
        pending.push(buffer.slice());
        pendingBytes += buffer.byteLength;
        if (pendingBytes < BLOB_PART_BYTES) return;
        parts.push(new Blob(pending as Uint8Array<ArrayBuffer>[]));
        pending = [];
        pendingBytes = 0;
      },
    });
    const loaded = this.loaded;
    let header: LogHeader | null = loaded?.reader.header ?? null;
    if (loaded?.builder) {
      let first = 0;
      let to = Number.POSITIVE_INFINITY;
      if (range) {
        const start = await this.clipStart(loaded, range.from, range.to);
        header = { format: LOG_FORMAT, version: LOG_VERSION, ...start.header };
        first = start.first;
        to = range.to;
      }
      await this.eachEvent(loaded, first, (e) => e.at <= to, (e) => writer.add(e));
    }
    await writer.end(header);
    if (pending.length) parts.push(new Blob(pending as Uint8Array<ArrayBuffer>[]));
    return new Blob(parts, { type: 'application/octet-stream' });
  }
}

/** How many of `events` (in time order) come at or before `time`. */
function upTo(events: readonly CoreEvent[], time: number): number {
  let lo = 0;
  let hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (events[mid]!.at <= time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const KINDS: readonly TimelineEntry['kind'][] = ['route', 'alert', 'connection', 'movement', 'map', 'rejected'];

/**
 * Keeps at most one marker per kind and 1/MARKER_BUCKETS of the log's span, so the markers of a log of any
 * size stay a hundred thousand at most (the same kind at the same moment shows as one mark anyway). The span is
 * the tail's when known, else a second per bucket.
 */
class MarkerFilter {
  /** Kind and bucket of each marker kept, as one number: no string is made per marker found (millions in a week). */
  private readonly seen = new Set<number>();

  constructor(
    private readonly loaded: Loaded,
    private readonly last: number | null,
  ) {}

  keep(found: TimelineEntry[]): TimelineEntry[] {
    const first = this.loaded.builder?.firstAt ?? 0;
    const span = this.last === null ? 0 : this.last - first;
    const bucket = this.last === null ? 1_000 : Math.max(1, span / MARKER_BUCKETS);
    const out: TimelineEntry[] = [];
    for (const m of found) {
      const key = Math.floor((m.at - first) / bucket) * KINDS.length + KINDS.indexOf(m.kind);
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      out.push(m);
    }
    return out;
  }
}

/** The time of the log's last event, read from its tail; null when the tail holds none (one long last line). */
async function lastEventAt(source: ByteSource): Promise<number | null> {
  if (source.size === 0) return null;
  const start = Math.max(0, source.size - TAIL_BYTES);
  const lines = new TextDecoder().decode(await source.read(start, source.size)).split('\n');
  // The first line of a tail that starts mid-file is a piece of a line.
  for (let i = lines.length - 1; i >= (start > 0 ? 1 : 0); i--) {
    const event = parseLogLine(lines[i]!.trim());
    if (typeof event !== 'string') return event.at;
  }
  return null;
}

/** The source of a log to open: a file, an address of this kiosk, or text (read as a file). */
async function byteSource(source: ReplaySource, origin: string): Promise<ByteSource | string> {
  if (source.kind === 'text') return blobSource(new Blob([source.text]), source.name);
  if (source.kind === 'file') return blobSource(source.file, source.name);
  let url: URL;
  try {
    url = new URL(source.url, origin);
  } catch {
    return `not an address: ${source.url}`;
  }
  if (url.origin !== origin) return `only logs from this kiosk's own address open here (${origin})`;
  return urlSource(url);
}

/**
 * An MCAP file's kiosk log as log text in a blob, read chunk by chunk (worker/mcapLog.ts): the header line, then
 * an event per line, so it is indexed and read back as any log is.
 */
async function mcapAsText(source: ByteSource): Promise<ByteSource | string> {
  const log = await readMcapLog({
    size: async () => BigInt(source.size),
    read: (offset, size) => source.read(Number(offset), Number(offset) + Number(size)),
  });
  if (typeof log === 'string') return log;
  const parts: BlobPart[] = log.header ? [`${JSON.stringify(log.header)}\n`] : [];
  try {
    for await (const batch of log.batches) parts.push(new Blob([batch.map((e) => JSON.stringify(e)).join('\n') + '\n']));
  } catch (error) {
    return (error as Error).message;
  }
  return blobSource(new Blob(parts), source.name);
}
