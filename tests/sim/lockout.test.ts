/**
 * The PIN lockout over HTTP (api.md "Whose tries count", issue 40): the reset trick is gone, each client has its
 * own count with the growing wait, the network's ceiling, the robot's own screen untouched by the network, and
 * the PIN checks off the event loop. Devices elsewhere are played from 127.0.0.2 and up (pinClients.ts); the
 * same rules from a real network namespace are in lockoutNetns.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestSim, type TestSim } from './helpers';
import { callFrom, loginFrom, robotScreenIs127001, virtualTime } from './pinClients';

let t: TestSim | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const WRONG = '000000';
const RIGHT = '123456'; // the demo robot's PIN (demoSeed), also the first-access demo PIN

describe('the reset trick (issue 40) is gone', () => {
  for (const [who, from] of [
    ['the robot’s own screen', '127.0.0.1'],
    ['a device on the network', '127.0.0.2'],
  ] as const)
    it(`${who}: once a PIN exists the demo PIN at POST api/auth is answered false, opens nothing and counts`, async () => {
      t = await startTestSim({ demo: true, isRobotScreen: robotScreenIs127001 });
      for (let i = 0; i < 4; i++) expect((await loginFrom(t.base, from, WRONG)).isCorrect).toBe(false);
      const demo = await loginFrom(t.base, from, RIGHT, '/api/auth');
      expect([demo.status, demo.isCorrect, demo.cookie]).toEqual([200, false, undefined]);
      // That was the fifth wrong PIN: the right one is now refused, not judged.
      const locked = await loginFrom(t.base, from, RIGHT);
      expect([locked.status, locked.code]).toEqual([429, 'too_many_attempts']);
      expect(locked.cookie).toBeUndefined();
    });
});

describe('each client its own count', () => {
  it('a device locked out does not lock out another, nor the robot’s own screen', async () => {
    t = await startTestSim({ demo: true, isRobotScreen: robotScreenIs127001 });
    for (let i = 0; i < 5; i++) expect((await loginFrom(t.base, '127.0.0.2', WRONG)).isCorrect).toBe(false);
    expect((await loginFrom(t.base, '127.0.0.2', RIGHT)).status).toBe(429);
    expect((await loginFrom(t.base, '127.0.0.3', RIGHT)).isCorrect).toBe(true);
    const screen = await loginFrom(t.base, '127.0.0.1', RIGHT);
    expect(screen.isCorrect).toBe(true);
    expect((await callFrom(t.base, '127.0.0.1', 'GET', '/api/destinations', undefined, screen.cookie)).status).toBe(200);
  });

  it('the wait grows: 30 s, then 60 s, 120 s for a client that keeps guessing; tries meanwhile are not counted', async () => {
    const time = virtualTime();
    t = await startTestSim({ demo: true, isRobotScreen: robotScreenIs127001, sessionTime: time, speed: 100 });
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 5; i++) expect((await loginFrom(t.base, '127.0.0.2', WRONG)).isCorrect).toBe(false);
      const refused = await loginFrom(t.base, '127.0.0.2', RIGHT);
      expect(refused.status).toBe(429);
      waits.push(Number(refused.retryAfter));
      // Just before the end: still refused (SIM_SPEED 100 makes no difference, the lockout runs on real time).
      time.now += Number(refused.retryAfter) * 1000 - 1_000;
      expect((await loginFrom(t.base, '127.0.0.2', RIGHT)).status).toBe(429);
      time.now += 1_000;
    }
    expect(waits).toEqual([30, 60, 120]);
    // A right PIN is judged after the wait, and starts the doubling over.
    expect((await loginFrom(t.base, '127.0.0.2', RIGHT)).isCorrect).toBe(true);
    for (let i = 0; i < 5; i++) await loginFrom(t.base, '127.0.0.2', WRONG);
    expect((await loginFrom(t.base, '127.0.0.2', RIGHT)).retryAfter).toBe('30');
  });

  it('wrong current PINs (PIN change) count with wrong logins of the same client', async () => {
    t = await startTestSim({ demo: true, isRobotScreen: robotScreenIs127001 });
    const device = (await loginFrom(t.base, '127.0.0.2', RIGHT)).cookie;
    for (let i = 0; i < 3; i++)
      expect((await callFrom(t.base, '127.0.0.2', 'PATCH', '/api/settings', { superadmin_pin: '654321', current_pin: WRONG }, device)).status).toBe(403);
    for (let i = 0; i < 2; i++) expect((await loginFrom(t.base, '127.0.0.2', WRONG)).isCorrect).toBe(false);
    const change = await callFrom(t.base, '127.0.0.2', 'PATCH', '/api/settings', { superadmin_pin: '654321', current_pin: RIGHT }, device);
    expect([change.status, change.body.error?.code]).toEqual([429, 'too_many_attempts']);
    expect(t.sim.app.store.settings.checkPin(RIGHT)).toBe(true);
  });
});

describe('the ceiling over the whole network', () => {
  it('20 wrong PINs an hour from the network, then every network login is 429 until the robot’s screen logs in', async () => {
    const time = virtualTime();
    t = await startTestSim({ demo: true, isRobotScreen: robotScreenIs127001, sessionTime: time });
    // Four devices, five wrong PINs each (each one then locked out on its own).
    for (const d of [2, 3, 4, 5]) for (let i = 0; i < 5; i++) expect((await loginFrom(t.base, `127.0.0.${d}`, WRONG)).isCorrect).toBe(false);
    const fresh = await loginFrom(t.base, '127.0.0.6', RIGHT);
    expect([fresh.status, fresh.code]).toEqual([429, 'too_many_attempts']);
    expect(Number(fresh.retryAfter)).toBeGreaterThan(3_500);
    // The robot's own screen is not held by it; its right PIN lifts the ceiling.
    expect((await loginFrom(t.base, '127.0.0.1', RIGHT)).isCorrect).toBe(true);
    expect((await loginFrom(t.base, '127.0.0.6', RIGHT)).isCorrect).toBe(true);
  });

  it('or until the hour has passed', async () => {
    const time = virtualTime();
    t = await startTestSim({ demo: true, isRobotScreen: robotScreenIs127001, sessionTime: time });
    for (const d of [2, 3, 4, 5]) for (let i = 0; i < 5; i++) await loginFrom(t.base, `127.0.0.${d}`, WRONG);
    time.now += 59 * 60_000;
    expect((await loginFrom(t.base, '127.0.0.6', RIGHT)).status).toBe(429);
    time.now += 60_000;
    expect((await loginFrom(t.base, '127.0.0.6', RIGHT)).isCorrect).toBe(true);
  });
});

describe('the PIN check runs off the event loop', () => {
  it('/healthz answers while 20 scrypt checks are under way', async () => {
    t = await startTestSim({ demo: true, isRobotScreen: robotScreenIs127001 });
    const base = t.base;
    // Four devices, five checks each, all at once: 20 checks, none refused (the ceiling is 20).
    const started = performance.now();
    let checksDone = 0;
    const checks = [2, 3, 4, 5].flatMap((d) =>
      Array.from({ length: 5 }, (_, i) => loginFrom(base, `127.0.0.${d}`, i === 4 ? RIGHT : WRONG).then((r) => (checksDone++, r))),
    );
    await new Promise((ok) => setTimeout(ok, 20));
    const health: number[] = [];
    for (let i = 0; i < 5; i++) {
      const at = performance.now();
      expect((await callFrom(base, '127.0.0.1', 'GET', '/healthz')).status).toBe(200);
      health.push(performance.now() - at);
    }
    const doneAtHealth = checksDone;
    const answers = await Promise.all(checks);
    const allChecks = performance.now() - started;
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.isCorrect)).toHaveLength(4);
    // Every /healthz was answered while checks were still waiting, each far quicker than the checks took.
    expect(doneAtHealth).toBeLessThan(20);
    expect(Math.max(...health)).toBeLessThan(allChecks / 4);
    console.log(`20 PIN checks: ${allChecks.toFixed(0)} ms; /healthz meanwhile: ${health.map((h) => h.toFixed(1)).join(', ')} ms`);
  });
});
