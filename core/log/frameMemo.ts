/**
 * Robot frames repeat. A day's log holds some 700,000 battery frames with fewer than 8,000 different texts, and
 * connection, alert and movement frames repeat as often: parsing each message text once and handing out the
 * same message for every line that repeats it took half the parse off a day's replay (bench:replay).
 *
 * Only a frame line exactly as the kiosk's recorder or a robot's writes it, `{"type":"ws/message","at":N,
 * "message":M}` or `{"at":N,"type":"ws/message","message":M}` with no spaces, is read so; any other line is left
 * to `JSON.parse` of the whole line, as before. For such a line, when M is valid JSON by itself the line is an
 * object of exactly those three keys (a `}` closes it), so the event is the one `JSON.parse` would give, with its
 * keys in the same order. A message is frozen once a second line shares it: the core never
 * writes an event (a write would throw and be recorded as the event's rejection).
 *
 * Bounded: at most twice `MEMO_ENTRIES` texts of at most `MEMO_TEXT_CHARS` characters (a map frame with its image
 * is longer), in two generations: when the young one fills, the old one is forgotten and the
 * young one becomes old, and a text found in the old one moves back to the young. Texts that never repeat (a
 * pose, a diagnostics frame) so pass through without pushing out the battery frames that do. One per reader. Pure.
 */
import type { CoreEvent } from '../events';

const MEMO_ENTRIES = 1024;
const MEMO_TEXT_CHARS = 1024;
const TYPE_FIRST = '{"type":"ws/message","at":';
const AT_FIRST = '{"at":';
const MESSAGE_AFTER_AT = ',"message":';
const TYPE_AND_MESSAGE_AFTER_AT = ',"type":"ws/message","message":';
/** Digits of `at` read here: a safe integer with no leading zero. Any other `at` takes the whole parse. */
const MAX_AT_DIGITS = 15;

type FrameEvent = Extract<CoreEvent, { type: 'ws/message' }>;

export class FrameMemo {
  private young = new Map<string, unknown>();
  private old = new Map<string, unknown>();

  /** The frame event on `line` (trimmed), or null when the line is not a plain frame line or M is not JSON. */
  read(line: string): FrameEvent | null {
    const typeFirst = line.startsWith(TYPE_FIRST);
    if (!typeFirst && !line.startsWith(AT_FIRST)) return null;
    const from = typeFirst ? TYPE_FIRST.length : AT_FIRST.length;
    // `at`, a JSON integer with no leading zero and at most 15 digits (exact in a double), read digit by digit.
    let at = line.charCodeAt(from) - 0x30;
    if (!(at >= 1 && at <= 9)) return null;
    let to = from + 1;
    for (let d = line.charCodeAt(to) - 0x30; d >= 0 && d <= 9; d = line.charCodeAt(++to) - 0x30) at = at * 10 + d;
    if (to - from > MAX_AT_DIGITS) return null;
    const after = typeFirst ? MESSAGE_AFTER_AT : TYPE_AND_MESSAGE_AFTER_AT;
    if (!line.startsWith(after, to) || line.charCodeAt(line.length - 1) !== 0x7d /* } */) return null;
    const text = line.slice(to + after.length, line.length - 1);
    if (text.length > MEMO_TEXT_CHARS) return null;
    const message = this.message(text);
    if (message === undefined) return null;
    return typeFirst ? { type: 'ws/message', at, message } : ({ at, type: 'ws/message', message } as FrameEvent);
  }

  /** The parsed message for `text`, frozen once a second line shares it, or undefined when `text` is not JSON. */
  private message(text: string): unknown {
    let known = this.young.get(text);
    if (known === undefined) {
      known = this.old.get(text);
      if (known === undefined) return this.first(text);
      this.remember(copyOf(text), known);
    }
    if (known instanceof SeenOnce) {
      known = deepFreeze(known.value);
      this.young.set(text, known); // the key already held stays
    }
    return known;
  }

  /** A text not in the memo: parsed, and remembered unfrozen until a second line shares it (most texts that never repeat are never walked). */
  private first(text: string): unknown {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return undefined;
    }
    this.remember(copyOf(text), new SeenOnce(value));
    return value;
  }

  private remember(text: string, value: unknown): void {
    if (this.young.size >= MEMO_ENTRIES) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(text, value);
  }
}

/** A message one line has had so far, not frozen yet (a JSON value is never one of these). */
class SeenOnce {
  constructor(readonly value: unknown) {}
}

/** A copy of `text` to keep as a key: `text` is a slice of a bigger string (a slice of the log's bytes), which a key would keep alive. */
function copyOf(text: string): string {
  return (text + ' ').slice(0, -1);
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const key in value) deepFreeze((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
}
