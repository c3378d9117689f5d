/**
 * The back end's sessions (api.md "Sessions", issue 35), through real logins over HTTP: every refused call is
 * answered 401 (or 403) and changes nothing, which each test reads back with a live session.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { call, cookieOf, login, startTestSim, type TestSim } from './helpers';
import type { MonoTime } from '../../backend/clock';

let t: TestSim | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

/** A clock for the idle end that the test moves by hand. */
function virtualTime(): MonoTime & { now: number } {
  const c = { now: 0, monoNow: () => c.now };
  return c;
}

const names = async (s: TestSim) => ((await s.call('GET', '/api/destinations')).body.data as { name: string }[]).map((d) => d.name);

describe('a demo robot (a PIN exists)', () => {
  it('without a session every call but the public ones is 401 and changes nothing', async () => {
    t = await startTestSim({ demo: true });
    const before = await names(t);
    const robotName = (await t.anon('GET', '/api/settings')).body.data.robot_name;
    const refused = await Promise.all([
      t.anon('DELETE', `/api/destination/1`),
      t.anon('POST', '/api/mapping/start'),
      t.anon('PUT', '/api/current_mission/pause'),
      t.anon('PATCH', '/api/settings', { robot_name: 'Taken over' }),
      t.anon('PATCH', '/api/settings', { superadmin_pin: '654321' }),
      t.anon('POST', '/api/datetime', { date: '2026-01-01', time: '10:00' }),
      t.anon('GET', '/api/missions/definitions'),
      t.anon('GET', '/api/recipients'),
    ]);
    for (const r of refused) expect([r.status, r.body.error?.code]).toEqual([401, 'unauthenticated']);
    expect(await names(t)).toEqual(before);
    expect((await t.anon('GET', '/api/settings')).body.data.robot_name).toBe(robotName);
    // The old PIN still logs in; the one a device tried to set does not.
    await expect(login(t.base, '654321')).rejects.toThrow();
    expect(await login(t.base, '123456')).toMatch(/^kiosk_session=/);
    // The public calls answer.
    for (const [m, p] of [['GET', '/healthz'], ['GET', '/api/settings'], ['GET', '/api/auth/session']] as const) expect((await t.anon(m, p)).status).toBe(200);
  });

  it('a right PIN sets an HttpOnly, SameSite=Strict cookie of at least 128 bits; a wrong one sets none', async () => {
    t = await startTestSim({ demo: true });
    const wrong = await fetch(`${t.base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"pin":"000000"}' });
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const right = await fetch(`${t.base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"pin":"123456"}' });
    const set = right.headers.get('set-cookie') ?? '';
    expect(set).toMatch(/^kiosk_session=[A-Za-z0-9_-]{22,}; HttpOnly; SameSite=Strict; Path=\/$/);
    // Nothing of the id in the answer's body.
    const id = set.split(';')[0]!.split('=')[1]!;
    expect(JSON.stringify(await right.json())).not.toContain(id);
  });

  it('two sessions at once; a logout ends only its own, and the ended cookie then gets 401', async () => {
    t = await startTestSim({ demo: true });
    const a = await login(t.base);
    const b = await login(t.base);
    expect(a).not.toBe(b);
    expect((await call(t.base, 'GET', '/api/destinations', undefined, a)).status).toBe(200);
    expect((await call(t.base, 'GET', '/api/destinations', undefined, b)).status).toBe(200);
    const out = await fetch(`${t.base}/api/auth/logout`, { method: 'POST', headers: { cookie: a } });
    expect(out.headers.get('set-cookie')).toMatch(/^kiosk_session=; .*Max-Age=0/);
    expect((await call(t.base, 'GET', '/api/auth/session', undefined, a)).body.data).toEqual({ active: false });
    expect((await call(t.base, 'GET', '/api/auth/session', undefined, b)).body.data).toEqual({ active: true });
    const before = await names(t);
    const refused = await call(t.base, 'DELETE', '/api/destination/1', undefined, a);
    expect(refused.status).toBe(401);
    expect(await names(t)).toEqual(before);
  });

  it('a session ends after 15 minutes with no call, not while a socket of its own is open', async () => {
    const clock = virtualTime();
    t = await startTestSim({ demo: true, sessionTime: clock });
    const idle = await login(t.base);
    const held = await login(t.base);
    const ws = new WebSocket(`${t.base.replace(/^http/, 'ws')}/ws`, { headers: { cookie: held } });
    await new Promise((ok) => ws.once('open', ok));
    clock.now += 14 * 60_000;
    expect((await call(t.base, 'GET', '/api/auth/session', undefined, idle)).body.data).toEqual({ active: true });
    // That call was activity: 15 minutes from it.
    clock.now += 15 * 60_000 + 1;
    expect((await call(t.base, 'GET', '/api/destinations', undefined, idle)).status).toBe(401);
    expect((await call(t.base, 'GET', '/api/destinations', undefined, held)).status).toBe(200);
    ws.close();
  });

  it('changing the PIN needs the current one: none or a wrong one is 403 wrong_pin and counts towards the lockout', async () => {
    t = await startTestSim({ demo: true });
    const none = await t.call('PATCH', '/api/settings', { superadmin_pin: '654321' });
    expect([none.status, none.body.error?.code]).toEqual([403, 'wrong_pin']);
    for (let i = 0; i < 4; i++) {
      const wrong = await t.call('PATCH', '/api/settings', { superadmin_pin: '654321', current_pin: '000000' });
      expect([wrong.status, wrong.body.error?.code]).toEqual([403, 'wrong_pin']);
    }
    // The fifth wrong PIN, through the login this time, locks every PIN check.
    expect((await t.anon('POST', '/api/auth/login', { pin: '000000' })).body.data).toEqual({ isCorrect: false });
    const locked = await t.call('PATCH', '/api/settings', { superadmin_pin: '654321', current_pin: '123456' });
    expect(locked.status).toBe(429);
    expect((await t.anon('POST', '/api/auth/login', { pin: '654321' })).status).toBe(429);
    expect(t.sim.app.store.settings.checkPin('123456')).toBe(true);
    expect(t.sim.app.store.settings.checkPin('654321')).toBe(false);
  });

  it('POST api/auth/check: the PIN in force for a session holder, counted like a login, with no new session (issue 42)', async () => {
    t = await startTestSim({ demo: true });
    expect((await t.anon('POST', '/api/auth/check', { pin: '123456' })).status).toBe(401);
    const right = await t.call('POST', '/api/auth/check', { pin: '123456' });
    expect([right.status, right.body.data]).toEqual([200, { isCorrect: true }]);
    expect(right.headers.get('set-cookie')).toBeNull();
    for (let i = 0; i < 4; i++) expect((await t.call('POST', '/api/auth/check', { pin: '000000' })).body.data).toEqual({ isCorrect: false });
    // The fifth wrong PIN, through the login this time, locks the check too.
    expect((await t.anon('POST', '/api/auth/login', { pin: '000000' })).body.data).toEqual({ isCorrect: false });
    expect((await t.call('POST', '/api/auth/check', { pin: '123456' })).status).toBe(429);
    expect((await t.call('POST', '/api/auth/check', { pin: 12 })).status).toBe(400);
  });

  it('the right current PIN changes it', async () => {
    t = await startTestSim({ demo: true });
    const ok = await t.call('PATCH', '/api/settings', { superadmin_pin: '654321', current_pin: '123456' });
    expect(ok.status).toBe(200);
    expect(JSON.stringify(ok.body)).not.toMatch(/654321|123456/);
    expect(await login(t.base, '654321')).toMatch(/^kiosk_session=/);
    await expect(login(t.base, '123456')).rejects.toThrow();
  });

  it('the forged-request guards come first: another site without a session is 403 forbidden_origin, not 401', async () => {
    t = await startTestSim({ demo: true });
    const r = await fetch(`${t.base}/api/destinations`, { headers: { origin: 'http://evil.example' } });
    expect(r.status).toBe(403);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe('forbidden_origin');
  });
});

describe('first use (no PIN yet)', () => {
  it('the wizard’s early steps are public; the demo PIN gives the session that creates the PIN; then it gives none', async () => {
    t = await startTestSim({ reset: true });
    expect((await t.anon('PATCH', '/api/settings', { language: 'it', robot_name: 'Nodo' })).status).toBe(200);
    expect((await t.anon('POST', '/api/datetime', { date: '2026-11-28', time: '10:00' })).status).toBe(200);
    // Creating the PIN without a session is refused, and no PIN exists after it.
    expect((await t.anon('PATCH', '/api/settings', { superadmin_pin: '246810' })).status).toBe(401);
    expect((await t.anon('GET', '/api/settings')).body.data.has_superadmin_pin).toBe(false);
    // Everything else needs the session even now.
    expect((await t.anon('POST', '/api/mapping/start')).status).toBe(401);
    const wizard = await login(t.base, '123456', '/api/auth');
    expect((await call(t.base, 'PATCH', '/api/settings', { superadmin_pin: '246810' }, wizard)).status).toBe(200);
    expect((await t.anon('GET', '/api/settings')).body.data).toMatchObject({ has_superadmin_pin: true, robot_name: 'Nodo' });
    // Once a PIN exists: the demo PIN opens no session, and the early steps need one.
    const again = await fetch(`${t.base}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"pin":"123456"}' });
    expect(cookieOf(again)).toBeUndefined();
    expect((await t.anon('PATCH', '/api/settings', { robot_name: 'Taken' })).status).toBe(401);
    expect((await t.anon('GET', '/api/settings')).body.data.robot_name).toBe('Nodo');
  });

  it('wrong first-access PINs count towards the lockout', async () => {
    t = await startTestSim({ reset: true });
    for (let i = 0; i < 5; i++) expect((await t.anon('POST', '/api/auth', { pin: '000000' })).body.data).toEqual({ isCorrect: false });
    expect((await t.anon('POST', '/api/auth', { pin: '123456' })).status).toBe(429);
  });
});

describe("the robot's own screen", () => {
  it('from loopback: the current mission without a session; from elsewhere: 401', async () => {
    t = await startTestSim({ demo: true });
    expect((await t.anon('GET', '/api/current_mission')).status).toBe(200);
    await t.close();
    t = await startTestSim({ demo: true, isRobotScreen: () => false });
    expect((await t.anon('GET', '/api/current_mission')).status).toBe(401);
    expect((await t.call('GET', '/api/current_mission')).status).toBe(200);
  });

  it('/ws from elsewhere without a session carries only connection and battery frames', async () => {
    t = await startTestSim({ demo: true, isRobotScreen: () => false });
    const seen: string[] = [];
    const ws = new WebSocket(`${t.base.replace(/^http/, 'ws')}/ws`);
    ws.on('message', (data) => seen.push((JSON.parse(String(data)) as { event: string }).event));
    await new Promise((ok) => ws.once('open', ok));
    const push = (event: string, data: unknown) => t!.call('POST', '/control/push', { event, data });
    await push('robot/alert_update', { activated_errors: ['node_lost'], activated_warnings: [], resolved_errors: [], resolved_warnings: [] });
    await push('movement/started', { mission_definition_id: 1, step_index: 0 });
    await push('robot/battery_state', { batteries: [{ charge: 0.5, health: 0.9 }] });
    const end = Date.now() + 5_000;
    while (!seen.includes('robot/battery_state') && Date.now() < end) await new Promise((ok) => setTimeout(ok, 20));
    ws.close();
    expect(seen).toContain('robot/battery_state');
    for (const e of seen) expect(e).toMatch(/^(backend\/|robot\/connected|robot\/disconnected|robot\/battery_state)/);
  });
});
