import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLog, readLog } from '../../core/log/eventLog';
import { replay } from '../../core/log/replay';
import { loadSnapshot, makeClip, startState } from '../../core/log/clip';
import type { State } from '../../core/state';

const T = Date.UTC(2026, 10, 22, 9, 30, 0);
const { events } = parseLog(readFileSync('tests/fixtures/replay-mission.jsonl', 'utf8'));

describe('clips', () => {
  it('a clip replays alone to the same states as the whole log, from its snapshot line', () => {
    const from = T + 25_500;
    const to = T + 75_000;
    const text = makeClip(events, from, to, undefined, { app: 'robot-kiosk' });
    const clip = parseLog(text);
    expect(clip.header).toMatchObject({ format: 'kiosk-event-log', clip: { from, to } });
    expect(clip.events.every((e) => e.at > from && e.at <= to)).toBe(true);
    const start = startState(clip.header);
    if (typeof start === 'string') throw new Error(start);
    expect(start).toEqual(replay(events, { until: from }));
    for (let t = from; t <= to; t += 1_250) {
      expect(replay(clip.events, { until: t }, start)).toEqual(replay(events, { until: t }));
    }
  });

  it('a snapshot that does not fit the core is refused with the reason', () => {
    expect(loadSnapshot([])).toBe('the snapshot is not an object');
    const good = replay(events) as unknown as Record<string, unknown>;
    expect(loadSnapshot({ ...good, route: null })).toBe('the snapshot has no "route" slice');
    expect(loadSnapshot({ ...good, extra: {} })).toBe('the snapshot has an unknown slice "extra"');
    expect(loadSnapshot(JSON.parse(JSON.stringify(good)))).toEqual(good as unknown as State);
  });

  it('side-section lines pass through the reader, never as bad lines', () => {
    const sections: unknown[] = [];
    const text = [
      '{"format":"kiosk-event-log","version":1}',
      '{"at":1,"type":"ws/opened"}',
      '{"section":"mapImages","hash":"abc","png":"iVBOR"}',
      '{"nope":true}',
    ].join('\n');
    const summary = readLog(text, 10, () => {}, (s) => sections.push(s));
    expect(summary).toMatchObject({ events: 1, sections: 1, bad: [{ line: 4, reason: 'no event type' }] });
    expect(sections).toEqual([{ section: 'mapImages', hash: 'abc', png: 'iVBOR' }]);
  });
});
