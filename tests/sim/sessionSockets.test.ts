/**
 * Sessions on the sockets and over TLS (api.md "Sessions", issue 35): the teleop socket needs a session, one
 * session drives at a time, and `--tls-cert`/`--tls-key` serve HTTPS and WSS (teleop too) with a certificate made
 * here by openssl.
 */
import { execFileSync } from 'node:child_process';
import { request } from 'node:https';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { login, startTestSim, type TestSim, teleopProbe, until } from './helpers';
import { parseArgs } from '../../backend/cli';

let t: TestSim | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const twist = async (s: TestSim) => (await s.call('GET', '/control/state')).body.data.twist as { vx: number };

describe('the teleop socket', () => {
  it('refuses an upgrade without a session (401), and carries nothing from it', async () => {
    t = await startTestSim({ demo: true, speed: 1 });
    const ws = new WebSocket(`ws://127.0.0.1:${t.sim.teleopPort}`);
    const status = await new Promise<number>((ok) => ws.once('unexpected-response', (_req, res) => ok(res.statusCode ?? 0)).once('open', () => ok(101)));
    expect(status).toBe(401);
  });

  it('one driver at a time: another session’s move and mode frames are answered busy and not carried out', async () => {
    t = await startTestSim({ demo: true, speed: 1 });
    const holder = await teleopProbe(t, await login(t.base));
    const other = await teleopProbe(t, await login(t.base));
    holder.send({ client_id: 'h', op: 'manual_mode', mode: 'MANUAL' });
    await holder.waitFor('manual_mode', (f) => (f as unknown as { payload: { actual_mode: { mode: string } } }).payload.actual_mode.mode === 'MANUAL');
    const seen = other.raw.length;
    other.send({ client_id: 'o', op: 'move', lvx: 1, lvy: 0, avz: 0 });
    await until(() => other.raw.slice(seen).some((r) => JSON.parse(r).op === 'busy'), 5_000);
    expect(other.raw.slice(seen).map((r) => JSON.parse(r))).toContainEqual({ op: 'busy', payload: {} });
    expect((await twist(t)).vx).toBe(0);
    other.send({ client_id: 'o', op: 'manual_mode', mode: 'NORMAL' });
    await until(() => other.raw.slice(seen).filter((r) => JSON.parse(r).op === 'busy').length >= 2, 5_000);
    expect((await t.call('GET', '/control/state')).body.data.manual).toBe(true);
    // The holder drives; its switch back to NORMAL releases the robot to the other session.
    holder.send({ client_id: 'h', op: 'move', lvx: 0.5, lvy: 0, avz: 0 });
    await until(async () => (await twist(t!)).vx > 0, 5_000);
    holder.send({ client_id: 'h', op: 'manual_mode', mode: 'NORMAL' });
    await holder.waitFor('manual_mode', (f) => (f as unknown as { payload: { actual_mode: { mode: string } } }).payload.actual_mode.mode === 'NORMAL', 5_000, holder.frames.length);
    const after = other.raw.length;
    other.send({ client_id: 'o', op: 'manual_mode', mode: 'MANUAL' });
    await other.waitFor('manual_mode', (f) => (f as unknown as { payload: { actual_mode: { mode: string } } }).payload.actual_mode.mode === 'MANUAL', 5_000);
    expect(other.raw.slice(after).some((r) => JSON.parse(r).op === 'busy')).toBe(false);
    holder.close();
    other.close();
  });
});

describe('HTTPS and WSS', () => {
  it('serves the API, /ws and the teleop socket over TLS, with a Secure cookie', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tls-'));
    try {
      const cert = join(dir, 'cert.pem');
      const key = join(dir, 'key.pem');
      execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
      const ca = readFileSync(cert);
      t = await startTestSim({ demo: true, tls: { cert, key } });
      expect(t.base).toMatch(/^https:\/\//);
      const { port, teleopPort } = t.sim;
      const post = (path: string, body: string, cookie?: string) =>
        new Promise<{ status: number; setCookie: string[]; body: string }>((ok, fail) => {
          const req = request({ host: '127.0.0.1', port, path, method: 'POST', ca, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) } }, (res) => {
            let text = '';
            res.on('data', (c) => (text += c));
            res.on('end', () => ok({ status: res.statusCode ?? 0, setCookie: res.headers['set-cookie'] ?? [], body: text }));
          });
          req.on('error', fail);
          req.end(body);
        });
      const logged = await post('/api/auth/login', '{"pin":"123456"}');
      expect(logged.status).toBe(200);
      expect(logged.setCookie[0]).toMatch(/; HttpOnly; SameSite=Strict; Path=\/; Secure$/);
      const cookie = logged.setCookie[0]!.split(';')[0]!;
      expect((await post('/api/mapping/start', '')).status).toBe(401);
      const open = (url: string) =>
        new Promise<WebSocket>((ok, fail) => {
          const ws = new WebSocket(url, { ca, headers: { cookie } });
          ws.once('open', () => ok(ws)).once('error', fail);
        });
      const events = await open(`wss://127.0.0.1:${port}/ws`);
      const teleop = await open(`wss://127.0.0.1:${teleopPort}`);
      const answer = new Promise<string>((ok) => teleop.once('message', (d) => ok(String(d))));
      teleop.send(JSON.stringify({ client_id: 'tls', op: 'manual_mode_status' }));
      expect(JSON.parse(await answer)).toMatchObject({ op: 'manual_mode_status' });
      events.close();
      teleop.close();
      // A plain-HTTP client on the same port gets no answer it could use.
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--tls-cert and --tls-key come together', () => {
    expect(parseArgs(['--tls-cert', 'c.pem', '--tls-key', 'k.pem'], {}).tls).toEqual({ cert: 'c.pem', key: 'k.pem' });
    expect(() => parseArgs(['--tls-cert', 'c.pem'], {})).toThrow(/--tls-key/);
  });

  it('a certificate that cannot be read is a clear error naming it, and nothing is left listening', async () => {
    await expect(startTestSim({ demo: true, tls: { cert: '/nonexistent/cert.pem', key: '/nonexistent/key.pem' } })).rejects.toThrow(/cert\.pem/);
  });
});
