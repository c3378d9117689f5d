/**
 * The index of a log open in the replay worker (core/log/logIndex.ts: a checkpoint state every 1,000 events or
 * 160 kB with its byte offset, and the timeline's markers found in the same fold), built by reading the log front
 * to back once, in slices between which the worker answers requests; then its term sketch (core/log/
 * termSketch.ts, for the search: worker/termSketching.ts), by the reader once the index is whole. It keeps no
 * text and no event.
 */
import type { CoreEvent } from '../core/events';
import { LogReader } from '../core/log/eventLog';
import { LogIndexBuilder } from '../core/log/logIndex';
import type { TimelineEntry } from '../core/log/timeline';
import { startGrids, startState } from '../core/log/clip';
import { sketchBlockBytes, TermSketch } from '../core/log/termSketch';
import type { IndexProgress, ReplayInfo } from './replayApi';
import { threadFeed, workerFeed, workerSketch, type ReaderPort } from './lineFeeds';
import type { ByteSource } from './byteSource';
import { MarkerFilter } from './replayMarkers';
import { sketchHere } from './termSketching';

/** Events per batch handed from the reader to the index: small, so parsed events die young (see bench/README.md at f0de46c). */
export const LOAD_BATCH = 2_000;
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
export function yieldToMessages(): Promise<void> {
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

/** One open log: where its bytes are, and its index as far as it has got. */
export interface Loaded {
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
  /**
   * Which blocks of the bytes may hold which terms, as far as sketched (after indexing): the search passes over
   * the others unread, and reads every block not sketched yet.
   */
  terms: TermSketch;
  /** Resolves when the whole log is indexed. */
  indexed: Promise<void>;
  /** Resolves when the term sketch is whole, or given up (another log opened, the bytes unreadable). */
  sketched: Promise<void>;
  /** Resolves when the first `FIRST_MOMENT_EVENTS` events are indexed: the open answers then. */
  firstMoment: { promise: Promise<void>; resolve: () => void };
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** What the indexing asks of the session that runs it. */
export interface IndexingHost {
  /** Whether this log is still the one open (another open stops its indexing). */
  current(generation: number): boolean;
  /** A reader worker for the lines, if the session reads them on another thread. */
  takeReader(): ReaderPort | undefined;
  /** Resolves once no request is being answered: requests come first. */
  requestsAnswered(): Promise<void>;
}

/** What the page is told of a log open as far as it is indexed. */
export function loadedInfo(loaded: Loaded): ReplayInfo {
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

/**
 * Reads the log front to back into its index, yielding between slices; stops when another log is opened.
 * Progress is reported every `REPORT_MS`, and at once when indexing passes `awaited` (a link's moment, which the
 * playback shows as soon as it hears of it).
 */
export function startIndexing(
  host: IndexingHost,
  generation: number,
  source: ByteSource,
  tailLast: number | null,
  onProgress: (progress: IndexProgress) => void,
  onMarkers: (found: TimelineEntry[], done: boolean) => void,
  awaited: number | null = null,
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
    terms: new TermSketch(sketchBlockBytes(source.size)),
    indexed: Promise.resolve(),
    sketched: Promise.resolve(),
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
          loaded.builder = new LogIndexBuilder(start, 0, startGrids(loaded.reader.header), spacing.events, spacing.bytes, (marker) => markers.wants(marker));
        }
        loaded.builder.add(batch, ends);
        loaded.indexedEnd = ends[ends.length - 1]!;
      },
      undefined,
      undefined,
      () => {}, // counted, not kept: a log of any size
    ),
  };
  const markers = new MarkerFilter(() => loaded.builder?.firstAt ?? null, tailLast);
  const report = () => {
    const b = loaded.builder;
    onProgress({
      fraction: source.size > 0 ? loaded.readBytes / source.size : 1,
      events: b?.count ?? 0,
      bad: loaded.reader.badLinesSoFar,
      indexedTo: b && b.count > 0 ? b.lastAt : null,
      last: b && b.count > 0 ? loadedInfo(loaded).last : null,
      done: loaded.done,
      failure: loaded.failure,
    });
    if (b) onMarkers(b.takeMarkers(), loaded.done);
  };
  const port = host.takeReader();
  // The reader worker is kept for the term sketch only when the whole log is indexed.
  let keepReader = false;
  const pause = async () => {
    await yieldToMessages();
    await host.requestsAnswered();
  };
  const run = async () => {
    const feed = port ? workerFeed(source, loaded.reader, port) : threadFeed(source, loaded.reader);
    try {
      let slice = performance.now();
      let reported = slice;
      for (;;) {
        const position = await feed.next();
        if (!host.current(generation)) return;
        if (position === null) break;
        loaded.readBytes = position;
        loaded.reader.flush(position);
        if (problem) throw new Error(problem);
        if ((loaded.builder?.count ?? 0) >= FIRST_MOMENT_EVENTS) loaded.firstMoment.resolve();
        if (awaited !== null && loaded.builder && loaded.builder.count > 0 && loaded.builder.lastAt >= awaited) {
          awaited = null;
          report();
          reported = performance.now();
        }
        const now = performance.now();
        if (now - slice < SLICE_MS) continue;
        if (now - reported >= REPORT_MS) {
          report();
          reported = now;
        }
        await yieldToMessages();
        await host.requestsAnswered();
        if (!host.current(generation)) return;
        slice = performance.now();
      }
      keepReader = true;
    } finally {
      feed.close();
      if (!keepReader) port?.terminate();
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
      if (!host.current(generation)) return;
      loaded.done = true;
      report();
    });
  loaded.sketched = loaded.indexed.then(async () => {
    const current = () => host.current(generation);
    if (!current() || loaded.failure) {
      if (keepReader) port?.terminate();
      return;
    }
    if (port) await workerSketch(source, port, loaded.terms, current);
    else await sketchHere(source.spec, loaded.terms, current, pause).catch(() => undefined);
  });
  return loaded;
}
