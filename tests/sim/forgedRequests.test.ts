/**
 * Forged requests: what a page on another site can make the kiosk's browser send is refused, and changes
 * nothing; the app's own calls (same origin, JSON) and programs (no Origin) still work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSim, type TestSim } from './helpers';
import { raw as rawAnon, upgrade } from './rawClient';

const DEST = JSON.stringify({ name: 'Lab', x: 15.8, y: 2.2, orientation: 0, resolution: 0.05 });
const JSON_TYPE = { 'content-type': 'application/json' };

let t: TestSim;
let wsUrl: string;
let teleopUrl: string;
beforeAll(async () => {
  t = await startTestSim({ allowOrigins: ['http://localhost:5173'], allowHosts: ['kiosk.example.org', '.robots.example.net'] });
  wsUrl = t.base.replace(/^http/, 'ws') + '/ws';
  teleopUrl = `ws://127.0.0.1:${t.sim.teleopPort}`;
});
afterAll(() => t.close());

/** A raw request with the test's session: what is refused here is refused by the forged-request rules alone. */
const raw = (base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
  rawAnon(base, method, path, { cookie: t.cookie, ...headers }, body);

const destinations = async () => (await t.call('GET', '/api/destinations')).body.data as unknown[];
const mapping = async () => (await t.call('GET', '/control/state')).body.data.mapping as boolean;

describe('state-changing calls must declare a JSON body', () => {
  it.each([
    ['text/plain', 'text/plain;charset=UTF-8'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['a multipart form', 'multipart/form-data; boundary=x'],
    ['JSON in disguise', 'application/json-patch+json'],
  ])('refuses a JSON body sent as %s with 415 and creates nothing', async (_what, type) => {
    const r = await raw(t.base, 'POST', '/api/destination', { 'content-type': type }, DEST);
    expect(r.status).toBe(415);
    expect(r.body).toEqual({ error: { code: 'unsupported_media_type', message: expect.stringContaining('application/json') } });
    expect(await destinations()).toEqual([]);
  });

  it('refuses a body with no content type', async () => {
    const r = await raw(t.base, 'POST', '/api/destination', {}, DEST);
    expect(r).toMatchObject({ status: 415, body: { error: { code: 'unsupported_media_type', message: expect.stringContaining('no content type') } } });
    expect(await destinations()).toEqual([]);
  });

  it('takes a body-less POST, PUT, PATCH or DELETE with no content type (api.md: curl -X DELETE works)', async () => {
    expect(await raw(t.base, 'POST', '/api/mapping/start')).toMatchObject({ status: 200, body: { data: {} } });
    expect(await mapping()).toBe(true);
    expect((await raw(t.base, 'POST', '/api/mapping/stop')).status).toBe(200);
    expect(await mapping()).toBe(false);
    const made = await raw(t.base, 'POST', '/api/destination', JSON_TYPE, DEST);
    expect((await raw(t.base, 'DELETE', `/api/destination/${made.body.data.id}`)).status).toBe(200);
    // The first map started on a fresh robot made Base at its dock (issue 18); the destination made here is gone.
    expect((await destinations() as { name: string }[]).map((d) => d.name)).toEqual(['Base']);
    // Unknown id: the route answers, not the guard.
    expect(await raw(t.base, 'DELETE', '/api/destination/999')).toMatchObject({ status: 404 });
    // A body-less pause with no mission is the route's answer too (idle: nothing to pause, 409), not a 415.
    expect(await raw(t.base, 'PUT', '/api/current_mission/pause')).toMatchObject({ status: 409 });
  });

  it('refuses a declared type other than JSON even with no body, and a chunked body with no type', async () => {
    expect(await raw(t.base, 'POST', '/api/mapping/start', { 'content-type': 'text/plain' })).toMatchObject({
      status: 415,
      body: { error: { code: 'unsupported_media_type' } },
    });
    expect(await raw(t.base, 'DELETE', '/api/destination/1', { 'content-type': 'application/x-www-form-urlencoded' })).toMatchObject({ status: 415 });
    expect(await raw(t.base, 'POST', '/api/destination', { 'transfer-encoding': 'chunked' }, DEST)).toMatchObject({
      status: 415,
      body: { error: { message: expect.stringContaining('no content type') } },
    });
    expect(await mapping()).toBe(false);
    // Only the Base of the mapping started above: none of these refused calls made or deleted anything.
    expect((await destinations() as { name: string }[]).map((d) => d.name)).toEqual(['Base']);
  });

  it('refuses a body-less call from another site with 403 all the same', async () => {
    expect(await raw(t.base, 'DELETE', '/api/destination/1', { origin: 'http://evil.example' })).toMatchObject({
      status: 403,
      body: { error: { code: 'forbidden_origin' } },
    });
    expect(await raw(t.base, 'POST', '/api/mapping/start', { origin: 'http://evil.example' })).toMatchObject({ status: 403 });
    expect(await raw(t.base, 'PUT', '/api/current_mission/pause', { host: 'evil.example' })).toMatchObject({
      status: 403,
      body: { error: { code: 'forbidden_host' } },
    });
    expect(await mapping()).toBe(false);
  });

  it("takes JSON with a charset or in capitals, and the app's {} for a body-less call", async () => {
    const made = await raw(t.base, 'POST', '/api/destination', { 'content-type': 'Application/JSON; charset=utf-8' }, DEST);
    expect(made).toMatchObject({ status: 200, body: { data: { name: 'Lab' } } });
    expect(await raw(t.base, 'POST', '/api/mapping/start', JSON_TYPE, '{}')).toMatchObject({ status: 200, body: { data: {} } });
    expect(await mapping()).toBe(true);
    expect((await raw(t.base, 'POST', '/api/mapping/stop', JSON_TYPE, '{}')).status).toBe(200);
    expect((await raw(t.base, 'DELETE', `/api/destination/${made.body.data.id}`, JSON_TYPE)).status).toBe(200);
  });

  it('still answers reads with no content type', async () => {
    expect(await raw(t.base, 'GET', '/api/settings')).toMatchObject({ status: 200, body: { data: { has_superadmin_pin: false } } });
    expect((await raw(t.base, 'GET', '/healthz')).body).toEqual({ data: { ok: true } });
  });
});

describe('calls from another site', () => {
  it.each([
    ['another host', 'http://evil.example'],
    ['the same host on another port', 'http://127.0.0.1:1'],
    ['another scheme', 'https://127.0.0.1'],
    ['an opaque origin', 'null'],
  ])('refuses a call from %s with 403 and changes nothing', async (_what, origin) => {
    const r = await raw(t.base, 'POST', '/api/mapping/start', { ...JSON_TYPE, origin }, '{}');
    expect(r).toMatchObject({ status: 403, body: { error: { code: 'forbidden_origin', message: expect.stringContaining(origin) } } });
    expect(await mapping()).toBe(false);
    expect((await raw(t.base, 'GET', '/api/settings', { origin })).status).toBe(403);
    expect((await raw(t.base, 'POST', '/control/drop-sockets', { ...JSON_TYPE, origin }, '{}')).status).toBe(403);
  });

  it('compares the Origin with the Host the call was sent to', async () => {
    const port = new URL(t.base).port;
    // The app opened as http://localhost:PORT: Host and Origin agree.
    expect((await raw(t.base, 'GET', '/api/settings', { host: `localhost:${port}`, origin: `http://localhost:${port}` })).status).toBe(200);
    // A page of localhost calling 127.0.0.1 is another site, even if both are this machine.
    expect((await raw(t.base, 'GET', '/api/settings', { host: `127.0.0.1:${port}`, origin: `http://localhost:${port}` })).status).toBe(403);
  });

  it("lets the app's own calls and programs with no Origin through", async () => {
    expect((await raw(t.base, 'POST', '/api/auth', { ...JSON_TYPE, origin: t.base }, '{"pin":"123456"}')).body).toEqual({ data: { isCorrect: true } });
    expect((await raw(t.base, 'POST', '/api/auth', JSON_TYPE, '{"pin":"123456"}')).body).toEqual({ data: { isCorrect: true } });
  });

  it('lets an origin named with --allow-origin through', async () => {
    expect((await raw(t.base, 'GET', '/api/settings', { origin: 'http://localhost:5173' })).status).toBe(200);
  });
});

describe('sockets from another site', () => {
  it('refuses a /ws upgrade from another site with 403 and attaches nothing', async () => {
    for (const origin of ['http://evil.example', 'http://127.0.0.1:1', 'null']) expect(await upgrade(wsUrl, origin)).toBe(403);
    expect(t.sim.app.hub.size).toBe(0);
  });

  it("opens /ws for the app's own pages and for programs", async () => {
    expect(await upgrade(wsUrl, t.base)).toBe(101);
    expect(await upgrade(wsUrl)).toBe(101);
  });

  it("opens teleop only for pages of the app's own host and HTTP port", async () => {
    // The teleop socket listens on its own port: the app's page comes from the HTTP port of the same host.
    expect(await upgrade(teleopUrl, t.base, undefined, t.cookie)).toBe(101);
    expect(await upgrade(teleopUrl, undefined, undefined, t.cookie)).toBe(101);
    expect(await upgrade(teleopUrl, 'http://localhost:5173', undefined, t.cookie)).toBe(101);
    expect(await upgrade(teleopUrl, `http://127.0.0.1:${t.sim.teleopPort}`, undefined, t.cookie)).toBe(403);
    expect(await upgrade(teleopUrl, `http://localhost:${t.sim.port}`, undefined, t.cookie)).toBe(403);
    expect(await upgrade(teleopUrl, 'http://evil.example', undefined, t.cookie)).toBe(403);
  });
});

describe('a foreign name rebound onto the robot (DNS rebinding)', () => {
  // The attacker's page is served from evil.example, whose DNS then answers with the robot's address: its
  // calls reach the robot with Host and Origin both evil.example, so the Origin rule alone would pass them.
  const port = () => new URL(t.base).port;
  const rebound = () => ({ host: `evil.example:${port()}`, origin: `http://evil.example:${port()}` });

  it('refuses calls and reads sent to a host name the server does not answer to, with 403 and a way out', async () => {
    const r = await raw(t.base, 'POST', '/api/mapping/start', { ...JSON_TYPE, ...rebound() }, '{}');
    expect(r).toMatchObject({ status: 403, body: { error: { code: 'forbidden_host', message: expect.stringContaining('--allow-host') } } });
    expect(await mapping()).toBe(false);
    expect((await raw(t.base, 'GET', '/api/settings', rebound())).status).toBe(403);
    // The pages and the log are not handed to it either.
    expect((await raw(t.base, 'GET', '/', rebound())).status).toBe(403);
  });

  it('refuses /ws and teleop upgrades sent to that name', async () => {
    expect(await upgrade(wsUrl, `http://evil.example:${port()}`, `evil.example:${port()}`)).toBe(403);
    expect(await upgrade(teleopUrl, `http://evil.example:${port()}`, `evil.example:${t.sim.teleopPort}`, t.cookie)).toBe(403);
    expect(t.sim.app.hub.size).toBe(0);
  });

  it('answers IP addresses, localhost, the machine itself and the names given with --allow-host', async () => {
    for (const name of ['127.0.0.1', '[::1]', 'localhost', 'kiosk.example.org', 'robots.example.net', 'r2.robots.example.net'])
      expect((await raw(t.base, 'GET', '/api/settings', { host: `${name}:${port()}` })).status, name).toBe(200);
    for (const name of ['kiosk.example.org.evil.example', 'evilrobots.example.net', 'example.org'])
      expect((await raw(t.base, 'GET', '/api/settings', { host: `${name}:${port()}` })).status, name).toBe(403);
    expect(await upgrade(wsUrl, `http://kiosk.example.org:${port()}`, `kiosk.example.org:${port()}`)).toBe(101);
  });
});
