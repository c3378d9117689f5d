/**
 * The sizes of api.md "Left running on a network" on the simulator (http/limits.ts): 16 kB of request headers
 * (431), headers within 10 s (a slow client is disconnected), 4 kB messages on `/ws` and teleop (closed 1009),
 * and 64 open sockets per client address and 512 in all over both WebSocket servers (503 `too_many_connections`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { LIMITS } from '../../backend/http/limits';
import { startTestSim, type TestSim } from '../sim/helpers';
import { codeOf, rawExchange, statusOf } from './rawSocket';

let t: TestSim;
beforeAll(async () => (t = await startTestSim()));
afterAll(async () => t.close());

/** Opens a WebSocket from `localAddress`: the socket once open, or the refusal's status and body. */
function open(url: string, localAddress = '127.0.0.1', cookie?: string): Promise<WebSocket | { status: number; body: string }> {
  return new Promise((ok, fail) => {
    const ws = new WebSocket(url, { localAddress, ...(cookie ? { headers: { cookie } } : {}) });
    ws.once('open', () => ok(ws));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => ok({ status: res.statusCode ?? 0, body }));
    });
    ws.once('error', fail);
  });
}

const closeCode = (ws: WebSocket) => new Promise<number>((ok) => ws.once('close', (code) => ok(code)));

describe('request limits', () => {
  it('answers request headers over 16 kB with 431, and takes them just under', async () => {
    const head = (size: number) => `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: ${'a'.repeat(size)}\r\n\r\n`;
    const over = await rawExchange(t.sim.port, head(LIMITS.headerBytes + 10));
    expect(statusOf(over)).toBe(431);
    expect(codeOf(over)).toBe('headers_too_large');
    expect(over).toMatch(/X-Content-Type-Options: nosniff/i);
    expect(statusOf(await rawExchange(t.sim.port, head(LIMITS.headerBytes - 1_000)))).toBe(200);
    // The teleop port has the same parser limits.
    expect(statusOf(await rawExchange(t.sim.teleopPort, head(LIMITS.headerBytes + 10)))).toBe(431);
  });

  it('disconnects a client that sends its headers slower than 10 s (slow loris)', async () => {
    const started = Date.now();
    const socket = connect(t.sim.port, '127.0.0.1', () => socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n'));
    // A header line every second: the connection is never idle, yet the headers never end.
    let n = 0;
    const trickle = setInterval(() => socket.writable && socket.write(`X-Slow-${n++}: 1\r\n`), 1_000);
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString('latin1')));
    socket.on('error', () => undefined);
    await new Promise((ok) => socket.once('close', ok));
    clearInterval(trickle);
    const took = Date.now() - started;
    expect(statusOf(answer)).toBe(408);
    expect(codeOf(answer)).toBe('request_timeout');
    expect(n).toBeGreaterThanOrEqual(8);
    expect(took).toBeGreaterThanOrEqual(LIMITS.headersTimeoutMs - 100);
    expect(took).toBeLessThan(LIMITS.headersTimeoutMs + 3_000);
  }, 30_000);
});

describe('a TLS handshake never finished', () => {
  it('is dropped after 10 s, like slow headers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tls-limit-'));
    const cert = join(dir, 'cert.pem');
    const key = join(dir, 'key.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
    const s = await startTestSim({ tls: { cert, key } });
    try {
      const started = Date.now();
      // A connection that says nothing: no ClientHello, no headers.
      const socket = connect(s.sim.port, '127.0.0.1');
      socket.on('error', () => undefined);
      await new Promise((ok) => socket.once('close', ok));
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(LIMITS.tlsHandshakeMs - 100);
      expect(took).toBeLessThan(LIMITS.tlsHandshakeMs + 3_000);
    } finally {
      await s.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('message limits', () => {
  it('closes a /ws client sending over 4 kB with 1009, and keeps one sending 4 kB', async () => {
    const ok = (await open(`${t.base.replace('http', 'ws')}/ws`)) as WebSocket;
    ok.send('x'.repeat(LIMITS.wsMessageBytes));
    const big = (await open(`${t.base.replace('http', 'ws')}/ws`)) as WebSocket;
    const closed = closeCode(big);
    big.send('x'.repeat(LIMITS.wsMessageBytes + 1));
    expect(await closed).toBe(1009);
    await new Promise((r) => setTimeout(r, 100));
    expect(ok.readyState).toBe(WebSocket.OPEN);
    ok.close();
  });

  it('closes a teleop client sending over 4 kB with 1009, fragments counted together', async () => {
    const url = `ws://127.0.0.1:${t.sim.teleopPort}`;
    const ws = (await open(url, '127.0.0.1', t.cookie)) as WebSocket;
    const closed = closeCode(ws);
    // Three fragments of 2 kB: each is small, the message is not.
    ws.send('x'.repeat(2_048), { fin: false });
    ws.send('x'.repeat(2_048), { fin: false });
    ws.send('x'.repeat(2_048), { fin: true });
    expect(await closed).toBe(1009);
  });
});

describe('a client that stops reading', () => {
  it('is dropped once over 1 MB of frames wait for it, and the others keep theirs', async () => {
    const url = `${t.base.replace('http', 'ws')}/ws`;
    const reader = (await open(url)) as WebSocket;
    let read = 0;
    reader.on('message', () => read++);
    const stalled = (await open(url)) as WebSocket;
    // Its socket stops being read: the kernel's buffers fill, then the server's.
    stalled.pause();
    const before = t.sim.app.hub.size;
    const data = { pad: 'x'.repeat(16_000) };
    for (let i = 0; i < 600 && t.sim.app.hub.size === before; i++) {
      await t.call('POST', '/control/push', { event: 'test/bulk', data });
      if (i % 50 === 49) await new Promise((r) => setTimeout(r, 20));
    }
    expect(t.sim.app.hub.size).toBe(before - 1);
    expect(reader.readyState).toBe(WebSocket.OPEN);
    expect(read).toBeGreaterThan(10);
    reader.close();
    stalled.terminate();
  }, 30_000);
});

describe('socket limits', () => {
  it('takes 64 sockets from one address over both servers, answers the 65th 503, and frees a place on a close', async () => {
    const wsUrl = `${t.base.replace('http', 'ws')}/ws`;
    const teleopUrl = `ws://127.0.0.1:${t.sim.teleopPort}`;
    const mine: WebSocket[] = [];
    for (let i = 0; i < LIMITS.socketsPerAddress; i++)
      mine.push((await open(i % 2 ? wsUrl : teleopUrl, '127.0.0.3', t.cookie)) as WebSocket);
    expect(mine.every((w) => w.readyState === WebSocket.OPEN)).toBe(true);
    for (const url of [wsUrl, teleopUrl]) {
      const refused = (await open(url, '127.0.0.3', t.cookie)) as { status: number; body: string };
      expect(refused.status).toBe(503);
      expect(JSON.parse(refused.body).error.code).toBe('too_many_connections');
    }
    // Another address is not held back by this one.
    const other = (await open(wsUrl, '127.0.0.4')) as WebSocket;
    expect(other.readyState).toBe(WebSocket.OPEN);
    other.close();
    const gone = closeCode(mine[0] as WebSocket);
    (mine.shift() as WebSocket).close();
    await gone;
    await new Promise((r) => setTimeout(r, 50));
    mine.push((await open(wsUrl, '127.0.0.3')) as WebSocket);
    expect(mine.at(-1)?.readyState).toBe(WebSocket.OPEN);
    await Promise.all(mine.map((w) => ((w.close(), closeCode(w)))));
  }, 30_000);

  it('takes 512 sockets in all, answers one more 503 from any address, and takes it again once one closes', async () => {
    const wsUrl = `${t.base.replace('http', 'ws')}/ws`;
    const all: WebSocket[] = [];
    const addresses = LIMITS.socketsInAll / LIMITS.socketsPerAddress;
    for (let a = 0; a < addresses; a++) {
      const batch = await Promise.all(Array.from({ length: LIMITS.socketsPerAddress }, () => open(wsUrl, `127.0.1.${a + 1}`)));
      all.push(...(batch as WebSocket[]));
    }
    expect(all.filter((w) => w.readyState === WebSocket.OPEN)).toHaveLength(LIMITS.socketsInAll);
    const refused = (await open(wsUrl, '127.0.2.1')) as { status: number; body: string };
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.body).error.code).toBe('too_many_connections');
    // A place freed anywhere is a place for anyone.
    const gone = closeCode(all[0] as WebSocket);
    (all.shift() as WebSocket).close();
    await gone;
    await new Promise((r) => setTimeout(r, 50));
    all.push((await open(wsUrl, '127.0.2.1')) as WebSocket);
    expect(all.at(-1)?.readyState).toBe(WebSocket.OPEN);
    await Promise.all(all.map((w) => ((w.close(), closeCode(w)))));
    expect((await t.anon('GET', '/healthz')).status).toBe(200);
  }, 60_000);
});
