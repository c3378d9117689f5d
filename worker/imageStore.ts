/**
 * The recorder's image side store: map images leave the recorded events (replaced by their content hash) and
 * are kept once per hash, counted by the recorded events that refer to them, so an image goes when the last
 * of them leaves the recorder.
 */
import type { CoreEvent } from '../core/events';
import { imageHash, imageLineText, withImage, type ImageRef } from '../core/log/logImages';

/** An event as the recorder keeps it, and the image it refers to. */
export interface Stripped {
  event: CoreEvent;
  /** The content hash of the event's image, or null when it carries none. */
  hash: string | null;
  /** Characters this event added to the store: its image's length when it is the image's first use, else 0. */
  added: number;
}

export class ImageStore {
  private readonly images = new Map<string, { base64: string; refs: number }>();

  /** The event as it is recorded: its image (if any) swapped for `{"$image": hash}` and stored once. */
  strip(full: CoreEvent): Stripped {
    let hash: string | null = null;
    let added = 0;
    const event = withImage(full, (image) => {
      if (typeof image !== 'string') return image;
      hash = imageHash(image);
      const held = this.images.get(hash);
      if (held) held.refs += 1;
      else {
        this.images.set(hash, { base64: image, refs: 1 });
        added = image.length;
      }
      return { $image: hash } satisfies ImageRef;
    });
    return { event, hash, added };
  }

  /** A recorded event that referred to `hash` left the recorder; returns the characters freed (0 if still used). */
  release(hash: string): number {
    const held = this.images.get(hash);
    if (!held) return 0;
    held.refs -= 1;
    if (held.refs > 0) return 0;
    this.images.delete(hash);
    return held.base64.length;
  }

  /** The image line of a stored image (for a persisted batch that refers to it), or null when not held. */
  line(hash: string): string | null {
    const held = this.images.get(hash);
    return held ? imageLineText(hash, held.base64) : null;
  }

  /** The side section's lines, one per stored image. */
  lines(): string[] {
    return [...this.images].map(([hash, { base64 }]) => imageLineText(hash, base64));
  }

  /** Stored images and their base64 characters (for the log-size benchmark). */
  get size(): { images: number; chars: number } {
    let chars = 0;
    for (const { base64 } of this.images.values()) chars += base64.length;
    return { images: this.images.size, chars };
  }
}
