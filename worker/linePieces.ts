/**
 * A log's lines, read on a thread of their own (worker/lineReaderWorker.ts) and handed to the replay index in
 * pieces. Reading (decoding the bytes, splitting the lines, finding and parsing the frames) took as long as
 * folding them in the index; the reader works on the next piece while the index folds this one, so the index's
 * thread does a third less. (On the two-core kiosk the page, the network and the server serving the log take
 * the second core too, and a day's open took as long either way: bench/README.md at f0de46c, "Reading once, on two cores".)
 *
 * A piece holds, for each line in order, its byte range and either a frame (its time, key order and message
 * number, core/log/frameTable.ts) or what any other line holds, read there (core/log/eventLog.ts `LineRead`:
 * a bad line's reason, a section, a rare event), so the index parses no line. Numbers and small objects: cheap
 * to send. The reader stays at most `AHEAD` pieces ahead of the index, so memory stays
 * bounded whatever the log's size.
 */
import { LineReading, type LineRead, type LogReader } from '../core/log/eventLog';
import { FrameIds, UNDECIDED, type FrameMessages, type FrameNews } from '../core/log/frameTable';
import type { SketchBlocks } from '../core/log/termSketch';
import { LineSplitter } from './lineSplitter';
import { specStream, type StreamSpec } from './byteSource';
import { sketchBytes } from './termSketching';

/**
 * Bytes of the log a piece covers at least (a stream hands over what it has: a blob's 64 kB, a download's
 * packets): some 1,600 lines, a few milliseconds of the index's work. Each piece costs a message and its
 * arrays both ways; at 64 kB a day's open was 6% slower (bench/README.md, "29 Nov, the open of a day on two cores").
 */
export const PIECE_BYTES = 256 * 1024;
/** Pieces the reader may send before the index has taken them: 4 MB at most. */
export const AHEAD = 16;
/**
 * Pieces the index takes before it tells the reader, in one message (and at once when it runs out of pieces):
 * fewer than `AHEAD`, so the reader always has room for the next one while the index folds.
 */
export const TAKEN_EVERY = 8;

export interface LinePiece {
  /** Bytes read up to the end of this piece. */
  position: number;
  /** Per line: `2 * number + (type first ? 1 : 0)` for a frame, -1 for any other line, read here: the next of `reads`. */
  kinds: Int32Array;
  ats: Float64Array;
  starts: Float64Array;
  ends: Float64Array;
  reads: LineRead[];
  news: FrameNews;
}

/**
 * What the reader worker sends: a piece, the end of the log, or why reading stopped; once the log is indexed,
 * when asked, the term sketch's finished blocks (worker/termSketching.ts) and the end of the sketch.
 */
export type ReaderMessage = { piece: LinePiece } | { done: true } | { error: string } | { blocks: SketchBlocks } | { sketched: true };
/** What the index sends the reader: where to read, how many more pieces it took, and (after) to sketch the log's terms. */
export type IndexMessage = { read: StreamSpec } | { took: number } | { sketch: StreamSpec; blockBytes: number };

/** Gathers lines into a piece. */
class PieceBuilder {
  private count = 0;
  private kinds = new Int32Array(1024);
  private ats = new Float64Array(1024);
  private starts = new Float64Array(1024);
  private ends = new Float64Array(1024);
  private reads: LineRead[] = [];
  private readonly reading = new LineReading();

  constructor(private readonly ids: FrameIds) {}

  line(raw: string, start: number, end: number): void {
    // Until the first event a line may be the header, which only the whole reading tells.
    const id = this.reading.lookingForHeader ? -1 : this.ids.read(raw.trim());
    if (id < 0) this.readWhole(raw, start, end);
    else this.frame(id, start, end);
  }

  /** A line as a stretch of a bigger text (worker/lineSplitter.ts): a frame line's message is all it slices. */
  stretch(text: string, from: number, to: number, start: number, end: number): void {
    const id = this.reading.lookingForHeader ? UNDECIDED : this.ids.readIn(text, from, to);
    if (id === UNDECIDED) this.line(text.slice(from, to), start, end);
    else if (id < 0) this.readWhole(text.slice(from, to), start, end);
    else this.frame(id, start, end);
  }

  private frame(id: number, start: number, end: number): void {
    const k = this.slot(start, end);
    this.reading.countFrame();
    this.kinds[k] = 2 * id + (this.ids.typeFirst ? 1 : 0);
    this.ats[k] = this.ids.at;
  }

  private readWhole(raw: string, start: number, end: number): void {
    const k = this.slot(start, end);
    this.kinds[k] = -1;
    this.reads.push(this.reading.read(raw));
  }

  /** The place of the next line, at bytes `start` to `end`. */
  private slot(start: number, end: number): number {
    if (this.count === this.kinds.length) this.grow();
    const k = this.count++;
    this.starts[k] = start;
    this.ends[k] = end;
    return k;
  }

  take(position: number): LinePiece {
    const n = this.count;
    const piece = {
      position,
      kinds: this.kinds.slice(0, n),
      ats: this.ats.slice(0, n),
      starts: this.starts.slice(0, n),
      ends: this.ends.slice(0, n),
      reads: this.reads,
      news: this.ids.takeNews(),
    };
    this.count = 0;
    this.reads = [];
    return piece;
  }

  private grow(): void {
    const size = this.kinds.length * 2;
    const grown = <T extends Int32Array | Float64Array>(a: T, make: (n: number) => T): T => {
      const b = make(size);
      b.set(a);
      return b;
    };
    this.kinds = grown(this.kinds, (n) => new Int32Array(n));
    this.ats = grown(this.ats, (n) => new Float64Array(n));
    this.starts = grown(this.starts, (n) => new Float64Array(n));
    this.ends = grown(this.ends, (n) => new Float64Array(n));
  }
}

/**
 * The reader's loop: reads `spec` front to back and sends a piece per `PIECE_BYTES`, waiting for `room` before
 * each. Resolves at the end of the bytes; rejects when they cannot be read.
 */
export async function readPieces(spec: StreamSpec, send: (piece: LinePiece) => void, room: () => Promise<void>): Promise<void> {
  const builder = new PieceBuilder(new FrameIds());
  const splitter = new LineSplitter(
    (line, start, end) => builder.line(line, start, end),
    0,
    (text, from, to, start, end) => builder.stretch(text, from, to, start, end),
  );
  const stream = (await specStream(spec, 0)).getReader();
  let sent = 0;
  for (;;) {
    const { done, value } = await stream.read();
    if (done) break;
    // A big chunk (a file's stream may hand over megabytes) is split, so pieces stay small.
    for (let at = 0; at < value.byteLength; at += PIECE_BYTES) {
      const part = value.subarray(at, at + PIECE_BYTES);
      splitter.push(part);
      if (splitter.position - sent < PIECE_BYTES) continue;
      await room();
      send(builder.take(splitter.position));
      sent = splitter.position;
    }
  }
  splitter.end();
  send(builder.take(splitter.position));
}

/** Hands a piece's lines to the index's reader, in order. */
export function feedPiece(piece: LinePiece, reader: LogReader, messages: FrameMessages): void {
  messages.learn(piece.news);
  const { kinds, ats, starts, ends, reads } = piece;
  let read = 0;
  for (let k = 0; k < kinds.length; k++) {
    const kind = kinds[k]!;
    if (kind < 0) reader.readRead(reads[read++]!, starts[k]!, ends[k]!);
    else reader.readFrame(messages.event((kind & 1) === 1, ats[k]!, kind >> 1), starts[k]!, ends[k]!);
  }
  messages.forget(piece.news.floor);
}

/** The reader's end of the conversation: a worker's global scope, or a message port (tests/worker/linePieces.test.ts). */
export interface ReaderScope {
  postMessage(message: ReaderMessage, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<IndexMessage>) => void) | null;
}

/**
 * Reads the log the index asks for and sends its pieces, at most `AHEAD` of them not yet taken; then, asked
 * once the log is indexed, sketches its terms (off the index's way: sketching while the pieces were read made
 * the reader, which paces indexing, a third slower).
 */
export function serveReader(scope: ReaderScope): void {
  let sent = 0;
  let taken = 0;
  let wake: (() => void) | null = null;
  const send = (piece: LinePiece) => {
    sent += 1;
    scope.postMessage({ piece }, [piece.kinds.buffer, piece.ats.buffer, piece.starts.buffer, piece.ends.buffer]);
  };
  const room = () => (sent - taken < AHEAD ? Promise.resolve() : new Promise<void>((resume) => (wake = resume)));
  scope.onmessage = (event) => {
    const message = event.data;
    if ('took' in message) {
      taken += message.took;
      wake?.();
      wake = null;
      return;
    }
    const failed = (error: unknown) => scope.postMessage({ error: error instanceof Error ? error.message : String(error) }, []);
    if ('sketch' in message) {
      sketchBytes(message.sketch, message.blockBytes, (blocks) => scope.postMessage({ blocks }, [blocks.words.buffer])).then(() => scope.postMessage({ sketched: true }, []), failed);
      return;
    }
    readPieces(message.read, send, room).then(
      () => scope.postMessage({ done: true }, []),
      failed,
    );
  };
}
