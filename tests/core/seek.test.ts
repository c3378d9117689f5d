import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLog } from '../../core/log/eventLog';
import { replay } from '../../core/log/replay';
import { SeekIndexBuilder, scanMarkerBlock, seekIndex, type SeekCursor } from '../../core/log/seek';
import { eventList, readLogLines } from '../../core/log/logEvents';
import { seededRandom } from '../../core/rng';
import { describeChanges, type TimelineEntry } from '../../core/log/timeline';
import { generateRobotLog } from '../../bench/replay/robotLog';

const fixture = parseLog(readFileSync('tests/fixtures/replay-mission.jsonl', 'utf8')).events;
const generatedText = generateRobotLog(5_000).join('\n');
const generated = parseLog(generatedText).events;

function index(events: typeof fixture, every: number) {
  const builder = new SeekIndexBuilder(undefined, every);
  // Uneven batches, as a load hands them over.
  for (let i = 0; i < events.length; i += 333) builder.add(events.slice(i, i + 333));
  return builder.finish(eventList(events));
}

/** An index as the replay worker builds one from a log text: the events it keeps are their lines (core/logEvents.ts). */
function textIndex(text: string, every: number) {
  const builder = new SeekIndexBuilder(undefined, every);
  return builder.finish(readLogLines(text, 333, (batch) => builder.add(batch)).events);
}

describe('seeking a loaded log', () => {
  // 400 straight folds of 5,000 events: about 2 s alone, over the default 5 s on a machine busy with other suites.
  it('200 random moments, sought forward then backward, equal a straight fold', { timeout: 30_000 }, () => {
    const events = generated;
    const idx = textIndex(generatedText, 200);
    expect(idx.snapshots.length).toBe(Math.floor(events.length / 200) + 1);
    const { rand } = seededRandom(11);
    const first = events[0]!.at;
    const span = events[events.length - 1]!.at - first;
    let cursor: SeekCursor | null = null;
    for (let k = 0; k < 200; k++) {
      const later = first + Math.floor(rand() * span);
      const earlier = first + Math.floor(rand() * (later - first));
      const forward = seekIndex(idx, later, cursor);
      expect(forward.state).toEqual(replay(events, { until: later }));
      const backward = seekIndex(idx, earlier, forward.cursor);
      expect(backward.state).toEqual(replay(events, { until: earlier }));
      cursor = backward.cursor;
    }
  });

  it('a seek forward from the last position continues from it, equal to a fresh seek', () => {
    const idx = index(fixture, 8);
    let cursor: SeekCursor | null = null;
    for (let t = fixture[0]!.at - 1_000; t <= fixture[fixture.length - 1]!.at + 30_000; t += 1_700) {
      const next = seekIndex(idx, t, cursor);
      expect(next.state).toEqual(seekIndex(idx, t).state);
      expect(next.state).toEqual(replay(fixture, { until: t }));
      cursor = next.cursor;
    }
  });

  it('markers are the timeline of a one-event-at-a-time fold: alerts, movement, routes, connection, rejections, operator', () => {
    for (const events of [fixture, generated]) {
      const expected: TimelineEntry[] = [];
      replay(events, { onStep: (a, b, e) => expected.push(...describeChanges(a, b, e)) });
      expect(index(events, 2_000).markers).toEqual(expected);
      // Found later, block by block, in an index built without them: the same.
      const builder = new SeekIndexBuilder(undefined, 2_000, false);
      builder.add(events);
      const bare = builder.finish(eventList(events));
      expect(bare.markers).toEqual([]);
      const later: TimelineEntry[] = [];
      const scan = { next: 0, state: bare.snapshots[0]! };
      for (let found = scanMarkerBlock(bare, scan); found; found = scanMarkerBlock(bare, scan)) later.push(...found);
      expect(later).toEqual(expected);
    }
    // And so on the lines the replay worker keeps, read back block by block.
    const expected: TimelineEntry[] = [];
    replay(generated, { onStep: (a, b, e) => expected.push(...describeChanges(a, b, e)) });
    const lines = textIndex(generatedText, 2_000);
    const later: TimelineEntry[] = [];
    const scan = { next: 0, state: lines.snapshots[0]! };
    for (let found = scanMarkerBlock(lines, scan); found; found = scanMarkerBlock(lines, scan)) later.push(...found);
    expect(later).toEqual(expected);
    const kinds = new Set(index(fixture, 2_000).markers.map((m) => m.kind));
    expect([...kinds].sort()).toEqual(['alert', 'connection', 'movement', 'operator', 'rejected', 'route']);
  });
});

describe('a log of several sessions (the kiosk restarted)', () => {
  const session = parseLog(readFileSync('tests/fixtures/session.jsonl', 'utf8')).events;
  const shift = 600_000;
  const second = session.map((e) => ({ ...e, at: e.at + shift }));
  const both = [...session, ...second];

  it('each session replays as the kiosk ran it, from the initial state', () => {
    for (const dt of [0, 15_500, 30_500, 40_000]) {
      const t = second[0]!.at + dt;
      expect(replay(both, { until: t })).toEqual(replay(second, { until: t }));
      expect(seekIndex(index(both, 7), t).state).toEqual(replay(second, { until: t }));
    }
  });

  it('its markers are those of a one-event-at-a-time fold', () => {
    const expected: TimelineEntry[] = [];
    replay(both, { onStep: (a, b, e) => expected.push(...describeChanges(a, b, e)) });
    expect(index(both, 2_000).markers).toEqual(expected);
    expect(expected.filter((m) => m.kind === 'route' && m.at === second[0]!.at)).toHaveLength(1);
  });
});
