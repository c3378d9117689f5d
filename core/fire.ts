/** Fires one timer through its area's handler (core/areas.ts). */
import type { Turn } from './turn';
import type { TimerId } from './timers';
import { TIMERS } from './areas';

/** Fires one timer, at `turn.at`. `horizon` is the time of the event being caught up to. */
export function fireTimer(turn: Turn, id: TimerId, horizon: number): void {
  turn.apply<number>(TIMERS[id], horizon);
}
