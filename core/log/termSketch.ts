/**
 * A log's term sketch: for each block of its bytes, the set of three-letter pieces (trigrams) its text holds,
 * whatever the case, hashed into a few thousand bits. Built as the log is read front to back, it lets a search
 * pass over a block without reading it when one of the query's trigrams is not in it, so a rare term is found
 * in the few blocks that may hold it rather than by reading the whole log again (worker/replaySearch.ts).
 *
 * The sketch never misses: a block that holds the text holds each of its trigrams, in any case. Letters are
 * folded to lower case and digits to one digit, so the pieces of timestamps and numbers fill few bits. Bytes
 * outside ASCII are one symbol, and the query's trigrams that hold one are not asked; the two characters whose
 * lower case is ASCII (U+0130 and U+212A, the only two) mark their block as holding everything. A block may
 * seem to hold a text it does not (a hash shared, the trigrams spread over several lines): the search reads it
 * and finds nothing. Pure: the bytes are handed in.
 *
 * Only the trigrams that end at an odd offset of the log are set, two bytes a step: that halves the hashing,
 * which is what sketching costs (a day's 161 MB in Node: 230-290 ms against 380 ms with every trigram, on the
 * reader's thread while the log is opened). A text found at an even offset has its trigrams that end at its odd
 * places set, and one at an odd offset those that end at its even places, so a query asks for either set whole
 * (`queryBits`): a text of four bytes at least, and nothing is missed.
 */

/** 32-bit words of one block's bits: 8,192 bits, 1 kB a block. */
export const SKETCH_WORDS = 256;
/** Bits in a block's set (a power of two: an index is the top bits of a 32-bit hash). */
const SKETCH_BITS = SKETCH_WORDS * 32;
const BIT_SHIFT = 32 - Math.log2(SKETCH_BITS);
/** Bytes in a block at least: a few dozen lines, under a checkpoint interval (160 kB at least). */
const MIN_BLOCK_BYTES = 64 * 1024;
/** Blocks a sketch holds at most (about): 16 MB of bits, whatever the log's size; a bigger log has bigger blocks. */
const MAX_BLOCKS = 16_384;

/** What a byte is folded to: ASCII letters to lower case, digits to '0', every byte outside ASCII to 0. */
const FOLD = (() => {
  const fold = new Int32Array(256);
  for (let b = 0; b < 128; b++) fold[b] = b >= 65 && b <= 90 ? b + 32 : b >= 48 && b <= 57 ? 48 : b;
  return fold;
})();

/** The bit a trigram (three folded symbols, the last in the lowest byte) sets. */
function bitOf(trigram: number): number {
  return Math.imul(trigram, 0x9e3779b1) >>> BIT_SHIFT;
}

/** Block size for a log of `size` bytes: a power of two, so a block's number is an offset's top bits. */
export function sketchBlockBytes(size: number): number {
  let bytes = MIN_BLOCK_BYTES;
  while (size / bytes > MAX_BLOCKS) bytes *= 2;
  return bytes;
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

/**
 * The bits a query must find in a block for the block to be read: those of its trigrams that end at its odd
 * places (for a text found at an even offset), or those that end at its even places (at an odd offset); only
 * trigrams with no byte outside ASCII. None (read every block) when either set would be empty: a text of
 * under four bytes, or one mostly outside ASCII.
 */
export function queryBits(needle: string): Int32Array[] {
  const bytes = utf8Symbols(needle.toLowerCase());
  const sets = [new Set<number>(), new Set<number>()];
  for (let i = 2; i < bytes.length; i++) {
    const [a, b, c] = [bytes[i - 2]!, bytes[i - 1]!, bytes[i]!];
    if (a >= 0x80 || b >= 0x80 || c >= 0x80) continue;
    sets[i % 2]!.add(bitOf((FOLD[a]! << 16) | (FOLD[b]! << 8) | FOLD[c]!));
  }
  return sets.every((set) => set.size > 0) ? sets.map((set) => Int32Array.from(set)) : [];
}

/**
 * A text's UTF-8 bytes as far as the sketch tells them apart: ASCII as itself, each byte of another character as
 * 0x80 (so the count of bytes, and with it where each ASCII byte falls, is the encoding's).
 */
function utf8Symbols(text: string): number[] {
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (size === 1) out.push(code);
    else for (let i = 0; i < size; i++) out.push(0x80);
  }
  return out;
}

/** A log's sketch, as far as it is read: the blocks finished so far. */
export class TermSketch {
  private words = new Int32Array(SKETCH_WORDS * 64);
  private blocks = 0;

  constructor(readonly blockBytes: number) {}

  /** Adds blocks finished by the builder, in order. */
  add(blocks: SketchBlocks): void {
    if (blocks.first !== this.blocks) throw new Error(`sketch block ${blocks.first} came after ${this.blocks}`);
    const needed = this.blocks * SKETCH_WORDS + blocks.words.length;
    if (needed > this.words.length) {
      const grown = new Int32Array(Math.max(needed, this.words.length * 2));
      grown.set(this.words);
      this.words = grown;
    }
    this.words.set(blocks.words, this.blocks * SKETCH_WORDS);
    this.blocks += blocks.words.length / SKETCH_WORDS;
  }

  /** Bytes the sketch holds: memory, for the benches. */
  get bytes(): number {
    return this.words.byteLength;
  }

  /**
   * Whether bytes `from` to `to` (exclusive) may hold a text whose `queryBits` are `sets`: true when every bit of
   * one of the sets is set in one of the blocks they span, when part of them is not sketched yet, or when no bit
   * is asked.
   */
  mayHold(sets: readonly Int32Array[], from: number, to: number): boolean {
    if (sets.length === 0) return true;
    if (to <= from) return false;
    const first = Math.floor(from / this.blockBytes);
    const last = Math.floor((to - 1) / this.blockBytes);
    if (last >= this.blocks) return true;
    return sets.some((bits) => this.allSet(bits, first, last));
  }

  /** Whether each of `bits` is set in one of blocks `first` to `last`. */
  private allSet(bits: Int32Array, first: number, last: number): boolean {
    for (let b = 0; b < bits.length; b++) {
      const bit = bits[b]!;
      const word = bit >>> 5;
      const mask = 1 << (bit & 31);
      let found = false;
      for (let k = first; k <= last && !found; k++) found = (this.words[k * SKETCH_WORDS + word]! & mask) !== 0;
      if (!found) return false;
    }
    return true;
  }
}
