/**
 * The pass-through server applies the back end's own rules (api.md "Left running on a network"): HTTPS with
 * `--tls-cert`/`--tls-key`, an https:// and wss:// robot, the normalised path forwarded (never the raw target),
 * the 1 MB body bound, one driver at a time, and no robot or client behaviour ends the process.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createServer as createTcp, connect, type Server as TcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { startProxy, type ProxyServer } from '../../backend/proxy';
import { call, login, Probe, startTestSim, type TestSim } from './helpers';
import { raw } from './rawClient';

const certDir = mkdtempSync(join(tmpdir(), 'proxy-tls-'));
const cert = join(certDir, 'cert.pem');
const key = join(certDir, 'key.pem');
execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
const ca = readFileSync(cert);

/** One HTTPS call trusting the test's certificate: status, Set-Cookie and parsed body. */
function httpsCall(port: number, method: string, path: string, body?: string, cookie?: string) {
  return new Promise<{ status: number; setCookie: string[]; body: { data?: unknown; error?: { code: string } } }>((ok, fail) => {
    const headers = { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) };
    const req = httpsRequest({ host: '127.0.0.1', port, path, method, ca, headers }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => ok({ status: res.statusCode ?? 0, setCookie: res.headers['set-cookie'] ?? [], body: JSON.parse(text) }));
    });
    req.on('error', fail);
    req.end(body);
  });
}

function openWs(url: string, cookie?: string): Promise<WebSocket> {
  return new Promise((ok, fail) => {
    const ws = new WebSocket(url, { ca, headers: cookie ? { cookie } : {} });
    ws.once('open', () => ok(ws)).once('error', fail);
  });
}

const nextMessage = (ws: WebSocket) => new Promise<string>((ok) => ws.once('message', (d) => ok(String(d))));
const portOf = (s: Server | TcpServer | WebSocketServer) => (s.address() as AddressInfo).port;

/** A robot back end that takes everything (any PIN is right) and remembers what reached it. */
const seen: { method: string; url: string; bytes: number }[] = [];
const lax = createServer((req, res) => {
  let bytes = 0;
  req.on('data', (c: Buffer) => (bytes += c.length));
  req.on('end', () => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', bytes });
    const answer = req.url === '/api/auth/login' ? '{"data": {"isCorrect": true}}' : '{"data": {}}';
    res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
  });
});
/** A robot teleop socket that lets anyone drive and remembers every frame. */
const laxTeleop = new WebSocketServer({ port: 0, host: '127.0.0.1' });
const driven: { op?: string; client_id?: string }[] = [];
laxTeleop.on('connection', (ws) =>
  ws.on('message', (d) => {
    const f = JSON.parse(String(d)) as { op?: string; mode?: string; client_id?: string };
    driven.push(f);
    if (f.op === 'manual_mode') for (const c of laxTeleop.clients) c.send(JSON.stringify({ op: 'manual_mode', payload: { actual_mode: { mode: f.mode } } }));
  }),
);

let laxProxy: ProxyServer;
beforeAll(async () => {
  await new Promise<void>((ok) => lax.listen(0, '127.0.0.1', ok));
  await new Promise<void>((ok) => (laxTeleop.address() ? ok() : laxTeleop.once('listening', ok)));
  laxProxy = await startProxy({ backend: `http://127.0.0.1:${portOf(lax)}`, teleop: `ws://127.0.0.1:${portOf(laxTeleop)}`, port: 0, teleopPort: 0, staticDir: '/nonexistent' });
});
afterAll(async () => {
  await laxProxy.close();
  lax.close();
  laxTeleop.close();
  rmSync(certDir, { recursive: true, force: true });
});

describe('HTTPS', () => {
  let robot: TestSim;
  afterAll(() => robot?.close());

  it('serves HTTPS and WSS on both ports with --tls-cert/--tls-key, the cookie marked Secure', async () => {
    robot = await startTestSim({ speed: 5 });
    const p = await startProxy({ backend: robot.base, teleop: `ws://127.0.0.1:${robot.sim.teleopPort}`, port: 0, teleopPort: 0, staticDir: robot.dir, tls: { cert, key } });
    try {
      expect(p.url).toMatch(/^https:\/\//);
      expect((await httpsCall(p.port, 'GET', '/healthz')).body).toEqual({ data: { ok: true } });
      const logged = await httpsCall(p.port, 'POST', '/api/auth', '{"pin":"123456"}');
      expect(logged.setCookie[0]).toMatch(/; HttpOnly; SameSite=Strict; Path=\/; Secure$/);
      const cookie = logged.setCookie[0]!.split(';')[0]!;
      const events = await openWs(`wss://127.0.0.1:${p.port}/ws`, cookie);
      const teleop = await openWs(`wss://127.0.0.1:${p.teleopPort}`, cookie);
      const answer = nextMessage(teleop);
      teleop.send(JSON.stringify({ client_id: 'tls', op: 'manual_mode_status' }));
      expect(JSON.parse(await answer)).toMatchObject({ op: 'manual_mode_status', payload: { actual_mode: { mode: 'NORMAL' } } });
      events.close();
      teleop.close();
      expect((await httpsCall(p.port, 'POST', '/api/auth/logout', '', cookie)).setCookie[0]).toMatch(/Max-Age=0; Secure$/);
    } finally {
      await p.close();
    }
  });

  it('passes calls and both sockets to an https:// and wss:// robot (its own self-signed certificate)', async () => {
    const secureRobot = await startTestSim({ speed: 5, tls: { cert, key } });
    const p = await startProxy({ backend: secureRobot.base, teleop: `wss://127.0.0.1:${secureRobot.sim.teleopPort}`, port: 0, teleopPort: 0, staticDir: secureRobot.dir, robotCa: ca });
    try {
      expect(secureRobot.base).toMatch(/^https:/);
      expect((await call(p.url, 'GET', '/healthz')).body).toEqual({ data: { ok: true } });
      // A robot with its PIN set (the first-access check asks the robot's settings, which needs the CA process-wide:
      // NODE_EXTRA_CA_CERTS, see backend/README.md); the login itself goes through the proxy.
      const robotPort = secureRobot.sim.port;
      expect((await httpsCall(robotPort, 'PATCH', '/api/settings', '{"superadmin_pin": "246810"}', secureRobot.cookie)).status).toBe(200);
      const cookie = await login(p.url, '246810', '/api/auth/login');
      await call(p.url, 'PATCH', '/api/settings', { robot_name: 'Secure' }, cookie);
      expect((await httpsCall(robotPort, 'GET', '/api/settings', undefined, secureRobot.cookie)).body.data).toMatchObject({ robot_name: 'Secure' });
      const ws = new Probe(p.url.replace('http', 'ws') + '/ws', cookie);
      await ws.opened;
      await ws.waitFor('robot/connected');
      ws.close();
      const tp = new Probe(`ws://127.0.0.1:${p.teleopPort}`, cookie);
      await tp.opened;
      tp.send({ client_id: 'x', op: 'manual_mode_status' });
      expect(await tp.waitFor('manual_mode_status')).toMatchObject({ payload: { actual_mode: { mode: 'NORMAL' } } });
      tp.close();
      // An https robot whose certificate is not trusted is a 502 with a clear error, not a crash.
      const untrusting = await startProxy({ backend: secureRobot.base, port: 0, teleopPort: 0 });
      try {
        expect(await call(untrusting.url, 'GET', '/api/settings')).toMatchObject({ status: 502, body: { error: { code: 'backend_unreachable' } } });
      } finally {
        await untrusting.close();
      }
    } finally {
      await p.close();
      await secureRobot.close();
    }
  });
});

describe('what reaches the robot', () => {
  it('is the normalised path that was checked, never the raw target', async () => {
    const cookie = await login(laxProxy.url);
    seen.length = 0;
    expect((await raw(laxProxy.url, 'GET', '/api/destinations/../settings?x=1', { cookie })).status).toBe(200);
    expect(seen.map((s) => s.url)).toEqual(['/api/settings?x=1']);
    // Out of /api once resolved: the proxy's own (static) answer, the robot never asked.
    seen.length = 0;
    expect((await raw(laxProxy.url, 'POST', '/api/../control/push', { cookie, 'content-type': 'application/json' }, '{}')).status).toBe(404);
    await raw(laxProxy.url, 'GET', '/api/%2e%2e/control/state', { cookie });
    expect(seen).toEqual([]);
  });

  it('holds JSON bodies to 1 MB (413, the robot never reached) and streams a report clip up to 64 MB', async () => {
    const cookie = await login(laxProxy.url);
    seen.length = 0;
    const big = JSON.stringify({ robot_name: 'x'.repeat(1_100_000) });
    expect(await call(laxProxy.url, 'PATCH', '/api/settings', big, cookie)).toMatchObject({ status: 413, body: { error: { code: 'payload_too_large' } } });
    // Chunked, with no length declared: counted as it comes.
    const chunked = await fetch(`${laxProxy.url}/api/settings`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie },
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(seen).toEqual([]);
    const clip = 'x'.repeat(3_000_000);
    expect((await raw(laxProxy.url, 'POST', '/api/reports', { cookie, 'content-type': 'application/x-ndjson' }, clip)).status).toBe(200);
    expect(seen).toEqual([{ method: 'POST', url: '/api/reports', bytes: clip.length }]);
  });
});

describe('stopping', () => {
  it('closes the clients’ sockets with 1001 (going away)', async () => {
    const p = await startProxy({ backend: `http://127.0.0.1:${portOf(lax)}`, teleop: `ws://127.0.0.1:${portOf(laxTeleop)}`, port: 0, teleopPort: 0 });
    const cookie = await login(p.url);
    const sockets = [new Probe(p.url.replace('http', 'ws') + '/ws'), new Probe(`ws://127.0.0.1:${p.teleopPort}`, cookie)];
    await Promise.all(sockets.map((s) => s.opened));
    const codes = sockets.map((s) => new Promise<number>((ok) => s.ws.once('close', (code) => ok(code))));
    await p.close();
    expect(await Promise.all(codes)).toEqual([1001, 1001]);
  });
});

describe('one driver at a time, in front of a robot that lets anyone drive', () => {
  it('answers busy to a second session and does not pass its frames on; the holder’s NORMAL frees the robot', async () => {
    const a = new Probe(`ws://127.0.0.1:${laxProxy.teleopPort}`, await login(laxProxy.url));
    const b = new Probe(`ws://127.0.0.1:${laxProxy.teleopPort}`, await login(laxProxy.url));
    await Promise.all([a.opened, b.opened]);
    driven.length = 0;
    a.send({ client_id: 'a', op: 'manual_mode', mode: 'MANUAL' });
    await a.waitFor('manual_mode');
    b.send({ client_id: 'b', op: 'move', lvx: 0.5, lvy: 0, avz: 0 });
    b.send({ client_id: 'b', op: 'manual_mode', mode: 'NORMAL' });
    await b.waitFor('busy');
    a.send({ client_id: 'a', op: 'move', lvx: 0.2, lvy: 0, avz: 0 });
    await new Promise((r) => setTimeout(r, 200));
    expect(b.frames.filter((f) => (f as unknown as { op: string }).op === 'busy')).toHaveLength(2);
    expect(driven.map((f) => `${f.client_id} ${f.op}`)).toEqual(['a manual_mode', 'a move']);
    a.send({ client_id: 'a', op: 'manual_mode', mode: 'NORMAL' });
    await a.waitFor('manual_mode', (f) => (f as unknown as { payload: { actual_mode: { mode: string } } }).payload.actual_mode.mode === 'NORMAL');
    const from = b.frames.length;
    b.send({ client_id: 'b', op: 'manual_mode', mode: 'MANUAL' });
    await b.waitFor('manual_mode', (f) => (f as unknown as { payload: { actual_mode: { mode: string } } }).payload.actual_mode.mode === 'MANUAL', 5_000, from);
    expect(driven.at(-1)).toMatchObject({ client_id: 'b', op: 'manual_mode' });
    a.close();
    b.close();
  });
});

/** Sends `text` on a new connection and resolves the answer's status (0 when the connection closed without one). */
function rawStatus(port: number, text: string): Promise<number> {
  return new Promise((ok) => {
    let got = '';
    const s = connect(port, '127.0.0.1', () => s.write(text));
    s.on('data', (c: Buffer) => {
      got += c.toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(got);
      if (!m) return;
      ok(Number(m[1]));
      s.destroy();
    });
    s.on('close', () => ok(0));
    s.on('error', () => ok(0));
  });
}
const slashSlash = (port: number) => rawStatus(port, 'GET // HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');

describe('nothing a robot or a client does ends the process', () => {
  /** A TCP "robot" that behaves as `behave` says on every connection. */
  async function badRobot(behave: (s: Socket) => void): Promise<{ server: TcpServer; url: string }> {
    const server = createTcp(behave);
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    return { server, url: `http://127.0.0.1:${portOf(server)}` };
  }

  it('a robot that resets, answers garbage, or cuts its answer: 502 or a cut connection, and the proxy goes on', async () => {
    const robots = await Promise.all([
      badRobot((s) => s.destroy()),
      badRobot((s) => s.once('data', () => s.end('garbage, not HTTP\r\n\r\n'))),
      badRobot((s) => s.once('data', () => (s.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"da'), setTimeout(() => s.resetAndDestroy(), 20)))),
    ]);
    try {
      for (const [i, r] of robots.entries()) {
        const p = await startProxy({ backend: r.url, port: 0, teleopPort: 0 });
        try {
          const answer = call(p.url, 'GET', '/healthz');
          if (i < 2) expect(await answer).toMatchObject({ status: 502, body: { error: { code: 'backend_unreachable', message: expect.stringMatching(/robot back end unreachable: .+/) } } });
          else await expect(answer).rejects.toThrow();
          // The same server answers the next call.
          if (i < 2) expect((await call(p.url, 'GET', '/healthz')).status).toBe(502);
          expect(await slashSlash(p.port)).toBe(400);
        } finally {
          await p.close();
        }
      }
    } finally {
      for (const r of robots) r.server.close();
    }
  });

  it('a client that hangs up mid-call, mid-upload or sends a target that does not parse', async () => {
    const cookie = await login(laxProxy.url);
    const port = laxProxy.port;
    const hangUp = (text: string) =>
      new Promise<void>((ok) => {
        const s = connect(port, '127.0.0.1', () => s.write(text, () => setTimeout(() => (s.destroy(), ok()), 30)));
        s.on('error', () => ok());
      });
    await hangUp(`PATCH /api/settings HTTP/1.1\r\nHost: 127.0.0.1\r\ncookie: ${cookie}\r\ncontent-type: application/json\r\ncontent-length: 500\r\n\r\n{"robot`);
    await hangUp(`POST /api/reports HTTP/1.1\r\nHost: 127.0.0.1\r\ncookie: ${cookie}\r\ncontent-type: application/x-ndjson\r\ntransfer-encoding: chunked\r\n\r\n10\r\n0123456789abcdef\r\n`);
    await hangUp('GET // HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await hangUp('GET http://x/api/settings HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(await slashSlash(port)).toBe(400);
    expect((await call(laxProxy.url, 'GET', '/healthz')).status).toBe(200);
  });
});
