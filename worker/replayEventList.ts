/** The replay page's event list: the events around a moment, and the event before or after one. */
import { checkpointBefore } from '../core/log/logIndex';
import { summariseEvent } from '../core/log/eventSummary';
import type { EventRow } from './replayApi';
import type { Loaded } from './replayIndexing';
import { intervals, upTo } from './replayIntervals';

/** Up to `count` events around `at`, and the index of the last one at or before it (-1 when none). */
export async function eventsNear(loaded: Loaded, at: number, count: number): Promise<{ rows: EventRow[]; current: number }> {
  const builder = loaded.builder!;
  const k = checkpointBefore(builder.checkpoints, at);
  const { base, events } = await intervals(loaded, k - 1, k + 1);
  const current = base + upTo(events, at) - 1;
  const from = Math.max(base, Math.min(current - Math.floor(count / 2), base + events.length - count));
  const rows = events.slice(from - base, from - base + count).map((e, i) => ({ index: from + i, at: e.at, type: e.type, summary: summariseEvent(e) }));
  return { rows, current };
}

/** The time of the next (1) or previous (-1) event from `at`, or null at either end. */
export async function neighbour(loaded: Loaded, at: number, direction: 1 | -1): Promise<number | null> {
  const builder = loaded.builder!;
  if (direction === 1) {
    const k = checkpointBefore(builder.checkpoints, at);
    const { events } = await intervals(loaded, k, k + 1);
    return events[upTo(events, at)]?.at ?? null;
  }
  const k = checkpointBefore(builder.checkpoints, at - 1);
  const { events } = await intervals(loaded, k - 1, k);
  const before = upTo(events, at - 1);
  return before > 0 ? events[before - 1]!.at : null;
}
