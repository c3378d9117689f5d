/**
 * Where the replay index's lines come from, a piece at a time: read on this thread (the bytes split and parsed
 * here) or by a reader worker of their own (worker/linePieces.ts), which the replay worker starts when it can.
 * Either way `next` hands the next piece's lines to the `LogReader` and answers how far into the bytes that
 * is, or null at the end; it rejects when the bytes cannot be read.
 */
import type { LogReader } from '../core/log/eventLog';
import { FrameMessages } from '../core/log/frameTable';
import type { TermSketch } from '../core/log/termSketch';
import { TermSketchBuilder } from '../core/log/termSketchBuilder';
import { specStream, type ByteSource } from './byteSource';
import { LineSplitter } from './lineSplitter';
import { feedPiece, type IndexMessage, type LinePiece, type ReaderMessage } from './linePieces';

export interface LineFeed {
  next(): Promise<number | null>;
  /** Stops reading (the log is indexed, or another was opened). */
  close(): void;
}

/** What a reader worker is to the feed: something to post to and hear from. */
export interface ReaderPort {
  postMessage(message: IndexMessage): void;
  onmessage: ((event: MessageEvent<ReaderMessage>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

/** Bytes handed to the reader at a time when reading on this thread: about 100 lines, well under a millisecond. */
const THREAD_PIECE_BYTES = 16 * 1024;

/** Reads the lines on this thread, and sketches their terms into `terms`. */
export function threadFeed(source: ByteSource, reader: LogReader, terms: TermSketch): LineFeed {
  const splitter = new LineSplitter((line, start, end) => reader.readLine(line, start, end));
  const sketch = new TermSketchBuilder(terms.blockBytes);
  let stream: ReadableStreamDefaultReader<Uint8Array> | null = null;
  let chunk: Uint8Array | null = null;
  let at = 0;
  let ended = false;
  return {
    async next() {
      if (ended) return null;
      stream ??= (await specStream(source.spec, 0)).getReader();
      while (chunk === null || at >= chunk.byteLength) {
        const { done, value } = await stream.read();
        if (done) {
          ended = true;
          splitter.end();
          terms.add(sketch.take(true));
          return null;
        }
        chunk = value;
        at = 0;
      }
      // A big chunk (a file's stream may hand over megabytes) is read in pieces, so the index can yield between them.
      const part = chunk.subarray(at, at + THREAD_PIECE_BYTES);
      sketch.push(part);
      terms.add(sketch.take());
      splitter.push(part);
      at += THREAD_PIECE_BYTES;
      return splitter.position;
    },
    close() {
      void stream?.cancel();
    },
  };
}

/** Reads the lines in a reader worker, which `port` talks to; it sketches their terms, handed on to `terms`. */
export function workerFeed(source: ByteSource, reader: LogReader, port: ReaderPort, terms: TermSketch): LineFeed {
  const messages = new FrameMessages();
  const arrived: ReaderMessage[] = [];
  let waiting: (() => void) | null = null;
  port.onmessage = (event) => {
    arrived.push(event.data);
    waiting?.();
    waiting = null;
  };
  port.onerror = (event) => {
    event.preventDefault();
    arrived.push({ error: event.message || 'the reader stopped' });
    waiting?.();
    waiting = null;
  };
  port.postMessage({ read: source.spec, sketchBlock: terms.blockBytes });
  return {
    async next() {
      while (arrived.length === 0) await new Promise<void>((resume) => (waiting = resume));
      const message = arrived[0]!;
      if ('error' in message) throw new Error(message.error);
      if ('done' in message) return null;
      arrived.shift();
      const piece: LinePiece = message.piece;
      port.postMessage({ took: true });
      feedPiece(piece, reader, messages);
      terms.add(piece.sketch);
      return piece.position;
    },
    close() {
      port.terminate();
    },
  };
}
