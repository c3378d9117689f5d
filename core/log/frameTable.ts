/**
 * The frame memo (core/log/frameMemo.ts) split between two threads: a reader worker finds the frame lines
 * (core/log/frameLine.ts) and numbers their message texts (`FrameIds`), and the index, on another core, turns
 * the numbers back into messages (`FrameMessages`), parsing each text once. So the index's thread neither
 * decodes, splits nor parses the lines it folds (worker/lineReaderWorker.ts).
 *
 * A text gets a new number each time it enters the young generation (first seen, or found in the old one:
 * then the new number stands for the old one's message), so the live numbers are always those from `floor` on,
 * and the index forgets the ones below. Pure.
 */
import { Generations, SeenOnce, copyOf, frameEvent, frameLine, frameLineIn, sharedMessage, type FrameEvent, type FrameLine } from './frameLine';

/** `FrameIds.readIn`'s answer when the line must be read by `read` (sliced and trimmed) to tell. */
export const UNDECIDED = -2;

/** Tab, line feed, vertical tab, form feed, carriage return, space: white space `trim` takes off too. */
function isAsciiSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}

/** What the index learns from the reader besides the lines: new texts, new numbers for old ones, the lowest number live. */
export interface FrameNews {
  /** New numbers, in order, each with its text (first seen) or the number whose message it stands for. */
  ids: number[];
  of: (string | number)[];
  floor: number;
}

/** The reader's side: numbers each frame line's message text. */
export class FrameIds {
  private readonly memo = new Generations<string, number>();
  private next = 0;
  /** The first number of the young generation. */
  private youngFrom = 0;
  private news: FrameNews = { ids: [], of: [], floor: 0 };
  /** The last frame line read: its key order and time. */
  typeFirst = false;
  at = 0;

  /** The number of the message on `line` (trimmed), or -1 when the line is to be read whole (not a frame line, or its message not JSON). */
  read(line: string): number {
    const shape = frameLine(line);
    return shape === null ? -1 : this.numbered(line.slice(shape.start, line.length - 1), shape);
  }

  /**
   * `read` of the line `text[from, to)` (the character at `to`, if any, a newline) without slicing the whole line
   * out, or `UNDECIDED` when only `read` of the line, trimmed, can tell: `from` and `to` are first moved past ASCII
   * white space, and a frame line begins with `{` and ends with `}`, where `trim` stops too.
   */
  readIn(text: string, from: number, to: number): number {
    while (from < to && isAsciiSpace(text.charCodeAt(from))) from++;
    while (to > from && isAsciiSpace(text.charCodeAt(to - 1))) to--;
    const shape = frameLineIn(text, from, to);
    return shape === null ? UNDECIDED : this.numbered(text.slice(shape.start, to - 1), shape);
  }

  /** The number of a frame line's message `text`, or -1 when it is not JSON. */
  private numbered(text: string, shape: FrameLine): number {
    let id = this.memo.young.get(text);
    if (id === undefined) {
      const old = this.memo.old.get(text);
      if (old !== undefined) {
        id = this.remember(copyOf(text));
        this.news.ids.push(id);
        this.news.of.push(old);
      } else {
        // Checked here, so the index is only ever given texts it can parse.
        try {
          JSON.parse(text);
        } catch {
          return -1;
        }
        const copy = copyOf(text);
        id = this.remember(copy);
        this.news.ids.push(id);
        this.news.of.push(copy);
      }
    }
    this.typeFirst = shape.typeFirst;
    this.at = shape.at;
    return id;
  }

  /** What the index needs to read the numbers handed out since the last call. */
  takeNews(): FrameNews {
    const news = this.news;
    this.news = { ids: [], of: [], floor: news.floor };
    return news;
  }

  private remember(text: string): number {
    const id = this.next++;
    if (this.memo.remember(text, id)) {
      this.news.floor = this.youngFrom;
      this.youngFrom = id;
    }
    return id;
  }
}

/** A message learnt and not handed out yet: the first line to use it takes it unfrozen. */
class Unused {
  constructor(readonly value: unknown) {}
}

/** The index's side: the messages by number. */
export class FrameMessages {
  private readonly byId = new Map<number, unknown>();

  /** Learns the new texts and numbers (before reading the lines that use them). */
  learn(news: FrameNews): void {
    for (let i = 0; i < news.ids.length; i++) {
      const of = news.of[i]!;
      // A new number for a text seen before is a repeat: its message is shared, so frozen.
      this.byId.set(news.ids[i]!, typeof of === 'string' ? new Unused(JSON.parse(of)) : this.shared(of));
    }
  }

  /** Forgets the numbers below `floor` (after reading the lines that came with it). */
  forget(floor: number): void {
    // A Map iterates in insertion order, and numbers are handed out in order.
    for (const id of this.byId.keys()) {
      if (id >= floor) break;
      this.byId.delete(id);
    }
  }

  /** The event of a frame line with the message numbered `id`. */
  event(typeFirst: boolean, at: number, id: number): FrameEvent {
    const entry = this.byId.get(id);
    if (entry instanceof Unused) {
      this.byId.set(id, new SeenOnce(entry.value));
      return frameEvent(typeFirst, at, entry.value);
    }
    return frameEvent(typeFirst, at, entry instanceof SeenOnce ? this.shared(id) : entry);
  }

  /** The message numbered `id`, frozen from now on. */
  private shared(id: number): unknown {
    const entry = this.byId.get(id);
    const message = sharedMessage(entry instanceof Unused ? new SeenOnce(entry.value) : entry);
    this.byId.set(id, message);
    return message;
  }
}
