/**
 * The pass-through server applies the forged-request rules itself, so a kiosk in front of a robot whose back
 * end accepts anything is still safe: refused calls and sockets never reach the robot.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy, type ProxyServer } from '../../backend/proxy';
import { login, startTestSim, type TestSim } from './helpers';
import { raw, upgrade } from './rawClient';

const JSON_TYPE = { 'content-type': 'application/json' };

/** A robot back end that takes every request, whatever its type or origin, and remembers it. */
const seen: { method: string; url: string; headers: IncomingHttpHeaders }[] = [];
const lax = createServer((req, res) => {
  seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
  req.resume();
  // Any PIN is right here: the pass-through's own session then comes from this robot's answer.
  const answer = req.url === '/api/auth/login' ? '{"data": {"isCorrect": true}}' : '{"data": {}}';
  res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
});

let robot: TestSim;
let laxProxy: ProxyServer;
let simProxy: ProxyServer;
/** Sessions of the pass-through servers (the session rules come after the guards these tests are about). */
let lax_: { cookie: string };
let sim_: { cookie: string };
beforeAll(async () => {
  await new Promise<void>((ok) => lax.listen(0, '127.0.0.1', ok));
  laxProxy = await startProxy({ backend: `http://127.0.0.1:${(lax.address() as AddressInfo).port}`, port: 0, teleopPort: 0, staticDir: '/nonexistent' });
  robot = await startTestSim({ speed: 5 });
  simProxy = await startProxy({ backend: robot.base, teleop: `ws://127.0.0.1:${robot.sim.teleopPort}`, port: 0, teleopPort: 0, staticDir: robot.dir });
  lax_ = { cookie: await login(laxProxy.url, '123456') };
  sim_ = { cookie: await login(simProxy.url, '123456', '/api/auth') };
  seen.length = 0;
});
afterAll(async () => {
  await laxProxy.close();
  await simProxy.close();
  await robot.close();
  await new Promise<void>((ok) => (lax.close(() => ok()), lax.closeAllConnections()));
});

describe('pass-through in front of a lax robot', () => {
  it('refuses a state-changing call that is not JSON with 415, and does not forward it', async () => {
    seen.length = 0;
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])
      expect(await raw(laxProxy.url, 'POST', '/api/auth/login', { 'content-type': type }, '{"pin":"123456"}')).toMatchObject({
        status: 415,
        body: { error: { code: 'unsupported_media_type' } },
      });
    expect((await raw(laxProxy.url, 'POST', '/api/mapping/start', { 'content-type': 'text/plain' })).status).toBe(415);
    expect(seen).toEqual([]);
  });

  it('forwards a body-less call with no content type (api.md), and refuses one from another site', async () => {
    seen.length = 0;
    expect((await raw(laxProxy.url, 'PUT', '/api/current_mission/pause', { cookie: lax_.cookie })).status).toBe(200);
    expect((await raw(laxProxy.url, 'DELETE', '/api/destination/3', { cookie: lax_.cookie })).status).toBe(200);
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(['PUT /api/current_mission/pause', 'DELETE /api/destination/3']);
    expect((await raw(laxProxy.url, 'DELETE', '/api/destination/3', { origin: 'http://evil.example', cookie: lax_.cookie })).status).toBe(403);
    expect(seen).toHaveLength(2);
  });

  it('refuses a call from another site with 403, and does not forward it', async () => {
    seen.length = 0;
    expect(await raw(laxProxy.url, 'POST', '/api/mapping/start', { ...JSON_TYPE, origin: 'http://evil.example' }, '{}')).toMatchObject({
      status: 403,
      body: { error: { code: 'forbidden_origin' } },
    });
    expect((await raw(laxProxy.url, 'GET', '/api/settings', { origin: 'http://evil.example' })).status).toBe(403);
    expect(seen).toEqual([]);
  });

  it('refuses a call sent to a foreign name rebound onto it with 403, and does not forward it', async () => {
    seen.length = 0;
    const port = new URL(laxProxy.url).port;
    const rebound = { host: `evil.example:${port}`, origin: `http://evil.example:${port}` };
    expect(await raw(laxProxy.url, 'POST', '/api/mapping/start', { ...JSON_TYPE, ...rebound }, '{}')).toMatchObject({
      status: 403,
      body: { error: { code: 'forbidden_host' } },
    });
    expect(seen).toEqual([]);
  });

  it("forwards the app's own JSON calls, without the Origin it has checked", async () => {
    seen.length = 0;
    expect((await raw(laxProxy.url, 'POST', '/api/mapping/start', { ...JSON_TYPE, origin: laxProxy.url, cookie: lax_.cookie }, '{}')).status).toBe(200);
    expect((await raw(laxProxy.url, 'GET', '/api/settings')).status).toBe(200);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /api/mapping/start', 'GET /api/settings']);
    expect(seen[0]?.headers.origin).toBeUndefined();
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    // The pass-through's own session cookie stays here: this robot set none, so it gets none.
    expect(seen[0]?.headers.cookie).toBeUndefined();
  });

  it('applies the session rules itself, whatever the robot does: no session, 401 and nothing forwarded', async () => {
    seen.length = 0;
    expect(await raw(laxProxy.url, 'DELETE', '/api/destination/3')).toMatchObject({ status: 401, body: { error: { code: 'unauthenticated' } } });
    expect((await raw(laxProxy.url, 'POST', '/api/mapping/start', JSON_TYPE, '{}')).status).toBe(401);
    expect(seen).toEqual([]);
    expect((await raw(laxProxy.url, 'GET', '/api/auth/session', { cookie: lax_.cookie })).body).toEqual({ data: { active: true } });
    // A wrong PIN, as the robot answers it, starts no session.
    const other = await fetch(`${laxProxy.url}/api/auth`, { method: 'POST', headers: JSON_TYPE, body: '{"pin":"000000"}' });
    expect(other.headers.get('set-cookie')).toBeNull();
  });
});

describe('pass-through in front of the simulator', () => {
  it("lets the app's own same-origin calls reach a robot that checks Origin itself", async () => {
    const r = await raw(simProxy.url, 'POST', '/api/auth', { ...JSON_TYPE, origin: simProxy.url }, '{"pin":"123456"}');
    expect(r).toMatchObject({ status: 200, body: { data: { isCorrect: true } } });
  });

  it('refuses /ws from another site before opening a socket to the robot', async () => {
    const wsUrl = simProxy.url.replace(/^http/, 'ws') + '/ws';
    expect(await upgrade(wsUrl, 'http://evil.example')).toBe(403);
    expect(await upgrade(wsUrl, `http://127.0.0.1:${simProxy.teleopPort}`)).toBe(403);
    expect(robot.sim.app.hub.size).toBe(0);
    expect(await upgrade(wsUrl, simProxy.url)).toBe(101);
    expect(await upgrade(wsUrl)).toBe(101);
  });

  it('opens its teleop socket only for pages of its own host and HTTP port', async () => {
    const teleopUrl = `ws://127.0.0.1:${simProxy.teleopPort}`;
    expect(await upgrade(teleopUrl, simProxy.url, undefined, sim_.cookie)).toBe(101);
    expect(await upgrade(teleopUrl, undefined, undefined, sim_.cookie)).toBe(101);
    expect(await upgrade(teleopUrl)).toBe(401);
    expect(await upgrade(teleopUrl, 'http://evil.example')).toBe(403);
    expect(await upgrade(teleopUrl, `http://127.0.0.1:${simProxy.teleopPort}`)).toBe(403);
    // The robot's own app port is not this server's: its pages are another site here.
    expect(await upgrade(teleopUrl, robot.base)).toBe(403);
  });
});
