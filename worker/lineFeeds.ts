/**
 * Where the replay index's lines come from, a piece at a time: read on this thread (the bytes split and parsed
 * here) or by a reader worker of their own (worker/linePieces.ts), which the replay worker starts when it can.
 * Either way `next` hands the next piece's lines to the `LogReader` and answers how far into the bytes that
 * is, or null at the end; it rejects when the bytes cannot be read. Once the log is indexed, the same reader
 * worker sketches its terms (`workerSketch`, worker/termSketching.ts).
 */
import type { LogReader } from '../core/log/eventLog';
import { FrameMessages } from '../core/log/frameTable';
import type { TermSketch } from '../core/log/termSketch';
import { specStream, type ByteSource } from './byteSource';
import { LineSplitter } from './lineSplitter';
import { feedPiece, TAKEN_EVERY, type IndexMessage, type LinePiece, type ReaderMessage } from './linePieces';

export interface LineFeed {
  next(): Promise<number | null>;
  /** Stops reading here, or stops listening to the reader worker (whose owner ends it, or has it sketch the terms). */
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

/** Reads the lines on this thread. */
export function threadFeed(source: ByteSource, reader: LogReader): LineFeed {
  const splitter = new LineSplitter((line, start, end) => reader.readLine(line, start, end));
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
          return null;
        }
        chunk = value;
        at = 0;
      }
      // A big chunk (a file's stream may hand over megabytes) is read in pieces, so the index can yield between them.
      const part = chunk.subarray(at, at + THREAD_PIECE_BYTES);
      splitter.push(part);
      at += THREAD_PIECE_BYTES;
      return splitter.position;
    },
    close() {
      void stream?.cancel();
    },
  };
}

/** Reads the lines in a reader worker, which `port` talks to. */
export function workerFeed(source: ByteSource, reader: LogReader, port: ReaderPort): LineFeed {
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
  port.postMessage({ read: source.spec });
  // Pieces taken and not told yet: told every `TAKEN_EVERY`, and before waiting, so the reader never waits on them.
  let untold = 0;
  const tell = () => {
    if (untold > 0) port.postMessage({ took: untold });
    untold = 0;
  };
  return {
    async next() {
      if (arrived.length === 0) tell();
      while (arrived.length === 0) await new Promise<void>((resume) => (waiting = resume));
      const message = arrived[0]!;
      if ('error' in message) throw new Error(message.error);
      if ('done' in message) return null;
      arrived.shift();
      if (!('piece' in message)) throw new Error('the reader sent no piece');
      const piece: LinePiece = message.piece;
      if (++untold >= TAKEN_EVERY) tell();
      feedPiece(piece, reader, messages);
      return piece.position;
    },
    close() {
      port.onmessage = null;
      port.onerror = null;
    },
  };
}

/**
 * Has the reader worker behind `port` (done reading the lines) sketch the terms of `source` into `terms`
 * (worker/termSketching.ts), and ends it when the sketch is whole, when it cannot be read (the sketch stays
 * partial: a search reads what it does not cover), or at the first news after `current` says another log is
 * open. Resolves then.
 */
export function workerSketch(source: ByteSource, port: ReaderPort, terms: TermSketch, current: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const end = () => {
      port.onmessage = null;
      port.onerror = null;
      port.terminate();
      resolve();
    };
    port.onmessage = (event) => {
      const message = event.data;
      if (!current() || !('blocks' in message)) return end();
      terms.add(message.blocks);
    };
    port.onerror = (event) => {
      event.preventDefault();
      end();
    };
    port.postMessage({ sketch: source.spec, blockBytes: terms.blockBytes });
  });
}
