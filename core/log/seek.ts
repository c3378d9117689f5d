/**
 * Exact seeking in a loaded log: the state at any moment, whichever way one moves, equal to a straight fold
 * (`replay(events, { until })`). Periodic snapshots bound the work of a seek to one snapshot interval; a seek
 * forward from the last position continues from there instead. Pure (the index is built once, then only read).
 */
import type { CoreEvent } from '../events';
import { initialState, type State } from '../state';
import { LogGrids, foldWithGrids } from './logGrids';
import { foldMarked } from './markers';
import type { TimelineEntry } from './timeline';
import { countUpTo, type LogEvents } from './logEvents';
import { tickAt } from './boot';

/**
 * Events between snapshots. A seek folds at most this many events (a few milliseconds), and a day's log
 * (a million events) keeps 500 snapshots, which share most of their slices through immer.
 */
export const SNAPSHOT_EVERY = 2_000;
/** Events per block of a background marker search (`scanMarkerBlock`): a few milliseconds of work. */
const MARKER_BLOCK = 250;
/** Events per draft when folding without markers: small batches fold faster (see BATCH in core/replay.ts). */
const FOLD_BLOCK = 500;

/**
 * A log's events with the state after every `every` of them; `snapshots[i]` follows `events[0 .. i*every-1]`.
 * The events are read by place (core/logEvents.ts): a seek parses only those it folds.
 */
export interface SeekIndex {
  readonly events: LogEvents;
  readonly snapshots: State[];
  readonly every: number;
  /** Markers for the timeline, in time order. */
  readonly markers: TimelineEntry[];
  /** The map grids for hit-testing replayed taps, recorded by the first fold (core/map/logGrids.ts). */
  readonly grids: LogGrids;
}

/** Where a seek left off, so the next seek forward folds only the events in between. */
export interface SeekCursor {
  /** The state after the first `count` events, before the closing tick. */
  folded: State;
  count: number;
}

/**
 * Builds an index as batches arrive (so a load can report progress). Batches may have any size. The builder
 * folds them and lets them go: `finish` is given the same events to read back from (core/logEvents.ts).
 */
export class SeekIndexBuilder {
  /** How many events were folded. */
  private count = 0;
  private readonly snapshots: State[];
  private readonly markers: TimelineEntry[] = [];
  private state: State;

  /**
   * `withMarkers: false` leaves the markers to a later pass (`scanMarkerBlock`) and folds in batches, a little
   * faster than the event-by-event fold that finds them.
   */
  constructor(
    start: State = initialState(),
    private readonly every = SNAPSHOT_EVERY,
    private readonly withMarkers = true,
    /** The map grids to start with: a clip's (core/clip.ts `startGrids`), else none. */
    private readonly grids = new LogGrids(),
  ) {
    this.state = start;
    this.snapshots = [start];
  }

  /** Folds a batch in, taking a snapshot at every multiple of `every`; returns the state after it. */
  add(batch: readonly CoreEvent[]): State {
    let i = 0;
    while (i < batch.length) {
      // With markers, the fold steps event by event and finds them as it goes (core/log/markers.ts).
      const room = this.withMarkers ? this.every - (this.count % this.every) : Math.min(this.every - (this.count % this.every), FOLD_BLOCK - (this.count % FOLD_BLOCK));
      const part = batch.slice(i, i + room);
      const first = this.count;
      this.count += part.length;
      this.state = this.withMarkers ? foldMarked(this.state, part, first, this.grids, this.markers) : foldWithGrids(this.state, part, first, this.grids);
      if (this.count % this.every === 0) this.snapshots.push(this.state);
      i += part.length;
    }
    return this.state;
  }

  /** The index, over `events`: the very events added, in the same order (it holds them, the builder did not). */
  finish(events: LogEvents): SeekIndex {
    if (events.length !== this.count) throw new Error(`the index folded ${this.count} events but is given ${events.length}`);
    return { events, snapshots: this.snapshots, every: this.every, markers: this.markers, grids: this.grids };
  }
}

/**
 * The state at `time`: every event with `at <= time`, then the timers due by then (a tick at `time`).
 * With a cursor from the previous seek, a seek forward within reach folds on from it. Returns the state and
 * the cursor for the next seek.
 */
export function seekIndex(index: SeekIndex, time: number, cursor: SeekCursor | null = null): { state: State; cursor: SeekCursor } {
  const count = countUpTo(index.events, time);
  const snap = Math.min(Math.floor(count / index.every), index.snapshots.length - 1);
  const snapCount = snap * index.every;
  let from: SeekCursor = { folded: index.snapshots[snap]!, count: snapCount };
  if (cursor && cursor.count <= count && cursor.count >= snapCount) from = cursor;
  const folded = count > from.count ? foldWithGrids(from.folded, index.events.slice(from.count, count), from.count, index.grids) : from.folded;
  return { state: tickAt(folded, time), cursor: { folded, count } };
}

/** Where a background marker search stands: the next event to look at and the state before it. */
export interface MarkerScan {
  next: number;
  state: State;
}

/**
 * Finds the markers of the next block of an index (an index built without them), from where `scan` stands,
 * and moves it on; null when the whole log is done. Block by block, a caller can search in the background and
 * answer seeks in between.
 */
export function scanMarkerBlock(index: SeekIndex, scan: MarkerScan): TimelineEntry[] | null {
  const { events, every } = index;
  if (scan.next >= events.length) return null;
  const end = Math.min(events.length, scan.next + MARKER_BLOCK, (Math.floor(scan.next / every) + 1) * every);
  const found: TimelineEntry[] = [];
  const after = foldMarked(scan.state, events.slice(scan.next, end), scan.next, index.grids, found);
  scan.next = end;
  // At a snapshot, continue from it: the same state, and no drift from folding block by block.
  scan.state = end % every === 0 && index.snapshots[end / every] ? index.snapshots[end / every]! : after;
  return found;
}
