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
 * (`queryBits`): a text of four bytes at least, and nothing is missed. The sketch is built by
 * core/log/termSketchBuilder.ts.
 */
import { SKETCH_WORDS, trigramBit, type SketchBlocks } from './termSketchBuilder';

export { SKETCH_WORDS, type SketchBlocks };

/** Bytes in a block at least: a few dozen lines, under a checkpoint interval (160 kB at least). */
const MIN_BLOCK_BYTES = 64 * 1024;
/** Blocks a sketch holds at most (about): 16 MB of bits, whatever the log's size; a bigger log has bigger blocks. */
const MAX_BLOCKS = 16_384;

/** Block size for a log of `size` bytes: a power of two, so a block's number is an offset's top bits. */
export function sketchBlockBytes(size: number): number {
  let bytes = MIN_BLOCK_BYTES;
  while (size / bytes > MAX_BLOCKS) bytes *= 2;
  return bytes;
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
    sets[i % 2]!.add(trigramBit(a, b, c));
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
