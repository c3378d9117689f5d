/**
 * A loaded log in the replay worker. The log's bytes stay where they are (a picked file, the server: see
 * worker/byteSource.ts); the worker reads them once, front to back, into an index (worker/replayIndexing.ts),
 * and keeps no text and no event. A seek, the event list, a clip or an export reads the stretch of bytes it
 * needs again (worker/replayIntervals.ts: a few hundred kilobytes per checkpoint interval) and parses only those
 * lines. The first moment is answered as soon as the first events are indexed; the rest is indexed in the
 * background, in slices between which requests are answered.
 */
import { checkpointBefore, foldFrom, type FoldPoint } from '../core/log/logIndex';
import type { TimelineEntry } from '../core/log/timeline';
import type { State } from '../core/state';
import { changedSlices } from './batches';
import { isMcap } from './mcapLog';
import type { EventRow, IndexProgress, ReplayInfo, ReplaySource } from './replayApi';
import type { ReaderPort } from './lineFeeds';
import { byteSource, lastEventAt, mcapAsText } from './replayOpen';
import { loadedInfo, startIndexing, type Loaded } from './replayIndexing';
import { interval, reachable } from './replayIntervals';
import { eventsNear, neighbour } from './replayEventList';
import { eventRows, eventText } from './replayEventRows';
import { clipOf, mcapOf } from './replayClips';
import { MapShower, type ShownMap } from './replayMaps';
import { ReplaySearch } from './replaySearch';
import { compare, eventChanges, stateAt } from './replayInspect';
import type { Comparison, EventChanges, SearchCount, SearchPage, SearchQuery, StateView } from './debugApi';

export type { ShownMap } from './replayMaps';

type Listener = (changed: Partial<State>) => void;

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
  private readonly maps = new MapShower();
  private readonly search = new ReplaySearch();
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
    this.maps.listen(listener);
    const builder = this.loaded?.builder;
    if (builder && this.pushed) this.maps.show(builder.grids, this.pushed, this.shownCount);
  }

  /**
   * Opens a log and starts indexing it; answers once its first moment can be shown (or with a one-line reason
   * it cannot be read). Progress and the markers found come through the callbacks until it is all indexed, and
   * progress at once when indexing passes `awaited` (a link's moment, not indexed yet at the answer).
   */
  async open(
    source: ReplaySource,
    onProgress: (progress: IndexProgress) => void,
    origin: string,
    onMarkers: (found: TimelineEntry[], done: boolean) => void = () => {},
    awaited: number | null = null,
  ): Promise<ReplayInfo | { error: string }> {
    const generation = ++this.generation;
    this.cursor = null;
    this.search.stop();
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
      const host = {
        current: (g: number) => g === this.generation,
        takeReader: () => {
          const port = this.spareReader ?? this.startReader?.();
          this.spareReader = null;
          return port;
        },
        requestsAnswered: async () => {
          while (this.busy > 0) await new Promise<void>((resume) => (this.resumeIndexing = resume));
        },
      };
      const loaded = startIndexing(host, generation, bytes, tailLast, onProgress, onMarkers, awaited);
      this.loaded = loaded;
      await Promise.race([loaded.indexed, loaded.firstMoment.promise]);
      if (!loaded.builder || loaded.builder.count === 0) {
        if (loaded.failure) return { error: loaded.failure };
        const bad = loaded.reader.header === null ? loaded.reader.badLinesSoFar : 0;
        return { error: bad > 0 ? 'not a kiosk event log: no line of it is an event' : 'the file holds no events' };
      }
      return loadedInfo(loaded);
    } catch (error) {
      return { error: `${bytes.name} could not be read (${(error as Error).message})` };
    }
  }

  /** Resolves when the open log is indexed to its end and its terms sketched for the search (tests, benchmarks). */
  async whenIndexed(): Promise<void> {
    await this.loaded?.indexed;
    await this.loaded?.sketched;
  }

  seek(at: number): Promise<{ nextEventAt: number | null }> {
    return this.first(() => this.seekNow(at));
  }

  private async seekNow(at: number): Promise<{ nextEventAt: number | null }> {
    const loaded = this.loaded;
    const builder = loaded?.builder;
    if (!loaded || !builder) return { nextEventAt: null };
    const time = reachable(loaded, at);
    const k = checkpointBefore(builder.checkpoints, time);
    const checkpoint = builder.checkpoints[k]!;
    const events = await interval(loaded, k);
    let from: FoldPoint = checkpoint;
    const c = this.cursor;
    // A seek forward within the interval folds on from the last one instead of from the checkpoint.
    if (c && c.generation === loaded.generation && c.interval === k && c.time <= time) from = c.point;
    const { state, point } = foldFrom(from, events.slice(from.count - checkpoint.count), time, builder.grids);
    this.cursor = { generation: loaded.generation, interval: k, time, point };
    this.push(state);
    this.shownCount = point.count;
    this.maps.show(builder.grids, state, point.count);
    const next = events[point.count - checkpoint.count];
    // At the end of an interval the next event is the first of the next one, whose time the index keeps.
    return { nextEventAt: next ? next.at : (builder.checkpoints[k + 1]?.nextAt ?? null) };
  }

  private push(state: State): void {
    const changed = changedSlices(this.pushed, state);
    this.pushed = state;
    if (changed) this.listener?.(changed);
  }

  eventsNear(at: number, count: number): Promise<{ rows: EventRow[]; current: number }> {
    return this.first(async () => (this.loaded?.builder ? eventsNear(this.loaded, at, count) : { rows: [], current: -1 }));
  }

  neighbour(at: number, direction: 1 | -1): Promise<number | null> {
    return this.first(async () => (this.loaded?.builder ? neighbour(this.loaded, at, direction) : null));
  }

  /** The event list's rows `first` to `first + count - 1` (worker/replayEventRows.ts). */
  eventRows(first: number, count: number): Promise<EventRow[]> {
    return this.first(async () => (this.loaded?.builder ? eventRows(this.loaded, first, count) : []));
  }

  /** The event at place `index` whole, as indented JSON; null when not indexed. */
  eventText(index: number): Promise<string | null> {
    return this.first(async () => (this.loaded?.builder ? eventText(this.loaded, index) : null));
  }

  /** A clip from `from` to `to` as log text (core/clip.ts), read from the source; a blob, kept out of the heap. */
  clip(from: number, to: number): Promise<Blob> {
    return clipOf(this.loaded, from, to);
  }

  /** The loaded log (or the range `from`..`to` of it, as a clip) as MCAP, written chunk by chunk into a blob. */
  exportMcap(range: { from: number; to: number } | null): Promise<Blob> {
    return mcapOf(this.loaded, range);
  }

  /** A page of the matches of `query` over the whole log (worker/replaySearch.ts); empty with no log. */
  async searchPage(query: SearchQuery, page: number, pageSize?: number): Promise<SearchPage> {
    const loaded = this.loaded;
    if (!loaded?.builder) return { page, pageSize: pageSize ?? 0, matches: [], total: 0, counted: 0, indexing: false };
    return this.search.page(loaded, query, page, pageSize);
  }

  /** The count of `query`'s matches once the whole log is searched; null when a newer query or log came first. */
  async searchCount(query: SearchQuery, pageSize?: number): Promise<SearchCount | null> {
    const loaded = this.loaded;
    if (!loaded?.builder) return null;
    return this.search.count(loaded, query, pageSize);
  }

  /** The observable state at `at` (what `npm run replay -- --json --at` prints), or null with no log. */
  stateAt(at: number): Promise<StateView | null> {
    return this.first(async () => (this.loaded?.builder ? stateAt(this.loaded, at) : null));
  }

  /** What the event at `at` changed, and its effects. */
  eventChanges(at: number): Promise<EventChanges> {
    return this.first(async () => (this.loaded?.builder ? eventChanges(this.loaded, at) : { event: null, paths: [], effects: [] }));
  }

  /** The changes from moment `a` to moment `b`, grouped by slice. */
  compare(a: number, b: number): Promise<Comparison> {
    return this.first(async () => (this.loaded?.builder ? compare(this.loaded, a, b) : { a, b, slices: [] }));
  }
}
