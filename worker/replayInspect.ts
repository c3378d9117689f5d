/**
 * The state at a moment, what the event at a moment changed, and the compare of two moments, for a log open in
 * the replay worker: each folds from the checkpoint before its moment (worker/replayIntervals.ts reads the
 * interval again), as a seek does, and asks the core's own functions (core/log/inspect.ts). No more than two
 * states are held at once, whatever the distance between the moments.
 */
import type { CoreEvent } from '../core/events';
import { checkpointBefore, foldFrom, type Checkpoint } from '../core/log/logIndex';
import { foldWithGrids } from '../core/log/logGrids';
import { replayedView } from '../core/log/replay';
import { compareViews, stepChanges, type StateView } from '../core/log/inspect';
import { summariseEvent } from '../core/log/eventSummary';
import type { Comparison, EventChanges } from './debugApi';
import type { Loaded } from './replayIndexing';
import { interval, reachable, upTo } from './replayIntervals';

/** The observable state at `at`: the events up to it folded from the checkpoint before, then a tick at `at` (a seek's state). */
export async function stateAt(loaded: Loaded, at: number): Promise<StateView> {
  const builder = loaded.builder!;
  const time = reachable(loaded, at);
  const k = checkpointBefore(builder.checkpoints, time);
  const { state } = foldFrom(builder.checkpoints[k]!, await interval(loaded, k), time, builder.grids);
  return replayedView(state);
}

/** The event at `at` (the last one at or before it) and the interval it lies in, or null before the first event. */
async function eventAt(loaded: Loaded, at: number): Promise<{ checkpoint: Checkpoint; events: CoreEvent[]; n: number } | null> {
  const checkpoints = loaded.builder!.checkpoints;
  const time = reachable(loaded, at);
  // The interval after the checkpoint before `time`; when none of its events come by then, the one before it.
  for (let k = checkpointBefore(checkpoints, time); k >= 0; k--) {
    const events = await interval(loaded, k);
    const n = upTo(events, time);
    if (n > 0) return { checkpoint: checkpoints[k]!, events, n };
  }
  return null;
}

/** What the event at `at` changed: folded up to the event before it, then stepped as the timeline steps it. */
export async function eventChanges(loaded: Loaded, at: number): Promise<EventChanges> {
  const found = await eventAt(loaded, at);
  if (!found) return { event: null, paths: [], effects: [] };
  const { checkpoint, events, n } = found;
  const grids = loaded.builder!.grids;
  const index = checkpoint.count + n - 1;
  const before = n > 1 ? foldWithGrids(checkpoint.state, events.slice(0, n - 1), checkpoint.count, grids) : checkpoint.state;
  const event = events[n - 1]!;
  const { paths, effects } = stepChanges(before, event, grids.sideAt(index));
  return { event: { index, at: event.at, type: event.type, summary: summariseEvent(event) }, paths, effects };
}

/** The changes from `a` to `b` (either order), grouped by slice: the two views only, each from its checkpoint. */
export async function compare(loaded: Loaded, a: number, b: number): Promise<Comparison> {
  const atA = await stateAt(loaded, a);
  const atB = await stateAt(loaded, b);
  return { a, b, slices: compareViews(atA, atB) };
}
