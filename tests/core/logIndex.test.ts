import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readLog, type LogHeader } from '../../core/log/eventLog';
import type { CoreEvent } from '../../core/events';
import { LogIndexBuilder, checkpointBefore, checkpointOf, foldFrom } from '../../core/log/logIndex';
import { replay } from '../../core/log/replay';
import { startGrids, startState } from '../../core/log/clip';
import { describeChanges, type TimelineEntry } from '../../core/log/timeline';
import type { State } from '../../core/state';
import { generateRobotLog } from '../../bench/replay/robotLog';

/** A log read as the replay worker reads one: its events, and where each one's line ends in the text. */
function read(text: string) {
  const events: CoreEvent[] = [];
  const ends: number[] = [];
  let header: LogHeader | null = null;
  const summary = readLog(text, 1_000, (batch, _offset, _starts, batchEnds) => {
    events.push(...batch);
    ends.push(...batchEnds);
  });
  header = summary.header;
  return { events, ends, header };
}

/** The index of `text`, its events added in uneven batches as a reader hands them over. */
function indexOf(text: string, every: number, maxBytes: number, keepMarker?: (marker: TimelineEntry) => boolean) {
  const { events, ends, header } = read(text);
  const start = startState(header, events[0]) as State;
  const builder = new LogIndexBuilder(start, 0, startGrids(header), every, maxBytes, keepMarker);
  const markers: TimelineEntry[] = [];
  for (let i = 0; i < events.length; i += 333) {
    builder.add(events.slice(i, i + 333), ends.slice(i, i + 333));
    markers.push(...builder.takeMarkers());
  }
  return { builder, markers, events, ends, header, start };
}

describe('the index of a log (checkpoints and markers in one fold)', () => {
  const text = generateRobotLog(6_000, 5).join('\n') + '\n';

  it('takes a checkpoint every `every` events or `maxBytes` bytes, whichever comes first, each the state of a straight fold', () => {
    const every = 700;
    const maxBytes = 40_000; // about 250 lines of this traffic: the bytes decide most intervals here
    const { builder, events, ends, header, start } = indexOf(text, every, maxBytes);
    const cps = builder.checkpoints;
    expect(cps.length).toBeGreaterThan(events.length / every + 1);
    for (let k = 1; k < cps.length; k++) {
      const [a, b] = [cps[k - 1]!, cps[k]!];
      const bytes = b.offset - a.offset;
      // An interval ends at its `every`th event or at the first line that takes it to `maxBytes`, not before.
      expect(b.count - a.count === every || bytes >= maxBytes).toBe(true);
      expect(b.count - a.count).toBeLessThanOrEqual(every);
      expect(ends[b.count - 2]! - a.offset).toBeLessThan(maxBytes);
      expect(b.offset).toBe(ends[b.count - 1]);
      expect(b.lastAt).toBe(events[b.count - 1]!.at);
      expect(a.nextAt).toBe(events[a.count]!.at);
    }
    for (const k of [1, 7, cps.length - 1]) {
      expect(cps[k]!.state).toEqual(replay(events.slice(0, cps[k]!.count), { grids: startGrids(header) }, start));
    }
    expect(builder.count).toBe(events.length);
  });

  it('finds the checkpoint of a moment and of an event, and folds on from it to any moment exactly', () => {
    const { builder, events, header, start } = indexOf(text, 500, 1 << 30);
    const cps = builder.checkpoints;
    for (const i of [0, 1, 499, 500, 501, 4_321, events.length - 1]) {
      const k = checkpointOf(cps, i);
      expect(cps[k]!.count).toBeLessThanOrEqual(i);
      expect(cps[k + 1]?.count ?? Infinity).toBeGreaterThan(i);
    }
    for (const i of [3, 900, 2_500, events.length - 2]) {
      const time = events[i]!.at;
      const k = checkpointBefore(cps, time);
      const from = cps[k]!;
      const { state } = foldFrom(from, events.slice(from.count), time, builder.grids);
      expect(state).toEqual(replay(events, { until: time, grids: startGrids(header) }, start));
    }
  });

  it('its markers are those of a one-event-at-a-time fold, on robot traffic and on a kiosk session with restarts', () => {
    const session = readFileSync('tests/fixtures/session.jsonl', 'utf8');
    for (const log of [text, session]) {
      const { markers, events, header, start } = indexOf(log, 50, 4_000);
      const expected: TimelineEntry[] = [];
      replay(events, { grids: startGrids(header), onStep: (a, b, e) => expected.push(...describeChanges(a, b, e)) }, start);
      expect(expected.length).toBeGreaterThan(10);
      expect(markers).toEqual(expected);
    }
  });

  it('keeps the markers its filter takes, as it finds them: those of the whole list the filter would keep, in order', () => {
    const all = indexOf(text, 50, 4_000).markers;
    // A filter that remembers (as the replay worker's does): the first marker of each kind in each 10 minutes.
    const firstInTenMinutes = () => {
      const seen = new Set<string>();
      return (m: TimelineEntry) => {
        const key = `${m.kind} ${Math.floor(m.at / 600_000)}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      };
    };
    const kept = indexOf(text, 50, 4_000, firstInTenMinutes()).markers;
    expect(kept).toEqual(all.filter(firstInTenMinutes()));
    expect(kept.length).toBeGreaterThan(10);
    expect(kept.length).toBeLessThan(all.length * 0.8);
  });
});
