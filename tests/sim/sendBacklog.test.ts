/**
 * A client that stops reading its socket is dropped, not buffered for (api.md's limits: more than 1 MB of frames
 * waiting for it): the back end's `sendBounded` (http/limits.ts) on a real socket, and the pass-through server's
 * `/ws` leg (proxyBridge.ts) in front of a robot that keeps sending. The client is raw TCP that upgrades and then
 * reads nothing, so the kernel's buffers fill and the frames pile up in the server.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { LIMITS, sendBounded } from '../../backend/http/limits';
import { startProxy, type ProxyServer } from '../../backend/proxy';
import { call } from './helpers';

/** A frame a robot sends many of: 4 kB, below the messages' own limit. */
const FRAME = JSON.stringify({ event: 'robot/diagnostics', data: { name: 'x'.repeat(4_000) } });
/** What the test lets a server send before it calls the client not dropped: far past the backlog and the kernel's buffers. */
const SEND_CAP = 200 * 1024 * 1024;

/** Upgrades `path` on `port` over raw TCP and then reads nothing (the socket is paused before any byte arrives). */
function stalledClient(port: number, path: string): Socket {
  const socket = connect(port, '127.0.0.1');
  socket.pause();
  socket.on('error', () => {});
  const key = randomBytes(16).toString('base64');
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  return socket;
}

/** Sends `FRAME` on `ws` as fast as `send` takes them, until it refuses one or `SEND_CAP` bytes went; the bytes sent. */
function flood(ws: WebSocket, send: (ws: WebSocket, frame: string) => boolean): Promise<number> {
  return new Promise((done) => {
    let sent = 0;
    const more = () => {
      for (let i = 0; i < 64; i++) {
        if (sent >= SEND_CAP || !send(ws, FRAME)) return done(sent);
        sent += FRAME.length;
      }
      setImmediate(more);
    };
    more();
  });
}

const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

function listening(server: Server): Promise<number> {
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok((server.address() as AddressInfo).port)));
}

describe('a client that stops reading', () => {
  it('is dropped by sendBounded once more than the backlog waits for it, and a reading client is not', async () => {
    const server = createServer();
    const sockets = new WebSocketServer({ server });
    closers.push(() => new Promise((ok) => server.close(ok)), () => sockets.close());
    const port = await listening(server);
    const opened = new Promise<WebSocket>((ok) => sockets.once('connection', ok));
    const client = stalledClient(port, '/');
    closers.push(() => client.destroy());
    const ws = await opened;
    const closed = new Promise<void>((ok) => ws.once('close', () => ok()));
    const sent = await flood(ws, sendBounded);
    await closed;
    // Dropped, well before the cap: what waits in the server is the backlog and a frame at most.
    expect(sent).toBeLessThan(SEND_CAP);
    expect(sent).toBeGreaterThan(LIMITS.sendBacklogBytes);
    expect(ws.readyState).toBe(WebSocket.CLOSED);

    // A client that reads takes everything: the bound is on what waits, not on what is sent.
    const reading = new WebSocket(`ws://127.0.0.1:${port}/`);
    closers.push(() => reading.terminate());
    const served = await new Promise<WebSocket>((ok) => sockets.once('connection', ok));
    let got = 0;
    reading.on('message', (data) => (got += String(data).length));
    const many = 4_000;
    for (let i = 0; i < many; i++) {
      expect(sendBounded(served, FRAME)).toBe(true);
      if (i % 100 === 99) await new Promise((ok) => setTimeout(ok, 5));
    }
    await expect.poll(() => got, { timeout: 10_000 }).toBe(many * FRAME.length);
  });

  it('is dropped by the pass-through server, whose robot keeps sending: the robot\'s leg ends and the server serves on', async () => {
    const robot = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data": {}}'));
    const robotSockets = new WebSocketServer({ server: robot, path: '/ws' });
    closers.push(() => new Promise((ok) => robot.close(ok)), () => robotSockets.close());
    const robotPort = await listening(robot);
    let proxy: ProxyServer | null = await startProxy({ backend: `http://127.0.0.1:${robotPort}`, port: 0, teleopPort: 0, staticDir: '/nonexistent' });
    closers.push(() => proxy?.close());
    const leg = new Promise<WebSocket>((ok) => robotSockets.once('connection', ok));
    // From loopback: the robot's own screen, which sees every frame.
    const client = stalledClient(proxy.port, '/ws');
    closers.push(() => client.destroy());
    const robotLeg = await leg;
    const legClosed = new Promise<void>((ok) => robotLeg.once('close', () => ok()));
    // The robot sends as fast as its own socket drains (the pass-through reads it): only the client stalls.
    const sent = await Promise.race([
      flood(robotLeg, (ws, frame) => {
        if (ws.readyState !== WebSocket.OPEN) return false;
        ws.send(frame);
        return true;
      }),
      legClosed.then(() => -1),
    ]);
    await legClosed;
    expect(sent).not.toBe(SEND_CAP);
    expect((await call(proxy.url, 'GET', '/healthz')).status).toBe(200);
    await proxy.close();
    proxy = null;
  });
});
