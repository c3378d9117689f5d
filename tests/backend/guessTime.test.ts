/**
 * How long guessing a 6-digit PIN takes under the lockout (backend/README.md "How long a PIN holds"): the rules'
 * arithmetic, checked against the implemented limiter driven by a tireless guesser on a virtual clock, who
 * tries again the moment a refusal's wait is over.
 */
import { describe, expect, it } from 'vitest';
import { LOCKOUT_RULES, LockedOut, LoginLimiter } from '../../backend/http/loginLimiter';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A random 6-digit PIN, guesses never repeated: on average half the space. */
const EXPECTED_GUESSES = (1_000_000 + 1) / 2;

/**
 * Runs a guesser for `spanMs` of virtual time; `addresses` 'one' or 'many' (a fresh address whenever the last is
 * locked out); `screenLoginEveryMs`: the staff log in on the robot's screen that often (which lifts the ceiling).
 * Each check is taken to cost `checkMs` (one scrypt). Returns the wrong PINs judged.
 */
function guess(spanMs: number, addresses: 'one' | 'many', screenLoginEveryMs = Infinity, checkMs = 100): number {
  const time = { now: 0, monoNow: () => time.now };
  const limiter = new LoginLimiter(time);
  let judged = 0;
  let address = 1;
  let nextScreenLogin = screenLoginEveryMs;
  while (time.now < spanMs) {
    if (time.now >= nextScreenLogin) {
      limiter.finish(limiter.begin({ address: '127.0.0.1', robotScreen: true }), true);
      nextScreenLogin += screenLoginEveryMs;
    }
    const client = { address: `10.${address >> 16}.${(address >> 8) & 255}.${address & 255}`, robotScreen: false };
    try {
      limiter.finish(limiter.begin(client), false);
      judged++;
      time.now += checkMs;
    } catch (err) {
      if (!(err instanceof LockedOut)) throw err;
      // Another address helps only against the address's own lockout, not against the ceiling.
      if (addresses === 'many' && limiter.lockedFor({ address: `10.255.255.255`, robotScreen: false }) === 0) address++;
      else time.now += Math.min(err.waitMs, Math.max(1, nextScreenLogin - time.now));
    }
  }
  return judged;
}

describe('the time to guess a 6-digit PIN', () => {
  const r = LOCKOUT_RULES;
  // One address at its longest wait: 5 guesses per 15 minutes; the network at its ceiling: 20 an hour.
  const oneAddressPerHour = (r.maxWrong * HOUR) / r.longestWaitMs;
  const networkPerHour = (r.ceiling * HOUR) / r.ceilingWindowMs;

  it('the arithmetic', () => {
    expect(oneAddressPerHour).toBe(20);
    expect(networkPerHour).toBe(20);
    // The doubling reaches 15 minutes on the sixth lockout: 30+60+120+240+480+900 s for the first 30 guesses.
    expect([0, 1, 2, 3, 4, 5].reduce((s, k) => s + Math.min(r.longestWaitMs, r.firstWaitMs * 2 ** k), 0)).toBe(1_830_000);
    expect(EXPECTED_GUESSES / 20 / 24).toBeCloseTo(1041.7, 1); // days, at 20 an hour
  });

  it('one address: the implemented limiter judges 20 an hour, as computed', () => {
    const week = guess(7 * DAY, 'one');
    const perHour = week / (7 * 24);
    console.log(`one address: ${week} wrong PINs judged in 7 days (${perHour.toFixed(2)} an hour): ${(EXPECTED_GUESSES / perHour / 24).toFixed(0)} days expected to guess`);
    expect(perHour).toBeGreaterThan(19.5);
    expect(perHour).toBeLessThanOrEqual(Math.min(oneAddressPerHour, networkPerHour) + 0.2);
  });

  it('any number of addresses: the ceiling holds them to 20 an hour too', () => {
    const week = guess(7 * DAY, 'many');
    const perHour = week / (7 * 24);
    console.log(`many addresses: ${week} wrong PINs judged in 7 days (${perHour.toFixed(2)} an hour): ${(EXPECTED_GUESSES / perHour / 24).toFixed(0)} days expected to guess`);
    expect(perHour).toBeGreaterThan(19.5);
    expect(perHour).toBeLessThanOrEqual(networkPerHour + 0.2);
  });

  it('many addresses while the staff log in on the robot’s screen every 30 minutes: at most 20 more per login', () => {
    const week = guess(7 * DAY, 'many', 30 * 60_000);
    const perDay = week / 7;
    const bound = 24 * networkPerHour + 48 * r.ceiling;
    console.log(`many addresses, a screen login every 30 min: ${perDay.toFixed(0)} a day (bound ${bound}): ${(EXPECTED_GUESSES / perDay).toFixed(0)} days expected to guess`);
    expect(perDay).toBeGreaterThan(24 * networkPerHour);
    expect(perDay).toBeLessThanOrEqual(bound);
  });
});
