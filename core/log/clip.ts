/**
 * Clips: a time range of a log that replays alone to the same screens. Its header (the first line) carries
 * `snapshot`, the whole core state at the clip's start, and `clip: {from, to}`; its events are those with
 * `from < at <= to`. The core loads the snapshot and folds the events from it. When a map was on show at the
 * start, the header also carries `snapshotMap: {version, image}` (base64 PNG), so taps on it are hit-tested
 * as they were (core/map/logGrids.ts). Pure.
 */
import type { CoreEvent } from '../events';
import { serialiseLog, type LogHeader } from './eventLog';
import { initialState, type State } from '../state';
import { replay } from './replay';
import { bootState } from './boot';
import { countUpTo, eventList } from './logEvents';
import { LogGrids } from './logGrids';

/**
 * The state a log's fold starts from: its header's snapshot when it is a clip. Otherwise a log starts where the
 * kiosk starts: one that begins with its own `shell/started` from the initial state; one that does not (a
 * robot's own recording, socket messages only; a kiosk's log whose start was dropped to stay within its bounds)
 * as the kiosk switched on at its first event (`first`): the boot route (the index, which sends on to the
 * disclaimer) and the clock at that moment, never 1970.
 */
export function startState(header: LogHeader | null, first?: CoreEvent): State | string {
  if (header && header.snapshot !== undefined) return loadSnapshot(header.snapshot);
  if (!first || first.type === 'shell/started') return initialState();
  return bootState(first.at);
}

/**
 * Checks that a snapshot has the shape of this core's state (every slice, each an object, nothing else)
 * and returns it as the state to start from, or says why it cannot be loaded.
 */
export function loadSnapshot(value: unknown): State | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'the snapshot is not an object';
  const blank = initialState();
  const given = value as Record<string, unknown>;
  for (const key of Object.keys(blank) as (keyof State)[]) {
    const slice = given[key];
    if (typeof slice !== 'object' || slice === null || Array.isArray(slice)) return `the snapshot has no "${key}" slice`;
  }
  const extra = Object.keys(given).find((k) => !(k in blank));
  if (extra !== undefined) return `the snapshot has an unknown slice "${extra}"`;
  return given as unknown as State;
}

/** The map grids a log's fold starts with: the image a clip's header says was on show, else none. */
export function startGrids(header: LogHeader | null, forwardOnly = false): LogGrids {
  const grids = new LogGrids(forwardOnly);
  const shown = header?.snapshotMap as { version?: unknown; image?: unknown } | undefined;
  if (shown && typeof shown.version === 'number' && typeof shown.image === 'string') grids.seed(shown.version, shown.image);
  return grids;
}

/**
 * A clip of `events` from `from` to `to` as log text: the state at `from` (events up to it, then the timers
 * due by then) as the header's snapshot, and the map image on show then, then the events after `from` up to
 * `to`. `grids` are the log's own (a loaded index's, or `startGrids` of its header).
 */
export function makeClip(
  events: readonly CoreEvent[],
  from: number,
  to: number,
  start: State = initialState(),
  meta: Record<string, unknown> = {},
  grids: LogGrids = new LogGrids(),
): string {
  const list = eventList(events);
  const first = countUpTo(list, from);
  const snapshot = replay(events.slice(0, first), { until: from, grids }, start);
  return clipText({ from, to }, snapshot, first, events.slice(first, countUpTo(list, to)), meta, grids);
}

/**
 * A clip's text from its parts: the state at `from` (the log's first `first` events folded, then the timers
 * due by then), which a seek index gives without folding from the start (core/seek.ts), and the events after
 * `from` up to `to`.
 */
export function clipText(
  range: { from: number; to: number },
  snapshot: State,
  first: number,
  events: readonly CoreEvent[],
  meta: Record<string, unknown>,
  grids: LogGrids,
): string {
  return serialiseLog(clipHeader(range, snapshot, first, meta, grids), events);
}

/** A clip's header fields (before `format` and `version`): its range, the snapshot and the map image on show. */
export function clipHeader(
  range: { from: number; to: number },
  snapshot: State,
  first: number,
  meta: Record<string, unknown>,
  grids: LogGrids,
): Omit<LogHeader, 'format' | 'version'> {
  const image = grids.imageBefore(first, snapshot.map.version);
  const snapshotMap = image === undefined ? {} : { snapshotMap: { version: snapshot.map.version, image } };
  return { ...meta, clip: range, snapshot, ...snapshotMap };
}
