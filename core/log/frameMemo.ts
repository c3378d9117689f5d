/**
 * Robot frames repeat. A day's log holds some 700,000 battery frames with fewer than 8,000 different texts, and
 * connection, alert and movement frames repeat as often: parsing each message text once and handing out the
 * same message for every line that repeats it took half the parse off a day's replay (bench:replay).
 *
 * Only a frame line exactly as the kiosk's recorder or a robot's writes it, `{"type":"ws/message","at":N,
 * "message":M}` or `{"at":N,"type":"ws/message","message":M}` with no spaces, is read so; any other line is left
 * to `JSON.parse` of the whole line, as before. For such a line, when M is valid JSON by itself the line is an
 * object of exactly those three keys (a `}` closes it), so the event is the one `JSON.parse` would give, with its
 * keys in the same order. The messages handed out are frozen, since several events share each: the core never
 * writes an event (a write would throw and be recorded as the event's rejection).
 *
 * Bounded: at most `MEMO_ENTRIES` texts of at most `MEMO_TEXT_CHARS` characters (map frames, whose images
 * never repeat, are longer), the whole memo forgotten when it fills. One per reader. Pure.
 */
import type { CoreEvent } from '../events';

const MEMO_ENTRIES = 2048;
const MEMO_TEXT_CHARS = 1024;
const TYPE_FIRST = '{"type":"ws/message","at":';
const AT_FIRST = '{"at":';
const MESSAGE_AFTER_AT = ',"message":';
const TYPE_AND_MESSAGE_AFTER_AT = ',"type":"ws/message","message":';
/** Digits of `at` read here: a safe integer with no leading zero. Any other `at` takes the whole parse. */
const MAX_AT_DIGITS = 15;

type FrameEvent = Extract<CoreEvent, { type: 'ws/message' }>;

export class FrameMemo {
  private readonly messages = new Map<string, unknown>();

  /** The frame event on `line` (trimmed), or null when the line is not a plain frame line or M is not JSON. */
  read(line: string): FrameEvent | null {
    const typeFirst = line.startsWith(TYPE_FIRST);
    if (!typeFirst && !line.startsWith(AT_FIRST)) return null;
    const from = typeFirst ? TYPE_FIRST.length : AT_FIRST.length;
    const to = digitsEnd(line, from);
    if (to < 0) return null;
    const after = typeFirst ? MESSAGE_AFTER_AT : TYPE_AND_MESSAGE_AFTER_AT;
    if (!line.startsWith(after, to) || line.charCodeAt(line.length - 1) !== 0x7d /* } */) return null;
    const text = line.slice(to + after.length, line.length - 1);
    if (text.length > MEMO_TEXT_CHARS) return null;
    const message = this.message(text);
    if (message === undefined) return null;
    const at = Number(line.slice(from, to));
    return typeFirst ? { type: 'ws/message', at, message } : ({ at, type: 'ws/message', message } as FrameEvent);
  }

  /** The parsed, frozen message for `text`, or undefined when `text` is not JSON. */
  private message(text: string): unknown {
    const known = this.messages.get(text);
    if (known !== undefined) return known;
    let value: unknown;
    try {
      value = deepFreeze(JSON.parse(text));
    } catch {
      return undefined;
    }
    if (this.messages.size >= MEMO_ENTRIES) this.messages.clear();
    this.messages.set(text, value);
    return value;
  }
}

/** Where the digits of a JSON integer starting at `from` end, or -1 when there are none or too many, or a leading 0. */
function digitsEnd(line: string, from: number): number {
  const first = line.charCodeAt(from);
  if (first < 0x31 || first > 0x39) return -1;
  let i = from + 1;
  for (; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c < 0x30 || c > 0x39) break;
  }
  return i - from > MAX_AT_DIGITS ? -1 : i;
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const key in value) deepFreeze((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
}
