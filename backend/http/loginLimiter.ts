/** Login throttling: after 5 wrong PINs in a row, every login answers 429 for 30 s (api.md). */
import type { SimClock } from '../clock';

export const MAX_WRONG = 5;
export const LOCKOUT_MS = 30_000;

/** Counts wrong login PINs; time is the simulated clock, so SIM_SPEED shortens the lockout in tests. */
export class LoginLimiter {
  private wrong = 0;
  private lockedUntil = 0;

  constructor(private clock: SimClock) {}

  /** Milliseconds of lockout left, 0 when a login may be tried. */
  lockedFor(): number {
    return Math.max(0, this.lockedUntil - this.clock.monoNow());
  }

  /** Records the outcome of a check. */
  record(ok: boolean): void {
    if (ok) {
      this.wrong = 0;
      return;
    }
    this.wrong++;
    if (this.wrong >= MAX_WRONG) {
      this.wrong = 0;
      this.lockedUntil = this.clock.monoNow() + LOCKOUT_MS;
    }
  }
}
