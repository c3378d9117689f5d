/**
 * The debugger's part of the replay worker's API (worker/replayApi.ts extends it): search over the whole log,
 * the state at the cursor, what the event at the cursor changed, and the compare of two moments. Each is answered
 * by the replay worker from its index and checkpoints, never from the log's text held whole, with the same core
 * functions `npm run replay` calls in Node (core/log/search.ts, core/log/inspect.ts). Types only.
 */
import type { EventKind, SearchMatch, SearchQuery } from '../core/log/search';
import type { EffectRow, PathChange, SliceChanges, StateView } from '../core/log/inspect';

export type { EffectRow, EventKind, PathChange, SearchMatch, SearchQuery, SliceChanges, StateView };
export { EVENT_KINDS } from '../core/log/eventKinds';

/**
 * One page of a search's matches, in log order. `total` is null while the count goes on (the log still being
 * indexed, or the scan not at its end yet); `counted` is how many were found so far. The first page answers
 * as soon as it is full (or the indexed part is searched), before the count ends, and a fifth of a second after
 * the query at the latest, with the matches found by then (ask it again once the count is known).
 */
export interface SearchPage {
  /** The page asked for (0-based) and the matches per page. */
  page: number;
  pageSize: number;
  /** At most `pageSize` matches: `[{index, at, type, kinds, summary}]`, `index` the event's place in the log. */
  matches: SearchMatch[];
  /** All the matches in the log, once known; null while counting. */
  total: number | null;
  /** Matches found so far (all of them when `total` is known). */
  counted: number;
  /** Whether the log is still being indexed: matches in the part not indexed yet come later. */
  indexing: boolean;
}

/** A search's count, once the whole log is indexed and searched. */
export interface SearchCount {
  total: number;
  /** Pages of `pageSize` the matches fill. */
  pages: number;
}

/** The event at the cursor (the last one at or before it), as the event list shows it. */
export interface CursorEvent {
  index: number;
  at: number;
  type: string;
  summary: string;
}

/**
 * What the event at the cursor changed: the paths of the observable state (`StateView`) with their values
 * before and after it, and the effects it produced (calls, messages, navigation, timers set or ended).
 * `event` is null before the log's first event (then `paths` and `effects` are empty).
 */
export interface EventChanges {
  event: CursorEvent | null;
  paths: PathChange[];
  effects: EffectRow[];
}

/**
 * The changes from moment `a` to moment `b` (either order: A may come after B), grouped by slice of the
 * observable state (`route`, `movement`, `connection`, ...), each path with its value at A and at B. Computed
 * from the nearest checkpoints, two states at most at once.
 */
export interface Comparison {
  a: number;
  b: number;
  slices: SliceChanges[];
}

export interface DebugApi {
  /**
   * Page `page` (0-based) of the events matching `query` over the whole log: its `text` case-insensitively in
   * the event's line (its type, a robot frame's event name, alert codes, route paths, any text in it), of one
   * of its `kinds` (none: all). A new query starts a scan of the log that counts in the background; asking
   * for other pages of the same query reuses it. Works while the log is indexed: matches grow as it goes.
   * `pageSize` defaults to 50.
   */
  search(query: SearchQuery, page: number, pageSize?: number): Promise<SearchPage>;
  /** The count of `query`'s matches, once the whole log is indexed and searched (a newer query ends it: null). */
  searchCount(query: SearchQuery, pageSize?: number): Promise<SearchCount | null>;
  /** The observable state at the moment `at`: exactly what `npm run replay -- FILE --json --at MS` prints. Null with no log. */
  stateAt(at: number): Promise<StateView | null>;
  /** What the event at the moment `at` (the last one at or before it) changed, and its effects. */
  eventChanges(at: number): Promise<EventChanges>;
  /** The changes from moment `a` to moment `b`, grouped by slice. */
  compare(a: number, b: number): Promise<Comparison>;
  /**
   * Resolves once the open log is indexed and its term sketch whole (built after indexing: worker/
   * termSketching.ts): from then on a rare term's search reads again only the few stretches that may hold it.
   * Searches before find the same matches, reading more. For the benches.
   */
  searchReady(): Promise<void>;
}
