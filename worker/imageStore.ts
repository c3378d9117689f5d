/**
 * The recorder's image side store: map images leave the recorded events (replaced by their content hash) and
 * are kept once per hash, counted by the recorded events that refer to them, so an image goes when the last
 * of them leaves the recorder's ring.
 */
import type { CoreEvent } from '../core/events';
import { imageHash, imageHolder, withImage, type ImageRef } from '../core/logImages';

export class ImageStore {
  private readonly images = new Map<string, { base64: string; refs: number }>();

  /** The event as it is recorded: its image (if any) swapped for `{"$image": hash}` and stored once. */
  strip(event: CoreEvent): CoreEvent {
    return withImage(event, (image) => {
      if (typeof image !== 'string') return image;
      const hash = imageHash(image);
      const held = this.images.get(hash);
      if (held) held.refs += 1;
      else this.images.set(hash, { base64: image, refs: 1 });
      return { $image: hash } satisfies ImageRef;
    });
  }

  /** A recorded event left the ring: its image goes when nothing refers to it any more. */
  release(event: CoreEvent): void {
    const ref = imageHolder(event)?.image as Partial<ImageRef> | undefined;
    const hash = ref?.$image;
    if (typeof hash !== 'string') return;
    const held = this.images.get(hash);
    if (!held) return;
    held.refs -= 1;
    if (held.refs <= 0) this.images.delete(hash);
  }

  /** The side section's lines, one per stored image. */
  lines(): string[] {
    return [...this.images].map(([hash, { base64 }]) => JSON.stringify({ image: hash, base64 }));
  }

  /** Stored images and their base64 characters (for the log-size benchmark). */
  get size(): { images: number; chars: number } {
    let chars = 0;
    for (const { base64 } of this.images.values()) chars += base64.length;
    return { images: this.images.size, chars };
  }
}
