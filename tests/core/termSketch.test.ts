/**
 * The term sketch (core/log/termSketch.ts) never says a stretch of bytes cannot hold a text it holds, in any case,
 * with characters of several bytes and the two whose lower case is ASCII, however the bytes are pushed; and it
 * does pass over most of a log for a rare term, which is what it is for.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../core/rng';
import { queryBits, sketchBlockBytes, TermSketch } from '../../core/log/termSketch';
import { TermSketchBuilder } from '../../core/log/termSketchBuilder';
import { generateRobotLog } from '../../bench/replay/robotLog';

const BLOCK = 64 * 1024;

/** The sketch of `bytes` in blocks of `block` bytes, pushed in pieces of `piece` bytes and taken every `takeEvery` pushes. */
function sketchOf(bytes: Uint8Array, piece: number, takeEvery = 1, block = BLOCK): TermSketch {
  const builder = new TermSketchBuilder(block);
  const sketch = new TermSketch(block);
  let pushes = 0;
  for (let at = 0; at < bytes.length; at += piece) {
    builder.push(bytes.subarray(at, at + piece));
    if (++pushes % takeEvery === 0) sketch.add(builder.take());
  }
  sketch.add(builder.take(true));
  return sketch;
}

/** Each line's byte range in the log's UTF-8 bytes (lines joined by newlines). */
function lineRanges(lines: string[]): { from: number; to: number }[] {
  const encoder = new TextEncoder();
  let offset = 0;
  return lines.map((line) => {
    const from = offset;
    offset += encoder.encode(line + '\n').length;
    return { from, to: offset };
  });
}

/** The byte ranges of the lines whose lower-case text holds `needle` (lower case): what the search asks the sketch of. */
function occurrences(lines: string[], needle: string, ranges = lineRanges(lines)): { from: number; to: number }[] {
  return ranges.filter((_, k) => lines[k]!.toLowerCase().includes(needle));
}

const ALPHABET = ['a', 'B', 'k', 'K', 'i', 'I', '_', '7', '3', ' ', '"', ':', 'é', 'É', '€', '😀', 'ß', 'x', 'Y', 'z'];
/** The two characters whose lower case is ASCII: rare, so that most blocks are sketched, not marked as holding all. */
const LOWER_TO_ASCII = ['İ', '\u212a'];

/** Random lines of the tricky alphabet, and needles cut out of them with their case changed. */
function trickyCase(seed: number): { lines: string[]; needles: string[] } {
  const { rand, pick } = seededRandom(seed);
  const lines: string[] = [];
  for (let l = 0; l < 4000; l++) {
    let line = '';
    const n = 5 + Math.floor(rand() * 60);
    for (let c = 0; c < n; c++) line += rand() < 0.002 ? pick(LOWER_TO_ASCII) : pick(ALPHABET);
    lines.push(line);
  }
  const needles: string[] = [];
  for (let k = 0; k < 300; k++) {
    const lower = pick(lines).toLowerCase();
    const start = Math.floor(rand() * lower.length);
    const piece = lower.slice(start, start + 4 + Math.floor(rand() * 8));
    // The query as typed: any case; the search lowers it, so does the sketch.
    needles.push([...piece].map((ch) => (rand() < 0.5 ? ch.toUpperCase() : ch)).join('').toLowerCase());
  }
  return { lines, needles };
}

describe('term sketch', () => {
  it('never passes over bytes that hold the text (any case, characters of several bytes, İ and the Kelvin sign)', () => {
    for (const seed of [1, 2, 3]) {
      const { lines, needles } = trickyCase(seed);
      const bytes = new TextEncoder().encode(lines.join('\n') + '\n');
      // Blocks of 256 bytes (a few lines each), so that a needle is absent from most and the sketch says so.
      const sketch = sketchOf(bytes, 997, 1, 256);
      const ranges = lineRanges(lines);
      const missed: string[] = [];
      let asked = 0;
      let passedOver = 0;
      for (const needle of needles) {
        const bits = queryBits(needle);
        const held = new Set(occurrences(lines, needle, ranges));
        for (const range of ranges) {
          const may = sketch.mayHold(bits, range.from, range.to);
          if (held.has(range)) {
            asked += 1;
            if (!may) missed.push(`${JSON.stringify(needle)} at ${range.from}`);
          } else if (!may) passedOver += 1;
        }
      }
      expect(missed).toEqual([]);
      expect(asked).toBeGreaterThan(300);
      // Not a sketch that holds everything: most lines without the needle are passed over.
      expect(passedOver).toBeGreaterThan(needles.length * lines.length * 0.3);
    }
  });

  it('holds a text whose lower case comes from İ or the Kelvin sign', () => {
    const filler = 'x'.repeat(BLOCK);
    const lines = [filler, 'Ka\u212abc xab\u0130Z', filler];
    // Without the two characters, the same block holds none of those texts.
    const plain = sketchOf(new TextEncoder().encode([filler, 'Kabc xabZ', filler].join('\n')), 1);
    expect(plain.mayHold(queryBits('akbc'), BLOCK + 1, BLOCK + 10)).toBe(false);
    const bytes = new TextEncoder().encode(lines.join('\n'));
    const sketch = sketchOf(bytes, 1);
    const second = new TextEncoder().encode(filler + '\n').length;
    for (const needle of ['kakbc', 'akbc', 'xabi', 'xabi\u0307z']) {
      expect(lines[1]!.toLowerCase()).toContain(needle);
      expect(sketch.mayHold(queryBits(needle), second, second + 20)).toBe(true);
    }
  });

  it('is the same however the bytes are pushed and taken', () => {
    // Without the two characters that mark a block as holding everything, so that most blocks are sketched.
    const lines = trickyCase(4).lines.map((line) => line.replace(/[\u0130\u212a]/g, 'Z'));
    const bytes = new TextEncoder().encode(lines.join('\n'));
    // Texts of the log (found in some stretches, not in others) and texts it does not hold, all with trigrams to ask.
    const probes = [...trickyCase(4).needles, 'qqqq', 'zzzzzz'].map(queryBits).filter((sets) => sets.length > 0).slice(-40);
    expect(probes).toHaveLength(40);
    const answers = (sketch: TermSketch) => {
      const out: boolean[] = [];
      for (let from = 0; from < bytes.length; from += 500) for (const bits of probes) out.push(sketch.mayHold(bits, from, from + 500));
      return out;
    };
    // Blocks of 512 bytes: many of them, so that the answers differ from one stretch to the next.
    const sketch = (piece: number, takeEvery: number) => answers(sketchOf(bytes, piece, takeEvery, 512));
    const whole = sketch(bytes.length, 1);
    expect(whole.filter(Boolean).length).toBeGreaterThan(whole.length * 0.02);
    expect(whole.filter((held) => !held).length).toBeGreaterThan(whole.length * 0.5);
    expect(sketch(1, 1000)).toEqual(whole);
    expect(sketch(3, 7)).toEqual(whole);
    expect(sketch(2, 1)).toEqual(whole);
    expect(sketch(65_537, 3)).toEqual(whole);
  });

  it('passes over nearly all of a robot day for a term in one line of it', () => {
    const lines = generateRobotLog(200_000, 5);
    const rare = '{"at":1795400000000,"type":"ws/message","message":{"event":"robot/alert_update","data":{"activated_errors":["CASTER_Jam_E4471"]}}}';
    lines.splice(100_000, 0, rare);
    const bytes = new TextEncoder().encode(lines.join('\n') + '\n');
    const sketch = sketchOf(bytes, 64 * 1024);
    const bits = queryBits('caster_jam_e4471');
    const at = occurrences(lines, 'caster_jam_e4471');
    expect(at).toHaveLength(1);
    let held = 0;
    let spans = 0;
    for (let from = 0; from < bytes.length; from += 160 * 1024) {
      spans += 1;
      if (sketch.mayHold(bits, from, from + 160 * 1024)) held += 1;
    }
    // The span that holds it, and hardly any other.
    expect(held).toBeGreaterThanOrEqual(1);
    expect(held).toBeLessThanOrEqual(2);
    expect(spans).toBeGreaterThan(100);
    // A common term is in every span; a text of three letters is never passed over (one of its two sets of
    // trigrams would be empty).
    expect(sketch.mayHold(queryBits('battery_state'), 0, 160 * 1024)).toBe(true);
    expect(queryBits('abc')).toHaveLength(0);
    expect(sketch.mayHold(queryBits('abc'), 0, 10)).toBe(true);
    expect(queryBits('abcd')).toHaveLength(2);
  });

  it('says what is not sketched yet may hold anything', () => {
    const builder = new TermSketchBuilder(BLOCK);
    const sketch = new TermSketch(BLOCK);
    builder.push(new TextEncoder().encode('y'.repeat(BLOCK + 10)));
    sketch.add(builder.take());
    const bits = queryBits('abcd');
    expect(sketch.mayHold(bits, 0, BLOCK)).toBe(false);
    expect(sketch.mayHold(bits, BLOCK, BLOCK + 10)).toBe(true);
  });

  it('keeps its blocks few whatever the log size', () => {
    expect(sketchBlockBytes(1_000)).toBe(64 * 1024);
    expect(sketchBlockBytes(161e6)).toBe(64 * 1024);
    expect(1.6e9 / sketchBlockBytes(1.6e9)).toBeLessThanOrEqual(16_384);
    expect(10e9 / sketchBlockBytes(10e9)).toBeLessThanOrEqual(16_384);
  });
});
