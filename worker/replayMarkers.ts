/** The timeline's markers the replay worker hands to the page while indexing: a bounded number, whatever the log's size. */
import type { TimelineEntry } from '../core/log/timeline';

/**
 * Markers kept per kind: one per 1/20,000 of the log's span (the timeline paints one per column and lane, 400
 * columns wide; zoomed in 50 times it still has one per column). A week of a busy robot finds millions.
 */
const MARKER_BUCKETS = 20_000;

const KINDS: readonly TimelineEntry['kind'][] = ['route', 'alert', 'connection', 'movement', 'map', 'rejected', 'operator'];

/**
 * Keeps at most one marker per kind and 1/MARKER_BUCKETS of the log's span, so the markers of a log of any
 * size stay a hundred thousand at most (the same kind at the same moment shows as one mark anyway). The span is
 * the tail's when known, else a second per bucket.
 */
export class MarkerFilter {
  /** Kind and bucket of each marker kept, as one number: no string is made per marker found (millions in a week). */
  private readonly seen = new Set<number>();

  constructor(
    /** The log's first event's time, once indexed. */
    private readonly firstAt: () => number | null,
    private readonly last: number | null,
  ) {}

  /**
   * Whether `m` is the first of its kind in its bucket, which it then takes. The index asks as it finds each
   * marker (core/log/logIndex.ts), so the others die young instead of piling up until the next report.
   */
  wants(m: TimelineEntry): boolean {
    const first = this.firstAt() ?? 0;
    const span = this.last === null ? 0 : this.last - first;
    const bucket = this.last === null ? 1_000 : Math.max(1, span / MARKER_BUCKETS);
    const key = Math.floor((m.at - first) / bucket) * KINDS.length + KINDS.indexOf(m.kind);
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }
}
