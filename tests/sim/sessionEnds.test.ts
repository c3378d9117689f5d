/**
 * How sessions end besides logout and the idle time (api.md "Sessions", issue 40): 12 hours after their login
 * whatever their activity, and when another session sets or changes the PIN. Their teleop sockets close with
 * them; their `/ws` sockets carry only the public frames from then on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { call, login, Probe, startTestSim, type TestSim, until } from './helpers';
import { virtualTime } from './pinClients';

let t: TestSim | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const teleop = async (s: TestSim, cookie: string) => {
  const p = new Probe(`ws://127.0.0.1:${s.sim.teleopPort}`, cookie);
  await p.opened;
  return p;
};
const closeCode = (p: Probe) => new Promise<number>((ok) => (p.closed ? ok(-1) : p.ws.once('close', (code) => ok(code))));
const active = async (s: TestSim, cookie: string) => (await call(s.base, 'GET', '/api/auth/session', undefined, cookie)).body.data.active as boolean;

describe('12 hours after its login a session ends, whatever its activity', () => {
  it('calls every few minutes and an open teleop socket do not keep it; the socket is closed when it ends', async () => {
    const time = virtualTime();
    t = await startTestSim({ demo: true, sessionTime: time });
    const busy = await login(t.base);
    const socket = await teleop(t, busy);
    const closed = closeCode(socket);
    // Busy all day: a call every 10 minutes for 12 hours less a minute.
    for (let minutes = 0; minutes < 12 * 60 - 1; minutes += 10) {
      time.now = minutes * 60_000;
      expect((await call(t.base, 'GET', '/api/destinations', undefined, busy)).status).toBe(200);
    }
    time.now = 12 * 60 * 60_000;
    // No call needed: the sessions' sweep (every 5 s of real time) finds it ended and closes its socket.
    expect(await closed).toBe(4401);
    expect((await call(t.base, 'GET', '/api/destinations', undefined, busy)).status).toBe(401);
    // A new login is a new 12 hours.
    expect((await call(t.base, 'GET', '/api/destinations', undefined, await login(t.base))).status).toBe(200);
  });
});

describe('a PIN set or changed ends every other session', () => {
  it('a PIN change: the others’ next call is 401 and their teleop sockets close; the changing session stays', async () => {
    t = await startTestSim({ demo: true });
    const installer = await login(t.base);
    const other = await login(t.base);
    const watcher = await login(t.base);
    const otherSocket = await teleop(t, other);
    const closed = closeCode(otherSocket);
    const changed = await call(t.base, 'PATCH', '/api/settings', { superadmin_pin: '654321', current_pin: '123456' }, installer);
    expect(changed.status).toBe(200);
    expect(await closed).toBe(4401);
    expect((await call(t.base, 'GET', '/api/destinations', undefined, other)).status).toBe(401);
    expect((await call(t.base, 'GET', '/api/destinations', undefined, watcher)).status).toBe(401);
    expect(await active(t, installer)).toBe(true);
    expect((await call(t.base, 'GET', '/api/destinations', undefined, installer)).status).toBe(200);
  });

  it('first use: a first-access session taken during set-up ends when the installer sets the PIN from another', async () => {
    t = await startTestSim({ reset: true });
    const installer = await login(t.base, '123456', '/api/auth');
    const intruder = await login(t.base, '123456', '/api/auth');
    const socket = await teleop(t, intruder);
    const closed = closeCode(socket);
    expect((await call(t.base, 'PATCH', '/api/settings', { superadmin_pin: '246810' }, installer)).status).toBe(200);
    expect(await closed).toBe(4401);
    expect(await active(t, intruder)).toBe(false);
    expect((await call(t.base, 'POST', '/api/mapping/start', undefined, intruder)).status).toBe(401);
    // The installer carries on with the wizard.
    expect((await call(t.base, 'PATCH', '/api/settings', { accepted_terms_of_service: true }, installer)).status).toBe(200);
  });

  it('a /ws socket of an ended session, from a device elsewhere, gets only the public frames from then on', async () => {
    t = await startTestSim({ demo: true, isRobotScreen: () => false });
    const installer = await login(t.base);
    const other = await login(t.base);
    const ws = new Probe(`${t.base.replace(/^http/, 'ws')}/ws`, other);
    await ws.opened;
    const push = (event: string) => t!.call('POST', '/control/push', { event, data: {} });
    await push('robot/userFollowed');
    await ws.waitFor('robot/userFollowed', undefined, 5_000);
    expect((await call(t.base, 'PATCH', '/api/settings', { superadmin_pin: '654321', current_pin: '123456' }, installer)).status).toBe(200);
    const seen = ws.frames.length;
    await push('robot/userFollowed');
    await push('robot/battery_state');
    await until(() => ws.frames.slice(seen).some((f) => f.event === 'robot/battery_state'), 5_000);
    expect(ws.frames.slice(seen).map((f) => f.event)).not.toContain('robot/userFollowed');
    ws.close();
  });
});
