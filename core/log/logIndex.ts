/**
 * The index of a log of any size, built in one pass over its lines as they are read (a file slice by slice, a
 * download): checkpoints, each the state after a multiple of `every` events with the time of the last of them
 * and the byte offset where the next line starts, and the timeline's markers found in the same fold. It keeps
 * no event and no text: a seek reads the bytes from one checkpoint to the next again (a few hundred kilobytes)
 * and folds the events up to its moment (`foldFrom`). So a 10 GB log is indexed in the memory its
 * checkpoints take. Pure: the reading is the caller's (worker/replaySession.ts, scripts/).
 */
import type { CoreEvent } from '../events';
import type { State } from '../state';
import { tickAt } from './boot';
import { LogGrids, foldWithGrids } from './logGrids';
import { blockMarkers } from './markers';
import { SNAPSHOT_EVERY } from './seek';
import type { TimelineEntry } from './timeline';

/** Events per marker block (as core/seek.ts): a block that changed a watched slice is folded again event by event. */
const MARKER_BLOCK = 250;

export interface Checkpoint {
  /** How many events `state` follows. */
  count: number;
  /** The time of the last of them (-Infinity before the first). */
  lastAt: number;
  /** The byte offset of the line after the last of them: a seek reads on from here. */
  offset: number;
  /** The state after them, before any closing tick. */
  state: State;
}

export class LogIndexBuilder {
  readonly checkpoints: Checkpoint[];
  /** Events folded so far, and the times of the first and last of them. */
  count = 0;
  firstAt: number | null = null;
  lastAt = Number.NEGATIVE_INFINITY;
  private state: State;
  private found: TimelineEntry[] = [];

  /** `start`: the state the fold starts from, standing at byte `offset` (after the header). */
  constructor(
    start: State,
    offset: number,
    /** The map grids, which the fold records each accepted image in (a clip's header seeds them). */
    readonly grids: LogGrids = new LogGrids(),
    readonly every: number = SNAPSHOT_EVERY,
  ) {
    this.state = start;
    this.checkpoints = [{ count: 0, lastAt: Number.NEGATIVE_INFINITY, offset, state: start }];
  }

  /** Folds a batch in; `ends[k]` is the offset just past the line of `batch[k]`. Returns the state after it. */
  add(batch: readonly CoreEvent[], ends: readonly number[]): State {
    if (batch.length > 0 && this.firstAt === null) this.firstAt = batch[0]!.at;
    let i = 0;
    while (i < batch.length) {
      const room = Math.min(this.every - (this.count % this.every), MARKER_BLOCK - (this.count % MARKER_BLOCK));
      const part = batch.slice(i, i + room);
      const before = this.state;
      this.state = foldWithGrids(before, part, this.count, this.grids);
      for (const m of blockMarkers(before, part, this.state, this.grids, this.count)) this.found.push(m);
      this.count += part.length;
      i += part.length;
      this.lastAt = part[part.length - 1]!.at;
      if (this.count % this.every === 0) this.checkpoints.push({ count: this.count, lastAt: this.lastAt, offset: ends[i - 1]!, state: this.state });
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
