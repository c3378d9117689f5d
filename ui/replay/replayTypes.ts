/**
 * Types the replay page's components share, in a leaf module of their own so no two components import each
 * other for them (the event list and the payload it opens, the timeline and the report flag on its strip).
 */
import type { EventRow } from '../../worker/replayApi';

/** What the event list (and the payload it opens) asks of the replay worker. */
export interface EventRows {
  /** Rows `first` to `first + count - 1`, those indexed so far. */
  eventRows(first: number, count: number): Promise<EventRow[]>;
  /** The event at or before `at` (its place; -1 before the first), among `count` rows around it. */
  eventsNear(at: number, count: number): Promise<{ rows: EventRow[]; current: number }>;
  /** The whole event at `index`, as indented JSON; null when it is not indexed. */
  eventText(index: number): Promise<string | null>;
}

/** The stretch of the log the timeline's strip shows, from one moment to another. */
export interface View {
  from: number;
  to: number;
}

/** A problem report's moment, flagged on the timeline with its note. */
export interface ReportPin {
  at: number;
  note: string;
}
