/**
 * Builds a log's term sketch (core/log/termSketch.ts, which says what it is and why) from its bytes as they are
 * read, on the reader worker or the index's thread: the trigrams that end at an odd offset, two bytes a step, and
 * a block marked as holding everything when a character whose lower case is ASCII ends in it. The fold and the
 * hash are here, with the loop that runs them for every byte of the log (the query's side, `queryBits`, asks for
 * the same bits). Pure.
 */

/** 32-bit words of one block's bits: 8,192 bits, 1 kB a block. */
export const SKETCH_WORDS = 256;
/** Bits in a block's set (a power of two: an index is the top bits of a 32-bit hash). */
const SKETCH_BITS = SKETCH_WORDS * 32;
const BIT_SHIFT = 32 - Math.log2(SKETCH_BITS);

/**
 * What a byte is folded to: ASCII letters to lower case, digits to '0', every byte outside ASCII to 0. Not
 * exported, nor `bitOf`: V8 reaches an exported module binding through a cell, which made the loop below 40%
 * slower (380 ms against 270 ms for a day's 161 MB in Node); the query's side asks through `trigramBit`.
 */
const FOLD = (() => {
  const fold = new Int32Array(256);
  for (let b = 0; b < 128; b++) fold[b] = b >= 65 && b <= 90 ? b + 32 : b >= 48 && b <= 57 ? 48 : b;
  return fold;
})();

/** The bit a trigram (three folded symbols, the last in the lowest byte) sets. */
function bitOf(trigram: number): number {
  return Math.imul(trigram, 0x9e3779b1) >>> BIT_SHIFT;
}

/** The bit the trigram of bytes `a`, `b`, `c` (ASCII) sets, as the builder sets it. */
export function trigramBit(a: number, b: number, c: number): number {
  return bitOf((FOLD[a]! << 16) | (FOLD[b]! << 8) | FOLD[c]!);
}

/** Finished blocks, in order: block `first`, then the next ones, `SKETCH_WORDS` words each. */
export interface SketchBlocks {
  first: number;
  words: Int32Array;
}

/** Builds the sketch from the bytes as they are read, front to back from offset 0. */
export class TermSketchBuilder {
  /** Blocks begun and not yet taken, the last one still filling. */
  private words: Int32Array;
  private first = 0;
  private count = 1;
  /** The last three symbols, and the two bytes before the next one (a character of three bytes may span two pushes). */
  private trigram = 0;
  private before1 = 0;
  private before2 = 0;
  private offset = 0;

  constructor(readonly blockBytes: number) {
    if (blockBytes % 2 !== 0) throw new Error('a sketch block is an even number of bytes');
    this.words = new Int32Array(SKETCH_WORDS * 4);
  }

  /** The next bytes of the log. */
  push(bytes: Uint8Array): void {
    const n = bytes.length;
    let at = 0;
    while (at < n) {
      const block = Math.floor(this.offset / this.blockBytes);
      const end = Math.min(n, at + (block + 1) * this.blockBytes - this.offset);
      this.fill(bytes, at, end, (block - this.first) * SKETCH_WORDS);
      this.offset += end - at;
      at = end;
      if (this.offset % this.blockBytes === 0) this.open();
    }
  }

  /**
   * Sets the bits of the trigrams ending at an odd offset in `bytes[from .. to)` (`bytes[from]` at `this.offset`),
   * in the block whose words start at `base`.
   */
  private fill(bytes: Uint8Array, from: number, to: number, base: number): void {
    const words = this.words;
    let trigram = this.trigram;
    // Every byte or-ed in: whether any is outside ASCII, asked after the loop (a test in it cost a third more).
    let high = 0;
    let i = from;
    // A byte at an odd offset first: the steps below take an even and an odd byte.
    if (i < to && this.offset % 2 === 1) {
      high = bytes[i]!;
      trigram = ((trigram << 8) | FOLD[high]!) & 0xffffff;
      const bit = bitOf(trigram);
      words[base + (bit >>> 5)]! |= 1 << (bit & 31);
      i += 1;
    }
    for (; i + 1 < to; i += 2) {
      const even = bytes[i]!;
      const odd = bytes[i + 1]!;
      high |= even | odd;
      trigram = ((trigram << 16) | (FOLD[even]! << 8) | FOLD[odd]!) & 0xffffff;
      const bit = bitOf(trigram);
      words[base + (bit >>> 5)]! |= 1 << (bit & 31);
    }
    // A last byte at an even offset: no trigram ends there.
    if (i < to) {
      high |= bytes[i]!;
      trigram = ((trigram << 8) | FOLD[bytes[i]!]!) & 0xffffff;
    }
    if (high >= 0x80 && this.lowersToAsciiIn(bytes, from, to)) words.fill(-1, base, base + SKETCH_WORDS);
    this.trigram = trigram;
    if (to - from >= 2) this.before2 = bytes[to - 2]!;
    else if (to > from) this.before2 = this.before1;
    if (to > from) this.before1 = bytes[to - 1]!;
  }

  /** Whether a character whose lower case is ASCII ends in `bytes[from .. to)`: found by its last byte. */
  private lowersToAsciiIn(bytes: Uint8Array, from: number, to: number): boolean {
    for (const last of [0xb0, 0xaa]) {
      for (let i = bytes.indexOf(last, from); i >= 0 && i < to; i = bytes.indexOf(last, i + 1)) {
        if (this.lowersToAscii(bytes, i, from)) return true;
      }
    }
    return false;
  }

  /** Whether `bytes[i]` ends U+0130 (C4 B0) or U+212A (E2 84 AA); the bytes before `from` are those pushed before. */
  private lowersToAscii(bytes: Uint8Array, i: number, from: number): boolean {
    const b1 = i > from ? bytes[i - 1]! : this.before1;
    const b2 = i > from + 1 ? bytes[i - 2]! : i > from ? this.before1 : this.before2;
    return (bytes[i] === 0xb0 && b1 === 0xc4) || (bytes[i] === 0xaa && b1 === 0x84 && b2 === 0xe2);
  }

  /** Starts the next block (the one before it is finished). */
  private open(): void {
    const needed = (this.count + 1) * SKETCH_WORDS;
    if (needed > this.words.length) {
      const grown = new Int32Array(Math.max(needed, this.words.length * 2));
      grown.set(this.words);
      this.words = grown;
    }
    this.count += 1;
  }

  /** The blocks finished since the last take (all of them, the last one too, once `last` is set: the end of the log). */
  take(last = false): SketchBlocks {
    const finished = last ? this.count : this.count - 1;
    const out = { first: this.first, words: this.words.slice(0, finished * SKETCH_WORDS) };
    if (finished > 0) {
      // The block still filling moves to the front; the words after it are cleared for the blocks to come.
      this.words.copyWithin(0, finished * SKETCH_WORDS, this.count * SKETCH_WORDS);
      this.words.fill(0, (this.count - finished) * SKETCH_WORDS, this.count * SKETCH_WORDS);
      this.first += finished;
      this.count = Math.max(1, this.count - finished);
    }
    return out;
  }
}
