/**
 * A query's view of an open log's checkpoint intervals (worker/replaySearch.ts scans them): which may hold a
 * match without reading them (the index's kinds of event, the term sketch's trigrams), the reads of runs of those
 * that may, and the matches among an interval's lines once read.
 */
import { readEventLine } from '../core/log/eventLog';
import type { EventSearch, SearchMatch } from '../core/log/search';
import { queryBits } from '../core/log/termSketch';
import type { Loaded } from './replayIndexing';
import { ReadCheck } from './searchReadCheck';

/** Bytes read at once: a few dozen intervals, one read each (a read by HTTP range costs a round trip). */
const READ_BYTES = 4 * 1024 * 1024;
/** Images are not put back into events found: a match's summary names an image by its hash. */
const NO_IMAGES: ReadonlyMap<string, string> = new Map();

/** A read asked for: intervals `from` to `to` (exclusive), and their bytes once they come. */
export interface IntervalRead {
  from: number;
  to: number;
  bytes: Promise<Uint8Array>;
}

export class SearchIntervals {
  private readonly check: ReadCheck;
  /** The query's trigrams, as the log's term sketch asks them (core/log/termSketch.ts). */
  private readonly bits: Int32Array[];

  constructor(
    private readonly loaded: Loaded,
    private readonly search: EventSearch,
  ) {
    this.check = new ReadCheck(search);
    this.bits = queryBits(search.needle);
  }

  /** Intervals that can be searched: those complete so far, and the last one once the log is all indexed. */
  available(): number {
    const builder = this.loaded.builder;
    if (!builder) return 0;
    return this.loaded.done ? builder.checkpoints.length : builder.checkpoints.length - 1;
  }

  /** Where interval `k`'s bytes start and end (exclusive). */
  private start(k: number): number {
    return this.loaded.builder!.checkpoints[k]!.offset;
  }

  private end(k: number): number {
    const checkpoints = this.loaded.builder!.checkpoints;
    return k + 1 < checkpoints.length ? checkpoints[k + 1]!.offset : this.loaded.indexedEnd;
  }

  /**
   * Whether interval `k` may hold a match, as the index tells without reading it: an event of the query's kinds
   * (the interval's kinds are whole once the next checkpoint is taken, and only such intervals are searched), and
   * the query's text as far as the term sketch knows. Its "cannot" is final: the sketch only learns more.
   */
  mayHold(k: number): boolean {
    const { kindBits } = this.search;
    if (kindBits !== 0 && (this.loaded.builder!.checkpoints[k]!.kinds & kindBits) === 0) return false;
    return this.loaded.terms.mayHold(this.bits, this.start(k), this.end(k));
  }

  /** The first interval from `k` on that may hold a match, or the end of what is available. */
  holdingFrom(k: number): number {
    const available = this.available();
    while (k < available && !this.mayHold(k)) k++;
    return k;
  }

  /**
   * The read of the intervals from `from` on, up to `READ_BYTES` of them (at least one), asked for now: it stops
   * at the first that cannot hold a match.
   */
  readFrom(from: number): IntervalRead {
    const available = this.available();
    let to = from + 1;
    while (to < available && this.start(to) - this.start(from) < READ_BYTES && this.mayHold(to)) to++;
    const bytes = this.text(from, to);
    // A read left behind by a stop is not waited for: its failure must not surface unhandled.
    bytes.catch(() => undefined);
    return { from, to, bytes };
  }

  /** The bytes of intervals `from` to `to` (exclusive), as one read. */
  text(from: number, to: number): Promise<Uint8Array> {
    return this.loaded.source.read(this.start(from), this.end(to - 1));
  }

  /** Hands each interval of `read` its matches, `bytes` being what it read. */
  searchRead(read: IntervalRead, bytes: Uint8Array, take: (found: SearchMatch[], k: number) => void): void {
    // A read that does not hold the text as a whole is passed over without looking at its intervals.
    if (!this.check.mayHold(bytes)) return;
    for (let k = read.from; k < read.to; k++) take(this.matchesIn(bytes.subarray(this.start(k) - this.start(read.from)), k), k);
  }

  /** The matches among interval `k`'s lines, `bytes` holding them (and perhaps intervals after it). */
  matchesIn(bytes: Uint8Array, k: number): SearchMatch[] {
    const own = bytes.subarray(0, this.end(k) - this.start(k));
    // Most intervals of a read that may hold the text do not: they are passed over without a lower-case copy.
    if (!this.check.mayHold(own)) return [];
    const text = new TextDecoder().decode(own);
    const lower = text.toLowerCase();
    if (!this.search.mayHold(lower)) return [];
    // Lower-casing keeps a line's length but for a few letters (a Turkish dotted I): then each line is lowered alone.
    const same = lower.length === text.length;
    const out: SearchMatch[] = [];
    let index = this.loaded.builder!.checkpoints[k]!.count;
    for (let from = 0; from < text.length; ) {
      let to = text.indexOf('\n', from);
      if (to < 0) to = text.length;
      const line = text.slice(from, to);
      const event = readEventLine(line, NO_IMAGES);
      if (event) {
        const m = this.search.match(line, event, index, same ? lower.slice(from, to) : undefined);
        if (m) out.push(m);
        index += 1;
      }
      from = to + 1;
    }
    return out;
  }
}
