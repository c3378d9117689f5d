/**
 * Splits a log's bytes, read slice by slice (a file in Node, a `File` or HTTP ranges in the browser), into lines
 * with where each starts and ends in bytes, so a reader can come back to any line by its offset without keeping
 * the text. Only the unfinished last line of a slice is carried over (a map image line may span many slices).
 */

const NEWLINE = 10;
/**
 * The longest line kept whole: a map image line is a few megabytes. A longer one (a file that is not a log, a
 * line that never ends) is handed over as its first bytes, which do not read as an event, and the rest skipped,
 * so a reader's memory stays bounded whatever it is given.
 */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;
const TOO_LONG_PREFIX = 200;

export type OnLine = (line: string, start: number, end: number) => void;
/**
 * A line given as `text[from, to)`, a stretch of the decoded text of many lines (`text[to]` is its newline), so
 * a reader that needs only parts of it slices no line: starting at byte `start`, ending before byte `end`.
 */
export type OnStretch = (text: string, from: number, to: number, start: number, end: number) => void;

export class LineSplitter {
  /** The unfinished line's bytes so far. */
  private carry: Uint8Array[] = [];
  private carryBytes = 0;
  /** Whether the unfinished line grew too long and only its first bytes are kept. */
  private dropped = false;
  /** The offset of the next slice's first byte. */
  private offset: number;
  private readonly decoder = new TextDecoder();

  /** `start`: the offset of the first byte pushed (a reading that starts mid-file, at a line's start). */
  constructor(
    private readonly onLine: OnLine,
    start = 0,
    /** Takes the lines of slices whose bytes are one character each, instead of `onLine`. */
    private readonly onStretch?: OnStretch,
  ) {
    this.offset = start;
  }

  /** Where the bytes pushed so far end. */
  get position(): number {
    return this.offset;
  }

  push(chunk: Uint8Array): void {
    const base = this.offset;
    this.offset += chunk.byteLength;
    let from = 0;
    const first = chunk.indexOf(NEWLINE);
    if (first < 0) {
      this.keep(chunk);
      return;
    }
    if (this.carryBytes > 0) {
      if (!this.dropped) this.carry.push(chunk.subarray(0, first));
      const bytes = this.dropped ? this.carry[0]! : join(this.carry, this.carryBytes + first);
      this.onLine(this.decoder.decode(bytes), base - this.carryBytes, base + first + 1);
      this.carry = [];
      this.carryBytes = 0;
      this.dropped = false;
      from = first + 1;
    }
    const last = chunk.lastIndexOf(NEWLINE);
    if (last >= from) this.lines(chunk, from, last, base);
    if (last + 1 < chunk.byteLength) this.keep(chunk.subarray(last + 1));
  }

  /** The last line, when the bytes did not end with a newline (a log cut off mid-line). */
  end(): void {
    if (this.carryBytes === 0) return;
    const bytes = this.dropped ? this.carry[0]! : join(this.carry, this.carryBytes);
    const start = this.offset - this.carryBytes;
    this.carry = [];
    this.carryBytes = 0;
    this.dropped = false;
    this.onLine(this.decoder.decode(bytes), start, this.offset);
  }

  /** The whole lines of `chunk[from .. last]` (`last` is a newline). */
  private lines(chunk: Uint8Array, from: number, last: number, base: number): void {
    const text = this.decoder.decode(chunk.subarray(from, last + 1));
    if (text.length === last + 1 - from) {
      // One character per byte (nearly every log: JSON escapes what is not ASCII): one decode for the slice.
      let s = 0;
      const { onStretch } = this;
      for (let e = text.indexOf('\n'); e >= 0; e = text.indexOf('\n', s)) {
        if (onStretch) onStretch(text, s, e, base + from + s, base + from + e + 1);
        else this.onLine(text.slice(s, e), base + from + s, base + from + e + 1);
        s = e + 1;
      }
      return;
    }
    // Characters of several bytes: offsets of the text are not those of the bytes, so decode line by line.
    let s = from;
    for (let e = chunk.indexOf(NEWLINE, s); e >= 0 && e <= last; e = chunk.indexOf(NEWLINE, s)) {
      this.onLine(this.decoder.decode(chunk.subarray(s, e)), base + s, base + e + 1);
      s = e + 1;
    }
  }

  /** Keeps a copy (the caller may reuse its buffer), or only the line's first bytes once it is too long. */
  private keep(bytes: Uint8Array): void {
    if (this.dropped) {
      this.carryBytes += bytes.byteLength;
      return;
    }
    if (this.carryBytes + bytes.byteLength > MAX_LINE_BYTES) {
      const head = join(this.carry, this.carryBytes).subarray(0, TOO_LONG_PREFIX);
      this.carry = [new Uint8Array(head)];
      // Counted as kept, so the offsets stay right; the bytes themselves are let go.
      this.carryBytes += bytes.byteLength;
      this.dropped = true;
      return;
    }
    // A copy by the constructor: a Node `Buffer`'s own `slice` is a view, which a reused buffer would overwrite.
    this.carry.push(new Uint8Array(bytes));
    this.carryBytes += bytes.byteLength;
  }
}

function join(parts: Uint8Array[], size: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}
