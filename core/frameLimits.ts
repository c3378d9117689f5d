/**
 * The limits a socket frame must keep before anything parses or validates it, in one place. A hostile frame
 * (deep nesting, a huge array, megabytes of text) used to cost tens of milliseconds to parse and reject, so
 * a storm of them stalled the worker. Both checks here stop as soon as a limit is passed, so the cost of
 * refusing a frame is bounded by the limits, not by the frame. Pure.
 */

export interface FrameLimits {
  /** Characters of frame text. The largest real frame is a map update: a base64 PNG of a few megabytes. */
  maxChars: number;
  /** Nesting of arrays and objects. Real frames nest at most four deep. */
  maxDepth: number;
  /** Array items plus object members over the whole frame. Real frames have a few dozen. */
  maxEntries: number;
}

export const FRAME_LIMITS: FrameLimits = {
  maxChars: 8 * 1024 * 1024,
  maxDepth: 32,
  maxEntries: 10_000,
};

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;

/** Where the string opened at `open` ends (the index of its closing quote), or -1 if it never does. */
function stringEnd(text: string, open: number): number {
  let close = text.indexOf('"', open + 1);
  while (close >= 0) {
    let slashes = 0;
    for (let k = close - 1; text.charCodeAt(k) === BACKSLASH; k--) slashes++;
    if (slashes % 2 === 0) return close;
    close = text.indexOf('"', close + 1);
  }
  return -1;
}

/**
 * Why a frame's text breaks a limit, or null if it keeps them. One pass over the structure that skips string
 * contents with `indexOf` and stops at the first limit passed; it does not check that the text is JSON
 * (JSON.parse does that next, on text now known to be cheap to parse).
 */
export function frameTextProblem(text: string, limits: FrameLimits = FRAME_LIMITS): string | null {
  if (text.length > limits.maxChars) return `${text.length} characters, over the limit of ${limits.maxChars}`;
  let depth = 0;
  // Counted as commas plus containers (a container's first item has no comma before it): a little over the
  // items and members a parse would make, never under.
  let entries = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (end < 0) return null; // an unterminated string: JSON.parse refuses it at once
      i = end;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > limits.maxDepth) return `nests deeper than ${limits.maxDepth}`;
      if (++entries > limits.maxEntries) return `more than ${limits.maxEntries} entries`;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
    else if (c === COMMA && ++entries > limits.maxEntries) return `more than ${limits.maxEntries} entries`;
  }
  return null;
}

/**
 * The same limits on an already parsed value (a frame read from a log, which no worker checked). The walk
 * visits at most `maxEntries` values, so its cost is bounded whatever the value. Pure.
 */
export function frameValueProblem(value: unknown, limits: FrameLimits = FRAME_LIMITS): string | null {
  // Nearly every frame keeps the limits: a walk that allocates nothing says so; only a frame that breaks one is
  // walked again in the order that names the limit it breaks first. In a day's replay the allocating walk
  // alone was a third of the fold.
  if (typeof value !== 'object' || value === null || entriesLeft(value, 0, limits.maxEntries, limits.maxDepth) >= 0) return null;
  return stackWalkProblem(value, limits);
}

/**
 * The entries `budget` leaves after walking `v`, a container at `depth`, or -1 as soon as a limit breaks (so
 * the walk too is bounded by the limits).
 */
function entriesLeft(v: object, depth: number, budget: number, maxDepth: number): number {
  if (depth >= maxDepth) return -1;
  let left = budget;
  if (Array.isArray(v)) {
    left -= v.length;
    for (let i = 0; i < v.length && left >= 0; i++) {
      const child: unknown = v[i];
      if (typeof child === 'object' && child !== null) left = entriesLeft(child, depth + 1, left, maxDepth);
    }
    return left < 0 ? -1 : left;
  }
  for (const key in v) {
    if (--left < 0) return -1;
    const child = (v as Record<string, unknown>)[key];
    if (typeof child === 'object' && child !== null) {
      left = entriesLeft(child, depth + 1, left, maxDepth);
      if (left < 0) return -1;
    }
  }
  return left;
}

/**
 * The first limit `value` breaks, found by the bounded stack walk (whose order the reasons have always had).
 * Exported as the reference the allocation-free pass is tested against (tests/core/frameLimits.test.ts).
 */
export function stackWalkProblem(value: unknown, limits: FrameLimits): string | null {
  let entries = 0;
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const top = stack.pop()!;
    const v = top.value;
    if (typeof v !== 'object' || v === null) continue;
    if (top.depth >= limits.maxDepth) return `nests deeper than ${limits.maxDepth}`;
    const depth = top.depth + 1;
    if (Array.isArray(v)) {
      entries += v.length;
      if (entries > limits.maxEntries) return `more than ${limits.maxEntries} entries`;
      for (const child of v) if (typeof child === 'object' && child !== null) stack.push({ value: child, depth });
      continue;
    }
    // Counted as it goes: listing a huge object's members first would cost what the limit is there to avoid.
    for (const key in v) {
      if (++entries > limits.maxEntries) return `more than ${limits.maxEntries} entries`;
      const child = (v as Record<string, unknown>)[key];
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth });
    }
  }
  return null;
}
