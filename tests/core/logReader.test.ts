/**
 * Reading a log in pieces (core/eventLog.ts LogReader, how the replay worker reads a file as it downloads)
 * gives what reading it whole gives: the same header, events in the same batches, bad lines with the same
 * numbers, sections and images, wherever the pieces split lines.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LogReader, readLog, type SectionLine } from '../../core/log/eventLog';
import type { CoreEvent } from '../../core/events';
import { seededRandom } from '../../core/rng';
import { generateRobotLog } from '../../bench/replay/robotLog';

function whole(text: string, batch: number) {
  const batches: CoreEvent[][] = [];
  const sections: SectionLine[] = [];
  const summary = readLog(text, batch, (b) => batches.push(b), (s) => sections.push(s));
  return { summary, batches, sections };
}

function inPieces(text: string, batch: number, cuts: number[]) {
  const batches: CoreEvent[][] = [];
  const sections: SectionLine[] = [];
  const offsets: number[] = [];
  const reader = new LogReader(
    batch,
    (b, offset) => {
      batches.push(b);
      offsets.push(offset);
    },
    (s) => sections.push(s),
  );
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    reader.push(text.slice(from, cut));
    from = cut;
  }
  return { summary: reader.end(), batches, sections, offsets };
}

const header = JSON.stringify({ format: 'kiosk-event-log', version: 1, app: 'robot-kiosk' });
const image = JSON.stringify({ section: 'image', hash: 'h1', base64: 'iVBORw0KGgo=' });
const withSections = [
  '',
  header,
  image,
  JSON.stringify({ section: 'notes', text: 'kept aside' }),
  JSON.stringify({ at: 5, type: 'ws/message', message: { event: 'mapping/mapUpdate', data: { image: { hash: 'h1' } } } }),
  '  {"at": 6, "type": "tick"}  \r',
  'not json',
  '',
  '42',
  JSON.stringify({ at: 7, type: 'ws/opened' }),
].join('\n');

describe('reading a log in pieces', () => {
  it('gives what reading it whole gives, for every single cut of a small log', () => {
    for (const text of [withSections, withSections + '\n', '', '\n\n', header]) {
      const expected = whole(text, 2);
      for (let cut = 0; cut <= text.length; cut++) {
        const got = inPieces(text, 2, [cut]);
        expect({ summary: got.summary, batches: got.batches, sections: got.sections }).toEqual(expected);
      }
    }
  });

  it('gives what reading it whole gives for a generated robot log cut at random places', () => {
    const text = generateRobotLog(5_000).join('\n') + '\n';
    const expected = whole(text, 512);
    const { rand } = seededRandom(3);
    for (let run = 0; run < 5; run++) {
      const cuts: number[] = [];
      for (let at = 0; at < text.length; at += 1 + Math.floor(rand() * 4_000)) cuts.push(at);
      const got = inPieces(text, 512, cuts);
      expect(got.summary).toEqual(expected.summary);
      expect(got.batches).toEqual(expected.batches);
      // Progress only moves forward and ends at the text's length.
      expect(got.offsets).toEqual([...got.offsets].sort((a, b) => a - b));
      expect(got.offsets.at(-1)).toBe(text.length);
    }
    expect(expected.summary.bad.length).toBeGreaterThan(0);
  });

  it('reads the session fixture in pieces of one character', () => {
    const text = readFileSync('tests/fixtures/session.jsonl', 'utf8');
    const got = inPieces(text, 64, Array.from({ length: text.length }, (_, i) => i));
    const expected = whole(text, 64);
    expect({ summary: got.summary, batches: got.batches, sections: got.sections }).toEqual(expected);
  });
});
