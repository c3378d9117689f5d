/**
 * The PIN lockout's rules (api.md "Whose tries count"), on a clock the test moves: each client's own count, the
 * growing wait, the network ceiling, the robot screen's count, tries under way, and the table's bound.
 */
import { describe, expect, it } from 'vitest';
import { keyOf, LockedOut, LoginLimiter, type PinClient } from '../../backend/http/loginLimiter';

function setup(rules = {}) {
  const time = { now: 1_000, monoNow: () => time.now };
  return { time, limiter: new LoginLimiter(time, rules) };
}
const net = (address: string): PinClient => ({ address, robotScreen: false });
const screen: PinClient = { address: '127.0.0.1', robotScreen: true };

/** One whole PIN check: 'judged' (its outcome counted) or the wait a refusal named, in ms. */
function attempt(l: LoginLimiter, client: PinClient, right = false): 'judged' | number {
  try {
    l.finish(l.begin(client), right);
    return 'judged';
  } catch (err) {
    if (err instanceof LockedOut) return err.waitMs;
    throw err;
  }
}

describe('one client', () => {
  it('5 wrong PINs lock it out for 30 s; then it is judged again', () => {
    const { time, limiter } = setup();
    for (let i = 0; i < 5; i++) expect(attempt(limiter, net('10.0.0.5'))).toBe('judged');
    expect(limiter.lockedFor(net('10.0.0.5'))).toBe(30_000);
    time.now += 30_000;
    expect(attempt(limiter, net('10.0.0.5'))).toBe('judged');
  });

  it('a right PIN clears the count: 4 wrong, 1 right, 4 wrong is no lockout', () => {
    const { limiter } = setup();
    for (let i = 0; i < 4; i++) attempt(limiter, net('10.0.0.5'));
    attempt(limiter, net('10.0.0.5'), true);
    for (let i = 0; i < 4; i++) expect(attempt(limiter, net('10.0.0.5'))).toBe('judged');
    expect(limiter.lockedFor(net('10.0.0.5'))).toBe(0);
  });

  it('each lockout waits twice as long as the one before, up to 15 minutes', () => {
    const { time, limiter } = setup({ ceiling: 1_000 });
    const waits: number[] = [];
    for (let round = 0; round < 8; round++) {
      for (let i = 0; i < 5; i++) expect(attempt(limiter, net('10.0.0.5'))).toBe('judged');
      const wait = limiter.lockedFor(net('10.0.0.5'));
      waits.push(wait / 1000);
      time.now += wait;
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);
  });

  it('tries while locked out are refused without counting or lengthening the wait', () => {
    const { time, limiter } = setup();
    for (let i = 0; i < 5; i++) attempt(limiter, net('10.0.0.5'));
    for (let i = 0; i < 60; i++) {
      expect(attempt(limiter, net('10.0.0.5'))).toBe(30_000 - i * 500);
      time.now += 500;
    }
    expect(attempt(limiter, net('10.0.0.5'))).toBe('judged');
  });

  it('the doubling starts over after a right PIN, or a day without a wrong one', () => {
    const { time, limiter } = setup({ ceiling: 1_000 });
    const lockOut = () => {
      for (let i = 0; i < 5; i++) attempt(limiter, net('10.0.0.5'));
      const wait = limiter.lockedFor(net('10.0.0.5'));
      time.now += wait;
      return wait / 1000;
    };
    expect([lockOut(), lockOut(), lockOut()]).toEqual([30, 60, 120]);
    attempt(limiter, net('10.0.0.5'), true);
    expect([lockOut(), lockOut()]).toEqual([30, 60]);
    time.now += 24 * 60 * 60_000;
    expect(lockOut()).toBe(30);
  });

  it('checks under way count at once: of 10 started together only 5 are judged', () => {
    const { limiter } = setup();
    const started: unknown[] = [];
    let refused = 0;
    for (let i = 0; i < 10; i++) {
      try {
        started.push(limiter.begin(net('10.0.0.5')));
      } catch {
        refused++;
      }
    }
    expect([started.length, refused]).toEqual([5, 5]);
  });

  it('the refusal names its wait in whole seconds, as the app reads it', () => {
    expect(new LockedOut(29_001).message).toBe('too many wrong PINs; try again in 30 s');
    expect(new LockedOut(900_000).retryAfter).toBe('900');
  });
});

describe('whose tries count', () => {
  it('wrong PINs from the network never lock the robot’s own screen out', () => {
    const { limiter } = setup();
    for (const a of ['10.0.0.5', '10.0.0.6', '10.0.0.7', '10.0.0.8']) for (let i = 0; i < 6; i++) attempt(limiter, net(a));
    expect(limiter.lockedFor(screen)).toBe(0);
    expect(attempt(limiter, screen)).toBe('judged');
    // And the screen's own 5 wrong lock the screen only.
    for (let i = 0; i < 4; i++) attempt(limiter, screen);
    expect(limiter.lockedFor(screen)).toBe(30_000);
    expect(limiter.lockedFor(net('10.0.0.9'))).toBeGreaterThan(0); // the ceiling, from the 20 above
    expect(attempt(limiter, { address: '127.0.0.2', robotScreen: true })).toBe(30_000); // any loopback address: the one screen
  });

  it('each network address has its own count; IPv4 mapped into IPv6 is the same address; IPv6 counts by /64', () => {
    const { limiter } = setup();
    for (let i = 0; i < 5; i++) attempt(limiter, net('10.0.0.5'));
    expect(limiter.lockedFor(net('::ffff:10.0.0.5'))).toBe(30_000);
    expect(limiter.lockedFor(net('10.0.0.6'))).toBe(0);
    for (let i = 0; i < 5; i++) attempt(limiter, net(`2001:db8:1:2::${i + 1}`));
    expect(limiter.lockedFor(net('2001:db8:1:2:ffff:1:2:3'))).toBe(30_000);
    expect(limiter.lockedFor(net('2001:db8:1:3::1'))).toBe(0);
    expect(keyOf(net('2001:0DB8:0001:0002::5%eth0'))).toBe('2001:db8:1:2::/64');
  });

  it('at most 20 wrong network PINs an hour are judged; the 21st waits for the oldest to be an hour old', () => {
    const { time, limiter } = setup();
    for (let n = 0; n < 20; n++) {
      expect(attempt(limiter, net(`10.0.1.${n}`))).toBe('judged');
      time.now += 60_000;
    }
    // 20 minutes after the first: 40 minutes to go, for any network address, a new one too.
    expect(attempt(limiter, net('10.0.2.1'))).toBe(40 * 60_000);
    expect(attempt(limiter, net('10.0.2.1'))).toBe(40 * 60_000); // refusals by the ceiling do not count
    time.now += 40 * 60_000;
    expect(attempt(limiter, net('10.0.2.1'))).toBe('judged');
    expect(attempt(limiter, net('10.0.2.2'))).toBeGreaterThan(0);
  });

  it('a right PIN on the robot’s own screen lifts the ceiling; one from the network does not', () => {
    const { limiter } = setup();
    for (let n = 0; n < 20; n++) attempt(limiter, net(`10.0.1.${n}`));
    expect(attempt(limiter, net('10.0.2.1'), true)).toBeGreaterThan(0);
    attempt(limiter, screen, true);
    expect(attempt(limiter, net('10.0.2.1'))).toBe('judged');
  });
});

describe('memory', () => {
  it('the table of clients stays bounded: the least recently seen are dropped, forgotten ones first', () => {
    const { time, limiter } = setup({ maxClients: 100, ceiling: 1e9 });
    for (let n = 0; n < 10_000; n++) attempt(limiter, net(`10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`));
    expect(limiter.clients).toBe(100);
    // A day later every one of them is forgotten, and a new client finds room without dropping a live one.
    for (let i = 0; i < 5; i++) attempt(limiter, net('10.200.0.1'));
    time.now += 24 * 60 * 60_000;
    attempt(limiter, net('10.200.0.2'));
    expect(limiter.clients).toBeLessThanOrEqual(2);
  });
});
