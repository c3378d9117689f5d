/**
 * Reading an indexed log again, a stretch at a time: the events of a checkpoint interval (those after one
 * checkpoint up to the next) are read from the source and parsed when asked for, and the last few are kept, so a
 * seek, the event list and playback around one moment reuse them. A few hundred kilobytes per interval.
 */
import type { CoreEvent } from '../core/events';
import { readEventLine } from '../core/log/eventLog';
import { checkpointOf } from '../core/log/logIndex';
import { LineSplitter } from './lineSplitter';
import type { Loaded } from './replayIndexing';

/** Checkpoint intervals kept parsed: a seek, the event list and playback around one moment reuse them. */
const INTERVALS_KEPT = 4;

/** The events of checkpoint interval `k` (those after checkpoint `k` up to the next), read again from the source. */
export async function interval(loaded: Loaded, k: number): Promise<CoreEvent[]> {
  const checkpoints = loaded.builder!.checkpoints;
  const from = checkpoints[k]!;
  const next = checkpoints[k + 1];
  const end = next ? next.offset : loaded.indexedEnd;
  const count = (next ? next.count : loaded.builder!.count) - from.count;
  const kept = loaded.intervals.get(k);
  if (kept && kept.end === end) {
    loaded.intervals.delete(k);
    loaded.intervals.set(k, kept);
    return kept.events;
  }
  const bytes = await loaded.source.read(from.offset, end);
  const events: CoreEvent[] = [];
  const images = loaded.reader.imagesSoFar;
  const splitter = new LineSplitter((line) => {
    const event = readEventLine(line, images);
    if (event) events.push(event);
  }, from.offset);
  splitter.push(bytes);
  splitter.end();
  if (events.length !== count) throw new Error(`the log changed while open: ${events.length} events where ${count} were indexed`);
  loaded.intervals.set(k, { end, events });
  for (const key of loaded.intervals.keys()) {
    if (loaded.intervals.size <= INTERVALS_KEPT) break;
    loaded.intervals.delete(key);
  }
  return events;
}

/** The events of intervals `from` to `to` (clamped to those indexed), with the place of the first. */
export async function intervals(loaded: Loaded, from: number, to: number): Promise<{ base: number; events: CoreEvent[] }> {
  const checkpoints = loaded.builder!.checkpoints;
  const a = Math.max(0, from);
  const b = Math.min(checkpoints.length - 1, to);
  const events: CoreEvent[] = [];
  for (let k = a; k <= b; k++) for (const e of await interval(loaded, k)) events.push(e);
  return { base: checkpoints[a]!.count, events };
}

/** The events from the one at `first` on, interval by interval, while `keep` holds (events are in time order). */
export async function eachEvent(
  loaded: Loaded,
  first: number,
  keep: (event: CoreEvent) => boolean,
  visit: (event: CoreEvent) => void | Promise<void>,
): Promise<void> {
  const checkpoints = loaded.builder!.checkpoints;
  let k = checkpointOf(checkpoints, first);
  for (; k < checkpoints.length; k++) {
    const base = checkpoints[k]!.count;
    const events = await interval(loaded, k);
    for (let i = Math.max(0, first - base); i < events.length; i++) {
      if (!keep(events[i]!)) return;
      await visit(events[i]!);
    }
  }
}

/** The moment a seek can show: `at`, or the last indexed one while the log is still being read. */
export function reachable(loaded: Loaded, at: number): number {
  return loaded.done ? at : Math.min(at, loaded.builder!.lastAt);
}

/** How many of `events` (in time order) come at or before `time`. */
export function upTo(events: readonly CoreEvent[], time: number): number {
  let lo = 0;
  let hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (events[mid]!.at <= time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
