/**
 * Searching a log's events, the one rule for the replay page (worker/replaySearch.ts) and `npm run replay --
 * --find` (scripts/): an event matches when its line, as recorded, holds the query's text whatever the case
 * (so its type, a robot frame's event name, alert codes, route paths and any text inside it), and it is of one
 * of the query's kinds (any kind when none is chosen). The line is matched, not the parsed event: a map image
 * is matched by its hash, never by its megabytes of base64. Pure.
 */
import type { CoreEvent } from '../events';
import { knownEvent } from '../handle';
import { summariseEvent } from './eventSummary';

import { EVENT_KINDS, type EventKind } from './eventKinds';

export { EVENT_KINDS, type EventKind };

/** What to look for: `text` (case-insensitive; empty matches every event) in events of `kinds` (none: every kind). */
export interface SearchQuery {
  text: string;
  kinds: readonly EventKind[];
}

/** An event found: its place in the log (0-based), its time, type, kinds and one-line summary (the event list's). */
export interface SearchMatch {
  index: number;
  at: number;
  type: string;
  kinds: EventKind[];
  summary: string;
}

/** Each kind's bit. */
const [ROBOT, OPERATOR, CALL, TIMER, REJECTED] = EVENT_KINDS.map((_, i) => 1 << i) as [number, number, number, number, number];

/**
 * The kinds an event is of, as bits (bit i: `EVENT_KINDS[i]`): what the log's index keeps per checkpoint interval
 * (core/log/logIndex.ts), so a search for a kind passes over the intervals that hold none. Rejected input is what
 * the core refuses on sight, without a handler's say: a frame the kiosk could not read or refused for its size
 * (`raw`, `refused`), an event of a type no handler knows. (What a handler rejects later shows on the timeline's
 * rejected lane and in the state's `rejected` count.)
 */
export function kindBits(event: CoreEvent): number {
  const type: string = event.type;
  if (type === 'ws/message' || type === 'teleop/message') {
    const frame = event as { message?: unknown; refused?: unknown };
    return frame.message === undefined || frame.refused !== undefined ? ROBOT | REJECTED : ROBOT;
  }
  let bits = 0;
  if (type.startsWith('ui/')) bits = OPERATOR;
  else if (type.startsWith('http/')) bits = CALL;
  else if (type === 'tick') bits = TIMER;
  return knownEvent(event) ? bits : bits | REJECTED;
}

/** The bits of `kinds` (none: 0, which asks for every kind). */
export function bitsOfKinds(kinds: readonly EventKind[]): number {
  let bits = 0;
  for (const kind of kinds) bits |= 1 << EVENT_KINDS.indexOf(kind);
  return bits;
}

/** The kinds an event is of (`kindBits`), in `EVENT_KINDS` order. */
export function kindsOf(event: CoreEvent): EventKind[] {
  const bits = kindBits(event);
  return EVENT_KINDS.filter((_, i) => (bits & (1 << i)) !== 0);
}

/** One query, ready to test lines and events against. */
export class EventSearch {
  /** The query's text in lower case, trimmed: what a line's lower-case text must hold. */
  readonly needle: string;
  /** The query's kinds as bits (`kindBits`); 0 for every kind. */
  readonly kindBits: number;

  constructor(query: SearchQuery) {
    this.needle = query.text.trim().toLowerCase();
    this.kindBits = bitsOfKinds(query.kinds);
  }

  /**
   * Whether a stretch of whole lines (their text in lower case) may hold a match: when it does not, none of its
   * lines need be parsed. Most of a log is passed over so when the term is rare.
   */
  mayHold(lowerText: string): boolean {
    return this.needle === '' || lowerText.includes(this.needle);
  }

  /** The match for `event`, read from `line` (`lowerLine`: the line in lower case, when known), or null. */
  match(line: string, event: CoreEvent, index: number, lowerLine?: string): SearchMatch | null {
    if (this.needle !== '' && !(lowerLine ?? line.toLowerCase()).includes(this.needle)) return null;
    const bits = kindBits(event);
    if (this.kindBits !== 0 && (bits & this.kindBits) === 0) return null;
    return { index, at: event.at, type: event.type, kinds: kindsOf(event), summary: summariseEvent(event) };
  }
}

/** A match as `npm run replay -- FILE --find TEXT` prints it: ISO time, type, summary. */
export function formatMatch(m: SearchMatch): string {
  return `${new Date(m.at).toISOString()}  ${m.type.padEnd(20)}  ${m.summary}`;
}
