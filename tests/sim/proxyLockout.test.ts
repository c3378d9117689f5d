/**
 * The pass-through server's own lockout and PIN rules (api.md "Left running on a network": it applies the same
 * rules as the back end it stands for), in front of a robot whose back end does not lock anyone out, as an older
 * one would not: every refusal below is the pass-through's own.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LoginLimiter } from '../../backend/http/loginLimiter';
import { startProxy, type ProxyServer } from '../../backend/proxy';
import { startTestSim, type TestSim } from './helpers';
import { callFrom, loginFrom, robotScreenIs127001 } from './pinClients';

let robot: TestSim;
let proxy: ProxyServer;
beforeEach(async () => {
  robot = await startTestSim({ demo: true, speed: 5 });
  // A lax robot: its own limiter never refuses.
  robot.sim.app.login = new LoginLimiter(undefined, { maxWrong: 1e9, ceiling: 1e9 });
  proxy = await startProxy({ backend: robot.base, teleop: `ws://127.0.0.1:${robot.sim.teleopPort}`, port: 0, teleopPort: 0, staticDir: robot.dir, isRobotScreen: robotScreenIs127001 });
});
afterEach(async () => {
  await proxy.close();
  await robot.close();
});

const WRONG = '000000';
const RIGHT = '123456';

describe('the pass-through’s lockout', () => {
  it('no reset trick: once a PIN exists POST api/auth is answered false and counts', async () => {
    for (let i = 0; i < 4; i++) expect((await loginFrom(proxy.url, '127.0.0.2', WRONG)).isCorrect).toBe(false);
    const demo = await loginFrom(proxy.url, '127.0.0.2', RIGHT, '/api/auth');
    expect([demo.status, demo.isCorrect, demo.cookie]).toEqual([200, false, undefined]);
    const locked = await loginFrom(proxy.url, '127.0.0.2', RIGHT);
    expect([locked.status, locked.code, locked.retryAfter]).toEqual([429, 'too_many_attempts', '30']);
  });

  it('a device locked out leaves other devices and the robot’s own screen their logins', async () => {
    for (let i = 0; i < 5; i++) await loginFrom(proxy.url, '127.0.0.2', WRONG);
    expect((await loginFrom(proxy.url, '127.0.0.2', RIGHT)).status).toBe(429);
    expect((await loginFrom(proxy.url, '127.0.0.3', RIGHT)).isCorrect).toBe(true);
    const screen = await loginFrom(proxy.url, '127.0.0.1', RIGHT);
    expect(screen.isCorrect).toBe(true);
    expect((await callFrom(proxy.url, '127.0.0.1', 'GET', '/api/destinations', undefined, screen.cookie)).status).toBe(200);
  });

  it('the ceiling: 20 wrong PINs from the network, then every network login is 429 until the robot’s screen logs in', async () => {
    for (const d of [2, 3, 4, 5]) for (let i = 0; i < 5; i++) expect((await loginFrom(proxy.url, `127.0.0.${d}`, WRONG)).isCorrect).toBe(false);
    expect((await loginFrom(proxy.url, '127.0.0.6', RIGHT)).status).toBe(429);
    expect((await loginFrom(proxy.url, '127.0.0.1', RIGHT)).isCorrect).toBe(true);
    expect((await loginFrom(proxy.url, '127.0.0.6', RIGHT)).isCorrect).toBe(true);
  });

  it('wrong current PINs count; a PIN change ends the pass-through’s other sessions, not the changing one', async () => {
    const installer = (await loginFrom(proxy.url, '127.0.0.2', RIGHT)).cookie;
    const other = (await loginFrom(proxy.url, '127.0.0.3', RIGHT)).cookie;
    const change = (pin: string) => callFrom(proxy.url, '127.0.0.2', 'PATCH', '/api/settings', { superadmin_pin: '654321', current_pin: pin }, installer);
    for (let i = 0; i < 4; i++) expect((await change(WRONG)).status).toBe(403);
    expect((await change(RIGHT)).status).toBe(200);
    expect((await callFrom(proxy.url, '127.0.0.3', 'GET', '/api/destinations', undefined, other)).status).toBe(401);
    expect((await callFrom(proxy.url, '127.0.0.2', 'GET', '/api/destinations', undefined, installer)).status).toBe(200);
    // The right current PIN cleared the count: four more wrong ones are still judged.
    for (let i = 0; i < 4; i++) expect((await loginFrom(proxy.url, '127.0.0.2', WRONG)).isCorrect).toBe(false);
    expect((await loginFrom(proxy.url, '127.0.0.2', '654321')).isCorrect).toBe(true);
  });

  it('the PIN change’s first step (POST api/auth/check) counts like a login and starts no session', async () => {
    const operator = (await loginFrom(proxy.url, '127.0.0.2', RIGHT)).cookie;
    const check = (pin: string) => callFrom(proxy.url, '127.0.0.2', 'POST', '/api/auth/check', { pin }, operator);
    const right = await check(RIGHT);
    expect([right.status, right.body.data?.isCorrect, right.setCookie]).toEqual([200, true, []]);
    for (let i = 0; i < 5; i++) expect((await check(WRONG)).body.data?.isCorrect).toBe(false);
    expect((await check(RIGHT)).status).toBe(429);
    expect((await loginFrom(proxy.url, '127.0.0.2', RIGHT)).status).toBe(429);
  });

  it('five wrong current PINs lock the PIN change out, and nothing reaches the robot meanwhile', async () => {
    const installer = (await loginFrom(proxy.url, '127.0.0.2', RIGHT)).cookie;
    for (let i = 0; i < 5; i++)
      expect((await callFrom(proxy.url, '127.0.0.2', 'PATCH', '/api/settings', { superadmin_pin: '654321', current_pin: WRONG }, installer)).status).toBe(403);
    const refused = await callFrom(proxy.url, '127.0.0.2', 'PATCH', '/api/settings', { superadmin_pin: '654321', current_pin: RIGHT }, installer);
    expect([refused.status, refused.body.error?.code]).toEqual([429, 'too_many_attempts']);
    expect(robot.sim.app.store.settings.checkPin(RIGHT)).toBe(true);
  });
});
