/**
 * The replay page's event list by place in the log: the rows of a range of events (the list scrolls through the
 * whole log, asking only for the rows in view), and one event whole for its payload view. Read again from the
 * source a checkpoint interval at a time (worker/replayIntervals.ts), like the rows around a moment.
 */
import { checkpointOf } from '../core/log/logIndex';
import { summariseEvent } from '../core/log/eventSummary';
import type { EventRow } from './replayApi';
import type { Loaded } from './replayIndexing';
import { interval } from './replayIntervals';

/** Rows asked for at once at most: a screenful and its margins is a few dozen. */
const MAX_ROWS = 500;
/**
 * A string longer than this in an event's payload view is cut, its length said: a map image's base64 is
 * megabytes, which no one reads and which would stall the page's layout.
 */
const LONG_STRING = 4_000;

/** Events `first` to `first + count - 1` (as far as indexed) as the event list's rows. */
export async function eventRows(loaded: Loaded, first: number, count: number): Promise<EventRow[]> {
  const builder = loaded.builder!;
  const end = Math.min(builder.count, first + Math.min(count, MAX_ROWS));
  const rows: EventRow[] = [];
  let index = Math.max(0, first);
  for (let k = checkpointOf(builder.checkpoints, index); index < end && k < builder.checkpoints.length; k++) {
    const base = builder.checkpoints[k]!.count;
    const events = await interval(loaded, k);
    for (; index < end && index - base < events.length; index++) {
      const e = events[index - base]!;
      rows.push({ index, at: e.at, type: e.type, summary: summariseEvent(e) });
    }
  }
  return rows;
}

/** The event at place `index` as indented JSON (long strings cut), or null when it is not indexed. */
export async function eventText(loaded: Loaded, index: number): Promise<string | null> {
  const builder = loaded.builder!;
  if (index < 0 || index >= builder.count) return null;
  const k = checkpointOf(builder.checkpoints, index);
  const event = (await interval(loaded, k))[index - builder.checkpoints[k]!.count];
  if (!event) return null;
  return JSON.stringify(event, (_key, value: unknown) => (typeof value === 'string' && value.length > LONG_STRING ? `${value.slice(0, 200)}… (${value.length} characters)` : value), 2);
}
