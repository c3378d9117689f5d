/**
 * The term sketch of an open log (core/log/termSketch.ts: which blocks of its bytes may hold which terms), built
 * once the log is indexed, by reading its bytes front to back a second time: on the reader worker, idle by then
 * (worker/linePieces.ts, worker/lineFeeds.ts `workerSketch`), or on this thread in slices when there is none.
 * Built while the log was indexed, on the reader, it made indexing a third slower (the reader paces it); after,
 * it costs the kiosk's other core a few hundred milliseconds a day of log. Until it is whole the search reads
 * every stretch not sketched yet (`TermSketch.mayHold`), so a search never waits for it and never misses.
 */
import type { TermSketch } from '../core/log/termSketch';
import { TermSketchBuilder, type SketchBlocks } from '../core/log/termSketchBuilder';
import { specStream, type StreamSpec } from './byteSource';

/** Bytes sketched between two hand-overs of finished blocks: few messages, and the search soon has them. */
const SEND_BYTES = 4 * 1024 * 1024;
/** Bytes sketched between two turns of the message queue on the index's thread: about a millisecond. */
const SLICE_BYTES = 512 * 1024;

/** Sketches the bytes of `spec` front to back, handing over the finished blocks every `SEND_BYTES` and at the end. */
export async function sketchBytes(spec: StreamSpec, blockBytes: number, send: (blocks: SketchBlocks) => void): Promise<void> {
  const builder = new TermSketchBuilder(blockBytes);
  const stream = (await specStream(spec, 0)).getReader();
  let unsent = 0;
  for (;;) {
    const { done, value } = await stream.read();
    if (done) break;
    builder.push(value);
    unsent += value.byteLength;
    if (unsent < SEND_BYTES) continue;
    send(builder.take());
    unsent = 0;
  }
  send(builder.take(true));
}

/**
 * Sketches the bytes of `spec` into `terms` on this thread, `pause` (a turn of the message queue, requests
 * first) between slices; stops early once `current` says the log is no longer the one open. Resolves when done;
 * rejects when the bytes cannot be read (the sketch then stays partial: the rest is read by each search).
 */
export async function sketchHere(spec: StreamSpec, terms: TermSketch, current: () => boolean, pause: () => Promise<void>): Promise<void> {
  const builder = new TermSketchBuilder(terms.blockBytes);
  const stream = (await specStream(spec, 0)).getReader();
  try {
    for (;;) {
      const { done, value } = await stream.read();
      if (!current()) return;
      if (done) break;
      for (let at = 0; at < value.byteLength; at += SLICE_BYTES) {
        builder.push(value.subarray(at, at + SLICE_BYTES));
        terms.add(builder.take());
        await pause();
        if (!current()) return;
      }
    }
    terms.add(builder.take(true));
  } finally {
    void stream.cancel().catch(() => undefined);
  }
}
