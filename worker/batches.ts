/**
 * The runtime's two pure rules about batches (worker/runtime.ts): how much of the queue to step at once, and which
 * slices a push carries. Also used by the replay session (changed slices) and tests.
 */
import type { CoreEvent } from '../core/events';
import type { State } from '../core/state';
import { imageHolder } from '../core/log/logImages';

export type Slices = Partial<State>;

/**
 * How many of `queue` to step in one batch: up to (not including) the first map press that follows an image
 * carried by an event before it in the batch, or any press when `decoding` (images wait for the decoder).
 * 0: the first event is such a press. A batch with no press, the usual case, is stepped whole.
 */
export function pieceEnd(queue: readonly CoreEvent[], decoding: boolean): number {
  let image = false;
  for (let i = 0; i < queue.length; i++) {
    const event = queue[i] as CoreEvent;
    if (event.type === 'ui/mapPressed' && (decoding || image)) return i;
    if (!image && imageHolder(event) !== null) image = true;
  }
  return queue.length;
}

/** The top-level slices of `next` whose identity differs from `prev`, or null when none did. */
export function changedSlices(prev: State | null, next: State): Slices | null {
  if (prev === null) return next;
  const out: Record<string, unknown> = {};
  let any = false;
  for (const key of Object.keys(next) as (keyof State)[]) {
    if (prev[key] !== next[key]) {
      out[key] = next[key];
      any = true;
    }
  }
  return any ? (out as Slices) : null;
}
