/**
 * The event log's image side section. Map images (base64 PNG, up to megabytes each) are kept out of the event
 * lines: an event that carries one (a `mapping/mapUpdate` frame, a latest-map answer) is logged with
 * `{"$image": HASH}` in the image's place, and each image is stored once, on a side-section line before the
 * first event that refers to it: `{"section": "image", "hash": HASH, "base64": "..."}`. Reading a log puts the
 * images back. Pure.
 */
import type { CoreEvent } from '../events';

/** The placeholder an image is logged as. */
export interface ImageRef {
  $image: string;
}

/** One image line of the log's side section. */
export interface ImageLine {
  section: 'image';
  hash: string;
  base64: string;
}

/** How an image line starts (its first key), so a reader spots one without parsing it as an event. */
export const IMAGE_LINE_START = '{"section":"image"';

/** The text of an image line. */
export function imageLineText(hash: string, base64: string): string {
  return JSON.stringify({ section: 'image', hash, base64 } satisfies ImageLine);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The object holding the event's map image under `image`, if it carries one: the `data` of a mapUpdate
 * frame, or the `data` of an answer's body (the latest map).
 */
export function imageHolder(event: CoreEvent): Record<string, unknown> | null {
  let data: unknown;
  if (event.type === 'ws/message') {
    const m = event.message;
    if (!isRecord(m) || m.event !== 'mapping/mapUpdate') return null;
    data = m.data;
  } else if (event.type === 'http/response') {
    data = isRecord(event.body) ? event.body.data : undefined;
  } else return null;
  return isRecord(data) && 'image' in data ? data : null;
}

/**
 * A copy of the event with its image swapped by `swap` (the rest shared), or the event itself when it
 * carries no image or `swap` leaves it as it is.
 */
export function withImage(event: CoreEvent, swap: (image: unknown) => unknown): CoreEvent {
  const holder = imageHolder(event);
  if (!holder) return event;
  const next = swap(holder.image);
  if (next === holder.image) return event;
  const data = { ...holder, image: next };
  if (event.type === 'ws/message') return { ...event, message: { ...(event.message as object), data } };
  return { ...event, body: { ...(event as { body: object }).body, data } } as CoreEvent;
}

/** Reads a side-section line, or null when the line is something else. */
export function readImageLine(value: unknown): ImageLine | null {
  if (!isRecord(value) || value.section !== 'image' || typeof value.hash !== 'string' || typeof value.base64 !== 'string') return null;
  return { section: 'image', hash: value.hash, base64: value.base64 };
}

/** Puts the stored images back into an event; an unknown hash stays a placeholder (the core rejects it). */
export function restoreImage(event: CoreEvent, images: ReadonlyMap<string, string>): CoreEvent {
  return withImage(event, (image) => {
    if (!isRecord(image) || typeof image.$image !== 'string') return image;
    return images.get(image.$image) ?? image;
  });
}

/**
 * A content hash of an image: cyrb53 (a fast 53-bit string hash) with the length. Not cryptographic: it
 * only has to tell a log's images apart, a few thousand at most.
 */
export function imageHash(s: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hash = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return `${s.length.toString(36)}-${hash.toString(36)}`;
}
