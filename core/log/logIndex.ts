/**
 * The index of a log of any size, built in one pass over its lines as they are read (a file slice by slice, a
 * download): checkpoints, each the state after some events with the time of the last of them and the byte
 * offset where the next line starts, and the timeline's markers, found in the same fold (core/log/markers.ts).
 * It keeps no event and no text: a seek reads the bytes from one checkpoint to the next again and folds the
 * events up to its moment (`foldFrom`). A checkpoint is taken every `every` events or `maxBytes` bytes,
 * whichever comes first, so what a seek reads and folds is bounded both ways (a stretch of map images is
 * megabytes in a few events). So a 10 GB log is indexed in the memory its checkpoints take. Pure: the reading
 * is the caller's (worker/replaySession.ts, scripts/).
 */
import type { CoreEvent } from '../events';
import type { State } from '../state';
import { tickAt } from './boot';
import { LogGrids, foldWithGrids } from './logGrids';
import { foldMarked } from './markers';
import { kindBits } from './search';
import { SNAPSHOT_EVERY } from './seek';
import type { TimelineEntry } from './timeline';

/**
 * Bytes between checkpoints at most: about 2,000 lines of a robot's frames, a few milliseconds to read again,
 * parse and fold.
 */
export const CHECKPOINT_BYTES = 320 * 1024;

export interface Checkpoint {
  /** How many events `state` follows. */
  count: number;
  /** The time of the last of them (-Infinity before the first). */
  lastAt: number;
  /** The byte offset of the line after the last of them: a seek reads on from here. */
  offset: number;
  /** The state after them, before any closing tick. */
  state: State;
  /** The time of the event right after them (null until it is indexed), so a seek to the end of an interval need not read the next. */
  nextAt: number | null;
  /**
   * The kinds of the events from here to the next checkpoint, as bits (core/log/search.ts `kindBits`): a search
   * for a kind passes over the intervals that hold none of it.
   */
  kinds: number;
}

export class LogIndexBuilder {
  readonly checkpoints: Checkpoint[];
  /** Events folded so far, and the times of the first and last of them. */
  count = 0;
  firstAt: number | null = null;
  lastAt = Number.NEGATIVE_INFINITY;
  private state: State;
  private found: TimelineEntry[] = [];
  /** Where the fold's markers go: those `keepMarker` takes, into `found`. */
  private readonly markers = { push: (marker: TimelineEntry) => (this.keepMarker(marker) ? this.found.push(marker) : 0) };

  /** `start`: the state the fold starts from, standing at byte `offset` (after the header). */
  constructor(
    start: State,
    offset: number,
    /** The map grids, which the fold records each accepted image in (a clip's header seeds them). */
    readonly grids: LogGrids = new LogGrids(),
    readonly every: number = SNAPSHOT_EVERY,
    readonly maxBytes: number = CHECKPOINT_BYTES,
    /** Which markers to keep (the replay worker keeps a bounded number: worker/replayMarkers.ts); all by default. */
    private readonly keepMarker: (marker: TimelineEntry) => boolean = () => true,
  ) {
    this.state = start;
    this.checkpoints = [{ count: 0, lastAt: Number.NEGATIVE_INFINITY, offset, state: start, nextAt: null, kinds: 0 }];
  }

  /** Folds a batch in; `ends[k]` is the offset just past the line of `batch[k]`. Returns the state after it. */
  add(batch: readonly CoreEvent[], ends: readonly number[]): State {
    if (batch.length === 0) return this.state;
    if (this.firstAt === null) this.firstAt = batch[0]!.at;
    let i = 0;
    while (i < batch.length) {
      const last = this.checkpoints[this.checkpoints.length - 1]!;
      if (last.count === this.count) last.nextAt = batch[i]!.at;
      // The interval ends at `every` events, or at the line that takes it to `maxBytes`.
      let end = Math.min(batch.length, i + this.every - (this.count - last.count));
      const limit = last.offset + this.maxBytes;
      for (let k = i; k < end; k++) {
        if (ends[k]! < limit) continue;
        end = k + 1;
        break;
      }
      this.state = foldMarked(this.state, i === 0 && end === batch.length ? batch : batch.slice(i, end), this.count, this.grids, this.markers);
      for (let k = i; k < end; k++) last.kinds |= kindBits(batch[k]!);
      this.count += end - i;
      this.lastAt = batch[end - 1]!.at;
      const offset = ends[end - 1]!;
      if (this.count - last.count >= this.every || offset >= limit) {
        this.checkpoints.push({ count: this.count, lastAt: this.lastAt, offset, state: this.state, nextAt: null, kinds: 0 });
      }
      i = end;
    }
    return this.state;
  }

  /** The markers found since the last call, in time order. */
  takeMarkers(): TimelineEntry[] {
    const out = this.found;
    this.found = [];
    return out;
  }

  /** The state after every event folded so far. */
  get latest(): State {
    return this.state;
  }
}

/** The checkpoint the event at `index` (its place in the log) follows: the last one at or before it. */
export function checkpointOf(checkpoints: readonly Checkpoint[], index: number): number {
  let lo = 0;
  let hi = checkpoints.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (checkpoints[mid]!.count <= index) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The last checkpoint whose events all came at or before `time` (the first one at least). */
export function checkpointBefore(checkpoints: readonly Checkpoint[], time: number): number {
  let lo = 0;
  let hi = checkpoints.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (checkpoints[mid]!.lastAt <= time) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Where a fold stands: the state after the first `count` events (no closing tick). */
export interface FoldPoint {
  state: State;
  count: number;
}

/**
 * The state at `time` (the events with `at <= time`, then a tick at `time`), folding on from `from` with
 * `events`, the events that follow it in the log, in order (those after `time` are left). Returns the state and
 * where the fold stopped, for a next seek forward to go on from.
 */
export function foldFrom(from: FoldPoint, events: readonly CoreEvent[], time: number, grids: LogGrids): { state: State; point: FoldPoint } {
  let n = 0;
  while (n < events.length && events[n]!.at <= time) n++;
  const folded = n > 0 ? foldWithGrids(from.state, n === events.length ? events : events.slice(0, n), from.count, grids) : from.state;
  return { state: tickAt(folded, time), point: { state: folded, count: from.count + n } };
}
