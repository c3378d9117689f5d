/**
 * Timeline markers for a loaded log (alert, movement, route and connection changes, rejected inputs), found
 * while the log is folded in blocks. They are read from state fields, not from event internals, so a new
 * movement phase or route shows without touching this file. Pure.
 */
import type { CoreEvent } from '../events';
import { REJECTIONS_KEPT, type State } from '../state';
import { replay } from './replay';
import { describeChanges, type TimelineEntry } from './timeline';
import type { LogGrids } from './logGrids';

/**
 * The slices whose changes become markers (besides rejections, read from their ring). The mapping panel lives
 * in `mapEdit`, which a map screen changes often; it is compared by its field alone (see `quietMap`).
 */
const WATCHED = ['route', 'alerts', 'connection', 'movement', 'follow', 'map'] as const;

/**
 * The markers of one block of events (standing at `first` in the log, with its map grids), given the states
 * before and after it. Most blocks of a robot's log change none of the watched slices (immer keeps their
 * identity), and their rejections are all still in the ring of recent ones: those cost nothing more. A block
 * that changed a watched slice is folded again one event at a time, so every change is found at its moment,
 * even one undone within the block.
 */
export function blockMarkers(before: State, events: readonly CoreEvent[], after: State, grids?: LogGrids, first = 0): TimelineEntry[] {
  const rejected = after.rejections.count - before.rejections.count;
  const quiet = WATCHED.every((key) => before[key] === after[key]) && quietPanel(before, events, after) && rejected <= REJECTIONS_KEPT;
  if (quiet) return rejected > 0 ? newRejections(after, rejected) : [];
  const out: TimelineEntry[] = [];
  replay(events, { onStep: (a, b, e) => out.push(...describeChanges(a, b, e)), ...(grids ? { grids } : {}), first }, before);
  return out;
}

/**
 * Whether the block left the mapping panel alone: the same at both ends and no panel action in between (a
 * panel opened and closed again within the block still shows).
 */
function quietPanel(before: State, events: readonly CoreEvent[], after: State): boolean {
  return before.mapEdit.panel === after.mapEdit.panel && !events.some((e) => e.type === 'ui/mappingPanel');
}

/** The last `n` rejections of the ring, oldest first, as markers. */
function newRejections(s: State, n: number): TimelineEntry[] {
  const { recent, next } = s.rejections;
  const out: TimelineEntry[] = [];
  for (let k = n; k >= 1; k--) {
    const r = recent[(next - k + REJECTIONS_KEPT) % REJECTIONS_KEPT];
    if (r) out.push({ at: r.at, kind: 'rejected', text: `${r.source}: ${r.reason}` });
  }
  return out;
}
