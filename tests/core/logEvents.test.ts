/**
 * A text log's events kept as lines (core/logEvents.ts): every event read back from its line is the event
 * the first reading handed over, images from the side section included, whatever the line endings.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CoreEvent } from '../../core/events';
import { parseLog, serialiseLog } from '../../core/log/eventLog';
import { countUpTo, eventList, LogLinesReader, readLogLines } from '../../core/log/logEvents';
import { imageHash, imageLineText, withImage } from '../../core/log/logImages';
import { generateRobotLog } from '../../bench/replay/robotLog';
import { seededRandom } from '../../core/rng';
import { mapImage } from './mapHelpers';

const T = Date.UTC(2026, 10, 22, 9, 30, 0);

/** Reads `text` into lines, batch by batch, and returns what the batches held and the lines kept. */
function read(text: string, batchSize = 7) {
  const handed: CoreEvent[] = [];
  const offsets: number[] = [];
  const { events, summary } = readLogLines(text, batchSize, (batch, offset) => {
    handed.push(...batch);
    offsets.push(offset);
  });
  return { handed, offsets, events, summary };
}

describe('log events kept as lines', () => {
  it('reads back the events of a generated day, bad lines skipped, with their times', () => {
    const text = generateRobotLog(3_000).join('\n') + '\n';
    const { handed, offsets, events, summary } = read(text, 256);
    const parsed = parseLog(text);
    expect(summary.bad).toEqual(parsed.bad);
    expect(summary.bad.length).toBeGreaterThan(0);
    expect(handed).toEqual(parsed.events);
    expect(events.length).toBe(parsed.events.length);
    expect(events.slice(0, events.length)).toEqual(parsed.events);
    expect(Array.from({ length: events.length }, (_, i) => events.at(i))).toEqual(parsed.events.map((e) => e.at));
    expect(events.slice(1_000, 1_010)).toEqual(parsed.events.slice(1_000, 1_010));
    expect(events.slice(events.length - 3, events.length + 5)).toEqual(parsed.events.slice(-3));
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(offsets.at(-1)).toBe(text.length);
  });

  it('puts the side section images back into the events read again, and takes CRLF and padded lines', () => {
    const image = mapImage(4, 3, (px) => (px < 2 ? 254 : 0));
    const live: CoreEvent[] = [
      { type: 'ws/opened', at: T },
      { type: 'ws/message', at: T + 10, message: { event: 'mapping/mapUpdate', data: { image, origin: { x: 0, y: 0 }, resolution: 0.5 } } },
      { type: 'ui/mapPressed', at: T + 20, px: 1, py: 1 } as CoreEvent,
    ];
    const hash = imageHash(image);
    const logged = live.map((e) => withImage(e, () => ({ $image: hash })));
    const text = serialiseLog({ app: 'test' }, logged, [imageLineText(hash, image)])
      .split('\n')
      .map((line, i) => (i === 3 ? `  ${line}\t` : line))
      .join('\r\n');
    const { handed, events, summary } = read(text, 2);
    expect(summary.sections).toBe(1);
    expect(handed).toEqual(live);
    expect(events.slice(0, 3)).toEqual(live);
    expect(events.slice(1, 2)).toEqual([live[1]]);
  });

  it('reads back the events of a log that came in pieces cut anywhere, images in the side section included', () => {
    const image = mapImage(4, 3, (px) => (px < 2 ? 254 : 0));
    const hash = imageHash(image);
    const day = parseLog(generateRobotLog(2_000).join('\n')).events;
    const live = day.map((e) => withImage(e, () => image));
    const text = serialiseLog({ app: 'test' }, day.map((e) => withImage(e, () => ({ $image: hash }))), [imageLineText(hash, image)]);
    const { rand } = seededRandom(5);
    for (const most of [1, 50, 3_000, text.length]) {
      const reader = new LogLinesReader(64, () => {});
      for (let at = 0; at < text.length; ) {
        const cut = at + 1 + Math.floor(rand() * most);
        reader.push(text.slice(at, cut));
        at = cut;
      }
      const { events, summary } = reader.end();
      expect(summary.bad).toEqual(parseLog(text).bad);
      expect(events.slice(0, events.length)).toEqual(live);
      expect(events.slice(777, 780)).toEqual(live.slice(777, 780));
    }
  });

  it('finds how many events come up to a moment, on lines and on parsed events alike', () => {
    const text = readFileSync('tests/fixtures/replay-mission.jsonl', 'utf8');
    const { events } = read(text);
    const list = eventList(parseLog(text).events);
    for (const at of [T - 1, T, T + 40, T + 59_999, T + 60_000, T + 201_000, T + 500_000]) {
      expect(countUpTo(events, at)).toBe(countUpTo(list, at));
      expect(countUpTo(list, at)).toBe(parseLog(text).events.filter((e) => e.at <= at).length);
    }
  });
});
