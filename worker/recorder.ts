/** A bounded recorder of every event fed to the core, exportable as a JSON Lines event log. */
import type { CoreEvent } from '../core/events';
import { serialiseLog } from '../core/eventLog';
import { ImageStore } from './imageStore';

export const DEFAULT_CAPACITY = 200_000;

export class Recorder {
  private readonly ring: CoreEvent[] = [];
  private next = 0;
  private dropped = 0;
  /** Map images, once per content hash, out of the recorded events (see core/logImages.ts). */
  readonly images = new ImageStore();

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  record(full: CoreEvent): void {
    const event = this.images.strip(full);
    if (this.ring.length < this.capacity) this.ring.push(event);
    else {
      this.images.release(this.ring[this.next] as CoreEvent);
      this.ring[this.next] = event;
      this.next = (this.next + 1) % this.capacity;
      this.dropped += 1;
    }
  }

  /** Recorded events, oldest first. */
  events(): CoreEvent[] {
    if (this.ring.length < this.capacity) return this.ring.slice();
    return [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
  }

  /**
   * The log as JSONL. When older events were dropped, the header says so: such a log replays from a state the
   * recorder no longer has, so it is for reading, not for exact replay.
   */
  export(meta: Record<string, unknown> = {}): string {
    return serialiseLog({ ...meta, dropped: this.dropped, complete: this.dropped === 0 }, this.events(), this.images.lines());
  }

  get size(): number {
    return this.ring.length;
  }
}
