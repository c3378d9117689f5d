/**
 * Robot frames repeat. A day's log holds some 700,000 battery frames with fewer than 8,000 different texts, and
 * connection, alert and movement frames repeat as often: a reader parses each message text once and hands out
 * the same message for every frame line (core/log/frameLine.ts) that repeats it, which took half the parse off
 * a day's replay (bench:replay). Any other line, or a message that is not JSON, is left to `JSON.parse` of the
 * whole line. Bounded: two generations of `MEMO_ENTRIES` texts. One per reader. Pure.
 */
import { Generations, SeenOnce, copyOf, frameEvent, frameLine, sharedMessage, type FrameEvent } from './frameLine';

export class FrameMemo {
  private readonly memo = new Generations<string, unknown>();

  /** The frame event on `line` (trimmed), or null when the line is not a frame line or its message is not JSON. */
  read(line: string): FrameEvent | null {
    const shape = frameLine(line);
    if (shape === null) return null;
    const message = this.message(line.slice(shape.start, line.length - 1));
    return message === undefined ? null : frameEvent(shape.typeFirst, shape.at, message);
  }

  /** The parsed message for `text`, frozen once a second line shares it, or undefined when `text` is not JSON. */
  private message(text: string): unknown {
    const { young, old } = this.memo;
    let known = young.get(text);
    if (known === undefined) {
      known = old.get(text);
      if (known === undefined) return this.first(text);
      this.memo.remember(copyOf(text), known);
    }
    if (known instanceof SeenOnce) {
      known = sharedMessage(known);
      this.memo.young.set(text, known); // the key already held stays
    }
    return known;
  }

  /** A text not in the memo: parsed, and remembered unfrozen until a second line shares it. */
  private first(text: string): unknown {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return undefined;
    }
    this.memo.remember(copyOf(text), new SeenOnce(value));
    return value;
  }
}
