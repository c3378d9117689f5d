/**
 * The replay worker's search tests' oracle and their counter of bytes read again (tests/worker/replayDebug.test.ts,
 * tests/worker/replaySketchLater.test.ts).
 */
import { onTestFinished, vi } from 'vitest';
import { parseLogLine } from '../../core/log/eventLog';
import { kindsOf, type SearchQuery } from '../../core/log/search';
import { summariseEvent } from '../../core/log/eventSummary';

/** The oracle: each event of the log whose line holds `text` (any case) and that is of one of `kinds`. */
export function oracle(text: string, query: SearchQuery) {
  let index = 0;
  return text.split('\n').flatMap((line) => {
    const e = line.trim() ? parseLogLine(line.trim()) : 'blank';
    if (typeof e === 'string') return [];
    const at = index++;
    const kinds = kindsOf(e);
    const hit = line.toLowerCase().includes(query.text.toLowerCase());
    return hit && (query.kinds.length === 0 || kinds.some((x) => query.kinds.includes(x))) ? [{ index: at, at: e.at, type: e.type, kinds, summary: summariseEvent(e) }] : [];
  });
}

/**
 * Counts the bytes read by range from blobs until the test ends (a blob's slices are read by `arrayBuffer`;
 * indexing and the term sketch stream the bytes, uncounted). `bytes` can be set back to 0 before the reads to count.
 */
export function countRangeReads(): { bytes: number } {
  const counted = { bytes: 0 };
  const read = Blob.prototype.arrayBuffer;
  const spy = vi.spyOn(Blob.prototype, 'arrayBuffer').mockImplementation(function (this: Blob) {
    counted.bytes += this.size;
    return read.call(this);
  });
  onTestFinished(() => spy.mockRestore());
  return counted;
}
