/** Health, settings, PIN checks (hashing, lockout), date and time, reset, shutdown and the HTTP conventions. */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSim, type TestSim, wsProbe } from './helpers';

let t: TestSim;
beforeAll(async () => {
  t = await startTestSim({ speed: 200 });
});
afterAll(() => t.close());

const empty = {
  language: null,
  country: null,
  robot_name: null,
  admin_name: null,
  accepted_terms_of_service: null,
  has_superadmin_pin: false,
  load_location_layout_left: null,
  load_location_layout_right: null,
};

describe('conventions', () => {
  it('answers /healthz', async () => {
    const r = await t.call('GET', '/healthz');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { ok: true } });
    expect(r.headers.get('content-type')).toContain('application/json');
  });

  it('answers 404 not_found for unknown API paths and 405 for a wrong method', async () => {
    expect(await t.call('GET', '/api/nothing/here')).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
    expect(await t.call('GET', '/api')).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
    expect(await t.call('DELETE', '/api/settings')).toMatchObject({ status: 405, body: { error: { code: 'method_not_allowed' } } });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const r = await t.call('PATCH', '/api/settings', '{"robot_name": ');
    expect(r).toMatchObject({ status: 400, body: { error: { code: 'invalid_request', message: 'body: not valid JSON' } } });
  });

  it('keeps the control surface off unless enabled', async () => {
    const off = await startTestSim({ control: false });
    try {
      expect((await off.call('POST', '/control/push', { event: 'x' })).status).toBe(404);
      expect((await off.call('GET', '/control/state')).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('settings', () => {
  it('starts empty, with every field null', async () => {
    expect((await t.call('GET', '/api/settings')).body).toEqual({ data: empty });
  });

  it('patches any subset and answers the whole settings', async () => {
    const r = await t.call('PATCH', '/api/settings', { language: 'it', robot_name: '  Robo  ', load_location_layout_left: 2 });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ ...empty, language: 'it', robot_name: 'Robo', load_location_layout_left: 2 });
    const r2 = await t.call('PATCH', '/api/settings', { country: 'CH', accepted_terms_of_service: true, admin_name: 'Alex', load_location_layout_right: 0 });
    expect(r2.body.data).toMatchObject({ language: 'it', country: 'CH', accepted_terms_of_service: true, load_location_layout_right: 0 });
    expect((await t.call('PATCH', '/api/settings', { country: null })).body.data.country).toBeNull();
    // Echoing back the read-only flag is harmless.
    expect((await t.call('PATCH', '/api/settings', { has_superadmin_pin: true })).body.data.has_superadmin_pin).toBe(false);
  });

  it.each([
    [{ language: 'de' }, 'language'],
    [{ country: 'FR' }, 'country'],
    [{ robot_name: '   ' }, 'robot_name'],
    [{ admin_name: 7 }, 'admin_name'],
    [{ accepted_terms_of_service: 'yes' }, 'accepted_terms_of_service'],
    [{ load_location_layout_left: 3 }, 'load_location_layout_left'],
    [{ superadmin_pin: '12345' }, 'superadmin_pin'],
    [{ superadmin_pin: '12345a' }, 'superadmin_pin'],
    [{ robot_name: 'ok', colour: 'red' }, 'colour'],
    [[1, 2], 'body'],
  ])('refuses %j naming %s, and changes nothing', async (body, field) => {
    const before = (await t.call('GET', '/api/settings')).body.data;
    const r = await t.call('PATCH', '/api/settings', body);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('invalid_request');
    expect(r.body.error.message).toContain(field);
    expect((await t.call('GET', '/api/settings')).body.data).toEqual(before);
  });

  it('stores the PIN as a salted scrypt hash and never returns it', async () => {
    const r = await t.call('PATCH', '/api/settings', { superadmin_pin: '246810' });
    expect(r.body.data.has_superadmin_pin).toBe(true);
    expect(JSON.stringify(r.body)).not.toContain('246810');
    expect(JSON.stringify((await t.call('GET', '/api/settings')).body)).not.toContain('246810');
    const db = new Database(t.dbPath, { readonly: true });
    const rows = db.prepare('SELECT key, value FROM settings').all() as { key: string; value: string }[];
    db.close();
    const stored = rows.find((x) => x.key === 'superadmin_pin_hash')?.value ?? '';
    expect(stored).toMatch(/^scrypt\$\d+\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(rows.map((x) => x.value).join()).not.toContain('246810');
  });
});

describe('auth', () => {
  it('checks the first-access demo PIN while no PIN exists; once one does, every PIN is answered false', async () => {
    const fresh = await startTestSim();
    try {
      expect((await fresh.call('POST', '/api/auth', { pin: '123456' })).body).toEqual({ data: { isCorrect: true } });
      expect((await fresh.call('POST', '/api/auth', { pin: '654321' })).body).toEqual({ data: { isCorrect: false } });
    } finally {
      await fresh.close();
    }
    // `t` has a PIN (246810, set above): the demo PIN is no longer right (api.md "Whose tries count").
    expect((await t.call('POST', '/api/auth', { pin: '123456' })).body).toEqual({ data: { isCorrect: false } });
    expect((await t.call('POST', '/api/auth', { pin: 123456 })).status).toBe(400);
    expect((await t.call('POST', '/api/auth', {})).body.error.message).toContain('pin');
  });

  it('is never correct at login before a super administrator PIN exists', async () => {
    const fresh = await startTestSim();
    try {
      expect((await fresh.call('POST', '/api/auth/login', { pin: '123456' })).body.data).toEqual({ isCorrect: false });
    } finally {
      await fresh.close();
    }
  });

  it('checks the login PIN, locks for 30 s after 5 wrong tries in a row', async () => {
    // A PIN exists (246810, set above): changing it takes the one in force.
    expect((await t.call('PATCH', '/api/settings', { superadmin_pin: '111111', current_pin: '246810' })).status).toBe(200);
    expect((await t.call('POST', '/api/auth/login', { pin: '111111' })).body.data.isCorrect).toBe(true);
    // A correct PIN resets the count: 4 wrong, 1 right, 4 wrong is still no lockout.
    for (let i = 0; i < 4; i++) expect((await t.call('POST', '/api/auth/login', { pin: '000000' })).body.data.isCorrect).toBe(false);
    expect((await t.call('POST', '/api/auth/login', { pin: '111111' })).body.data.isCorrect).toBe(true);
    for (let i = 0; i < 5; i++) expect((await t.call('POST', '/api/auth/login', { pin: '000000' })).status).toBe(200);
    const locked = await t.call('POST', '/api/auth/login', { pin: '111111' });
    expect(locked).toMatchObject({ status: 429, body: { error: { code: 'too_many_attempts' } } });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThanOrEqual(30);
  });

  it('the lockout runs on real time: SIM_SPEED does not shorten it; 30 s later a login is judged again', async () => {
    const time = { now: 0, monoNow: () => time.now };
    const fast = await startTestSim({ demo: true, speed: 200, sessionTime: time });
    try {
      for (let i = 0; i < 5; i++) expect((await fast.anon('POST', '/api/auth/login', { pin: '000000' })).body.data.isCorrect).toBe(false);
      // At speed 200 the old simulated-clock lockout was over in 150 ms; this one is not, a second later.
      await new Promise((ok) => setTimeout(ok, 1_000));
      expect((await fast.anon('POST', '/api/auth/login', { pin: '123456' })).status).toBe(429);
      time.now += 60_000; // past the 30 s, and past the 60 s the try above earned
      expect((await fast.anon('POST', '/api/auth/login', { pin: '123456' })).body.data.isCorrect).toBe(true);
    } finally {
      await fast.close();
    }
  });
});

describe('date, reset, shutdown', () => {
  it('sets the robot clock', async () => {
    expect((await t.call('POST', '/api/datetime', { date: '2030-05-06', time: '07:08' })).body).toEqual({ data: {} });
    const simTime = (await t.call('GET', '/control/state')).body.data.sim_time as string;
    expect(simTime.startsWith('2030-05-06T07:')).toBe(true);
    for (const body of [{ date: '2030-5-6', time: '07:08' }, { date: '2030-05-06', time: '25:00' }, { date: '2030-02-31', time: '07:08' }, { date: '2030-05-06' }])
      expect((await t.call('POST', '/api/datetime', body)).status).toBe(400);
    await t.call('POST', '/api/datetime', { date: new Date().toISOString().slice(0, 10), time: new Date().toISOString().slice(11, 16) });
  });

  it('answers reset-prize', async () => {
    expect((await t.call('GET', '/api/reset-prize')).body).toEqual({ data: {} });
  });

  it('powers the robot off and on again on shutdown', async () => {
    const ws = await wsProbe(t);
    expect((await t.call('PUT', '/api/system/shutdown')).body).toEqual({ data: {} });
    await ws.waitFor('robot/disconnected');
    await ws.waitFor('robot/connected', () => true, 5000, ws.events().indexOf('robot/disconnected'));
    expect(ws.events().lastIndexOf('robot/connected')).toBeGreaterThan(ws.events().indexOf('robot/disconnected'));
    ws.close();
  });
});
