/** The inactivity lock: 900 s without a touch locks the screen and logs the person out. */
import type { Ctx, DraftState } from '../context';
import { draw } from '../rng';
import { isLockExempt } from '../routes';
import { clearTimer, setTimer } from '../timers';
import { navigate } from '../navigate';
import { logOut } from '../session/serverSession';

export const LOCK_AFTER_MS = 900_000;
export const GREETING_DELAY_MS = 550;
export const GREETING_COUNT = 3;

export function armLock(d: DraftState, ctx: Ctx): void {
  setTimer(d.timers, 'lock', ctx.at + LOCK_AFTER_MS);
}

/** A touch, press or mouse move: restart the countdown (a locked screen waits for its button). */
export function userActive(d: DraftState, ctx: Ctx): void {
  if (!d.session.lock) armLock(d, ctx);
}

/** The 900 s passed. On /movement and /mapping paths the lock never shows: wait another period. */
export function lockDue(d: DraftState, ctx: Ctx): void {
  if (isLockExempt(d.route.path)) {
    armLock(d, ctx);
    return;
  }
  d.session.lock = true;
  logOut(d, ctx);
  d.session.greeting = null;
  setTimer(d.timers, 'lockGreeting', ctx.at + GREETING_DELAY_MS);
}

/** After 550 ms one of the three greetings is chosen with the core's seeded PRNG. */
export function greetingDue(d: DraftState): void {
  const { value, seed } = draw(d.rng.seed);
  d.rng.seed = seed;
  d.session.greeting = Math.floor(value * GREETING_COUNT);
}

/**
 * 'Let's collaborate': the screen unlocks. The person was logged out, so where a PIN exists they log in again
 * and come back to the page they were on.
 */
export function unlock(d: DraftState, ctx: Ctx): void {
  if (!d.session.lock) return;
  d.session.lock = false;
  d.session.greeting = null;
  clearTimer(d.timers, 'lockGreeting');
  armLock(d, ctx);
  if (d.settings.data?.has_superadmin_pin) {
    d.route.redirectAfterLogin = d.route.path;
    navigate(d, ctx, '/login');
  }
}
