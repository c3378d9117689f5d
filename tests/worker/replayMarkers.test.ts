/** The replay worker's marker filter: at most one marker per kind and bucket of the log's span, every kind its own. */
import { describe, expect, it } from 'vitest';
import { MarkerFilter } from '../../worker/replayMarkers';
import type { TimelineEntry } from '../../core/log/timeline';

const KINDS = ['operator', 'alert', 'movement', 'map', 'route', 'connection', 'rejected'] satisfies TimelineEntry['kind'][];

describe('MarkerFilter', () => {
  it('keeps one marker of each kind per bucket, the operator lane included, and drops the rest of the bucket', () => {
    // A 20 s log: buckets of 1 ms (20,000 of them).
    const filter = new MarkerFilter(() => 0, 20_000);
    const at = (t: number) => KINDS.map((kind) => ({ at: t, kind, text: `${kind} at ${t}` }));
    const keep = (found: TimelineEntry[]) => found.filter((m) => filter.wants(m));
    expect(keep([...at(5), ...at(5)]).map((m) => m.kind)).toEqual(KINDS);
    // The next bucket keeps them all again; the one before is full.
    expect(keep(at(6))).toHaveLength(KINDS.length);
    expect(keep(at(5))).toEqual([]);
  });
});
