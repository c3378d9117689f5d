/**
 * A robot frame's line as the recorders write it, read without parsing the line: `{"type":"ws/message","at":N,
 * "message":M}` (the kiosk's recorder) or `{"at":N,"type":"ws/message","message":M}`, no spaces. When M is valid
 * JSON by itself such a line is an object of exactly those three keys (a `}` closes it), so its event is the one
 * `JSON.parse` of the line gives, keys in the same order: the frame memo (core/log/frameMemo.ts) and the frame
 * table a reader worker shares with the index (core/log/frameTable.ts) parse each message text once. Pure.
 */
import type { CoreEvent } from '../events';

export type FrameEvent = Extract<CoreEvent, { type: 'ws/message' }>;

/** Message texts longer than this (a map frame with its image) are never memoised: they do not repeat. */
export const FRAME_TEXT_CHARS = 1024;
/** Texts per generation of a memo (core/log/frameMemo.ts, core/log/frameTable.ts). */
export const MEMO_ENTRIES = 1024;

const TYPE_FIRST = '{"type":"ws/message","at":';
const AT_FIRST = '{"at":';
const MESSAGE_AFTER_AT = ',"message":';
const TYPE_AND_MESSAGE_AFTER_AT = ',"type":"ws/message","message":';
/** Digits of `at` read here: a safe integer with no leading zero. Any other `at` takes the whole parse. */
const MAX_AT_DIGITS = 15;

/** Where a frame line's parts are: its key order, its time, and where its message text starts (it ends before the last `}`). */
export interface FrameLine {
  typeFirst: boolean;
  at: number;
  start: number;
}

/** The parts of `line` (trimmed), or null when it is not a frame line of that shape or its message is too long. */
export function frameLine(line: string): FrameLine | null {
  return frameLineIn(line, 0, line.length);
}

/**
 * `frameLine` of `text[from, to)` without slicing it out (`start` counts from the start of `text`): the character
 * at `to`, if any, must not be one of the line's (a newline or other white space ends it), so no match can run on
 * past the line. A reader worker reads its lines so, in the decoded text of a whole piece (worker/linePieces.ts).
 */
export function frameLineIn(text: string, from: number, to: number): FrameLine | null {
  const typeFirst = text.startsWith(TYPE_FIRST, from);
  if (!typeFirst && !text.startsWith(AT_FIRST, from)) return null;
  const digits = from + (typeFirst ? TYPE_FIRST.length : AT_FIRST.length);
  // `at`, a JSON integer with no leading zero and at most 15 digits (exact in a double), read digit by digit.
  let at = text.charCodeAt(digits) - 0x30;
  if (!(at >= 1 && at <= 9)) return null;
  let after = digits + 1;
  for (let d = text.charCodeAt(after) - 0x30; after < to && d >= 0 && d <= 9; d = text.charCodeAt(++after) - 0x30) at = at * 10 + d;
  if (after - digits > MAX_AT_DIGITS) return null;
  const rest = typeFirst ? MESSAGE_AFTER_AT : TYPE_AND_MESSAGE_AFTER_AT;
  if (!text.startsWith(rest, after) || text.charCodeAt(to - 1) !== 0x7d /* } */) return null;
  const start = after + rest.length;
  if (to - 1 - start > FRAME_TEXT_CHARS) return null;
  return { typeFirst, at, start };
}

/** The event of a frame line, keys in the line's order. */
export function frameEvent(typeFirst: boolean, at: number, message: unknown): FrameEvent {
  return typeFirst ? { type: 'ws/message', at, message } : ({ at, type: 'ws/message', message } as FrameEvent);
}

/**
 * A message one line has had so far, not frozen yet (a JSON value is never one of these). Several events share
 * a memoised message, so it is frozen when a second line shares it: the core never writes an event (a write
 * would throw and be recorded as the event's rejection), and texts that never repeat are never walked.
 */
export class SeenOnce {
  constructor(readonly value: unknown) {}
}

/** A memo's entry as a message to hand out: frozen if it was seen once so far. */
export function sharedMessage(entry: unknown): unknown {
  return entry instanceof SeenOnce ? deepFreeze(entry.value) : entry;
}

/** A copy of `text` to keep as a key: `text` is a slice of a bigger string (a slice of the log's bytes), which a key would keep alive. */
export function copyOf(text: string): string {
  return (text + ' ').slice(0, -1);
}

/**
 * Two generations of a memo: when the young one fills, the old one is forgotten and the young one becomes
 * old. A caller moves what it finds in the old one back to the young, so texts that never repeat (a pose, a
 * diagnostics frame) pass through without pushing out those that do (battery frames).
 */
export class Generations<K, V> {
  young = new Map<K, V>();
  old = new Map<K, V>();

  /** Puts `key` in the young generation; true when that first turned the young one old. */
  remember(key: K, value: V): boolean {
    let turned = false;
    if (this.young.size >= MEMO_ENTRIES) {
      this.old = this.young;
      this.young = new Map();
      turned = true;
    }
    this.young.set(key, value);
    return turned;
  }
}

/**
 * Freezes a JSON value all through. Its children are read with `Object.values`, not `for...in`: the walk is
 * inlined into the replay worker's piece feed (worker/linePieces.ts `feedPiece`), and a keyed read in `for...in`
 * there deoptimised the whole feed at each new shape of message, 25 times an open of a day, each re-optimisation
 * some 30 ms of the second core (bench/README.md, "29 Nov, the compiler's share of an open").
 */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  const values = Object.values(value);
  for (let i = 0; i < values.length; i++) deepFreeze(values[i]);
  return Object.freeze(value);
}
