/**
 * The event list by place in the log (worker/replayEventRows.ts): rows of any range, across checkpoint
 * intervals, equal to the log's own events in order; and one event whole for its payload view.
 */
import { describe, expect, it } from 'vitest';
import { parseLog } from '../../core/log/eventLog';
import { summariseEvent } from '../../core/log/eventSummary';
import { ReplaySession } from '../../worker/replaySession';
import { generateRobotLog } from '../../bench/replay/robotLog';

const ORIGIN = 'http://kiosk.local';

async function opened(text: string) {
  const session = new ReplaySession();
  const info = await session.open({ kind: 'text', text, name: 'day.jsonl' }, () => undefined, ORIGIN);
  if ('error' in info) throw new Error(info.error);
  await session.whenIndexed();
  return session;
}

describe('replay event rows by place', () => {
  it('answers any range of a 9,000-event log, across intervals, as the log holds its events', async () => {
    const text = generateRobotLog(9_000, 5).join('\n') + '\n';
    const events = parseLog(text).events;
    const session = await opened(text);
    for (const [first, count] of [[0, 10], [1_995, 12], [4_321, 40], [events.length - 5, 20]] as const) {
      const rows = await session.eventRows(first, count);
      const want = events.slice(first, first + count);
      expect(rows).toEqual(want.map((e, i) => ({ index: first + i, at: e.at, type: e.type, summary: summariseEvent(e) })));
    }
    expect(await session.eventRows(events.length, 10)).toEqual([]);
    // The rows around a moment and the rows by place agree on the places.
    const near = await session.eventsNear(events[5_000]!.at, 5);
    expect(await session.eventRows(near.rows[0]!.index, 5)).toEqual(near.rows);
  });

  it('gives one event whole, where the summary cuts it, and null past the log', async () => {
    const reason = `${'the long way round, '.repeat(8)}Reason: path blocked`;
    const lines = [
      JSON.stringify({ format: 'kiosk-event-log', version: 1 }),
      JSON.stringify({ type: 'ws/message', at: 1_000, message: { event: 'robot/connected', data: {} } }),
      JSON.stringify({ type: 'ws/message', at: 2_000, message: { event: 'movement/failed', data: { mission_definition_id: 3, reason } } }),
    ];
    const session = await opened(lines.join('\n') + '\n');
    const [, failed] = await session.eventRows(0, 2);
    expect(failed!.summary).not.toContain('path blocked');
    const text = (await session.eventText(failed!.index))!;
    expect(JSON.parse(text)).toEqual(JSON.parse(lines[2]!));
    expect(text).toContain('Reason: path blocked');
    expect(await session.eventText(2)).toBeNull();
    expect(await session.eventText(-1)).toBeNull();
  });
});
