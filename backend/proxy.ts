/**
 * Real-robot mode: serve the built app and pass /api, /healthz, /ws and the teleop socket through to a robot's
 * own back end instead of simulating one. Chosen with ROBOT_BACKEND (or `--backend`), the same setting the
 * Vite dev server proxies to, so pointing the app at a real robot is one setting in both places.
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { WebSocket, WebSocketServer } from 'ws';
import { type OriginRule, refuseRequest, refuseUpgrade, serverRule } from './http/guard';
import { sendError } from './http/router';
import { serveStatic } from './http/static';

/** Where the robot is and where to listen. */
export interface ProxyOptions {
  /** robot back end, e.g. http://192.168.1.20:8080 */
  backend: string;
  /** robot teleop socket; default: the backend's host on port 9191 */
  teleop?: string;
  host?: string;
  port?: number;
  teleopPort?: number;
  staticDir?: string;
  /** origins allowed besides the app's own (see http/guard.ts) */
  allowOrigins?: string[];
  /** host names answered to besides IP addresses, localhost and the machine's own name (see http/guard.ts) */
  allowHosts?: string[];
}

/** A running pass-through server. */
export interface ProxyServer {
  url: string;
  port: number;
  teleopPort: number;
  close(): Promise<void>;
}

/** Starts the pass-through server. */
export async function startProxy(opts: ProxyOptions): Promise<ProxyServer> {
  const target = new URL(opts.backend);
  const teleopTarget = opts.teleop ?? `ws://${target.hostname}:9191`;
  const staticDir = resolve(opts.staticDir ?? 'dist');
  const host = opts.host ?? '127.0.0.1';

  // The same rules as the simulator's, checked here, so a robot whose own back end is lax is still safe.
  const origins: OriginRule = serverRule(opts.allowOrigins, opts.allowHosts);
  const http = createServer((req, res) => {
    if (refuseRequest(req, res, origins)) return;
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path.startsWith('/api/') || path === '/api' || path === '/healthz') return forward(target, req, res);
    if (req.method === 'GET' || req.method === 'HEAD') return serveStatic(staticDir, req, res, path);
    sendError(res, 404, 'not_found', `no such call: ${req.method} ${path}`);
  });
  const events = new WebSocketServer({ noServer: true });
  http.on('upgrade', (req, socket, head) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/ws') return void socket.destroy();
    if (refuseUpgrade(req, socket, origins)) return;
    const wsTarget = `${target.protocol === 'https:' ? 'wss' : 'ws'}://${target.host}/ws`;
    events.handleUpgrade(req, socket, head, (ws) => bridge(ws, wsTarget, req));
  });
  const teleopHttp = createServer((_req, res) => res.writeHead(426).end());
  const teleop = new WebSocketServer({ noServer: true });
  const teleopOrigins: OriginRule = { ...origins, appPort: () => (http.address() as AddressInfo).port };
  teleopHttp.on('upgrade', (req, socket, head) => {
    if (refuseUpgrade(req, socket, teleopOrigins)) return;
    teleop.handleUpgrade(req, socket, head, (ws) => bridge(ws, teleopTarget, req));
  });

  await listen(http, opts.port ?? 8080, host);
  await listen(teleopHttp, opts.teleopPort ?? 9191, host);
  const port = (http.address() as AddressInfo).port;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    port,
    teleopPort: (teleopHttp.address() as AddressInfo).port,
    close: async () => {
      for (const s of [events, teleop]) for (const c of s.clients) c.terminate();
      events.close();
      teleop.close();
      await Promise.all([http, teleopHttp].map((s) => new Promise<void>((ok) => (s.close(() => ok()), s.closeAllConnections()))));
    },
  };
}

/**
 * Pipes one HTTP request to the robot and its answer back; a dead robot is a 502 with an api.md body. The
 * Origin, already checked here, is not passed on: it names this server, not the robot, and a robot checking
 * it against its own host would refuse the app (the WebSocket bridges send none either).
 */
function forward(target: URL, req: IncomingMessage, res: ServerResponse): void {
  const { origin: _checked, ...headers } = req.headers;
  const up = request(
    { protocol: target.protocol, hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...headers, host: target.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  up.on('error', (err) => {
    if (!res.headersSent) sendError(res, 502, 'backend_unreachable', `robot back end unreachable: ${err.message}`);
    else res.destroy();
  });
  req.pipe(up);
}

/**
 * Joins a client socket to a new socket on the robot; either side closing closes the other. The client's
 * cookies go along, so a robot that keeps sessions itself knows whose socket it is.
 */
function bridge(client: WebSocket, url: string, req: IncomingMessage): void {
  const cookie = req.headers.cookie;
  const robot = new WebSocket(url, cookie ? { headers: { cookie } } : {});
  const queued: string[] = [];
  robot.on('open', () => {
    for (const m of queued.splice(0)) robot.send(m);
  });
  robot.on('message', (data, isBinary) => client.readyState === WebSocket.OPEN && client.send(isBinary ? data : data.toString()));
  client.on('message', (data, isBinary) => {
    const m = isBinary ? data.toString() : data.toString();
    if (robot.readyState === WebSocket.OPEN) robot.send(m);
    else queued.push(m);
  });
  const end = () => {
    client.terminate();
    robot.terminate();
  };
  robot.on('close', end);
  robot.on('error', end);
  client.on('close', end);
  client.on('error', end);
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => (server.off('error', fail), ok()));
  });
}
