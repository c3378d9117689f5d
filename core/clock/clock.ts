/** The top-bar clock, refreshed every second on whole seconds. */
import type { Ctx, DraftState } from '../context';
import { setTimer } from '../timers';

export const CLOCK_TICK_MS = 1_000;

export function startClock(d: DraftState, ctx: Ctx): void {
  d.clock.now = ctx.at;
  setTimer(d.timers, 'clock', Math.floor(ctx.at / CLOCK_TICK_MS) * CLOCK_TICK_MS + CLOCK_TICK_MS);
}

/**
 * A second passed. When the core catches up over a gap (a replayed log), it jumps to the last whole second
 * before `horizon` instead of firing once per skipped second: the clock has no other effect.
 */
export function clockDue(d: DraftState, ctx: Ctx, horizon: number): void {
  const latest = Math.floor(horizon / CLOCK_TICK_MS) * CLOCK_TICK_MS;
  const now = Math.max(ctx.at, latest);
  d.clock.now = now;
  setTimer(d.timers, 'clock', now + CLOCK_TICK_MS);
}
