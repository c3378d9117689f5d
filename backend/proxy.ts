/**
 * Real-robot mode: serve the built app and pass /api, /healthz, /ws and the teleop socket through to a robot's
 * own back end instead of simulating one. Chosen with ROBOT_BACKEND (or `--backend`), the same setting the
 * Vite dev server proxies to, so pointing the app at a real robot is one setting in both places.
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { WebSocket, WebSocketServer } from 'ws';
import { isPublicEvent } from './events';
import { admit, callerOf, sessionForUpgrade } from './http/access';
import { type OriginRule, refuseRequest, refuseUpgrade, serverRule } from './http/guard';
import { ApiError, sendError } from './http/router';
import { clearedSessionCookie } from './http/sessions';
import { serveStatic } from './http/static';
import { headersForRobot, ProxySessions } from './proxySessions';

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
  /** whether a caller at this address is the robot's own screen (default: loopback; see server.ts's option) */
  isRobotScreen?: (remoteAddress: string) => boolean;
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
  // Then the session rules, the simulator's own (proxySessions.ts), whatever the robot's back end enforces.
  const sessions = new ProxySessions(target, opts.isRobotScreen);
  const http = createServer((req, res) => {
    if (refuseRequest(req, res, origins)) return;
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path.startsWith('/api/') || path === '/api' || path === '/healthz') return void passCall(target, sessions, req, res, path);
    // The page dials this server's own teleop socket (bridged to the robot's), not the robot's (issue 42).
    if (req.method === 'GET' || req.method === 'HEAD') return serveStatic(staticDir, req, res, path, { teleopPort: () => (teleopHttp.address() as AddressInfo).port });
    sendError(res, 404, 'not_found', `no such call: ${req.method} ${path}`);
  });
  const events = new WebSocketServer({ noServer: true });
  http.on('upgrade', (req, socket, head) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/ws') return void socket.destroy();
    if (refuseUpgrade(req, socket, origins)) return;
    const wsTarget = `${target.protocol === 'https:' ? 'wss' : 'ws'}://${target.host}/ws`;
    // The upgrade is public; without a session a device elsewhere gets only the public frames (api.md).
    const { session, robotScreen } = callerOf(req, sessions.rules);
    events.handleUpgrade(req, socket, head, (ws) => {
      if (session) ws.once('close', sessions.store.holdOpen(session));
      const seesAll = () => robotScreen || sessions.store.isLive(session);
      bridge(ws, wsTarget, sessions.robotCookieFor(session), (text) => seesAll() || isPublicEvent(eventOf(text)));
    });
  });
  const teleopHttp = createServer((_req, res) => res.writeHead(426).end());
  const teleop = new WebSocketServer({ noServer: true });
  const teleopOrigins: OriginRule = { ...origins, appPort: () => (http.address() as AddressInfo).port };
  teleopHttp.on('upgrade', (req, socket, head) => {
    if (refuseUpgrade(req, socket, teleopOrigins)) return;
    const session = sessionForUpgrade(req, socket, sessions.rules);
    if (!session) return;
    teleop.handleUpgrade(req, socket, head, (ws) => {
      ws.once('close', sessions.store.holdOpen(session));
      bridge(ws, teleopTarget, sessions.robotCookieFor(session), () => true);
    });
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
 * One call: the session rules, then the robot. The session calls are the proxy's own: `GET api/auth/session`
 * and the logout are answered here (the logout is passed on too), and a right PIN's answer carries this server's
 * cookie instead of the robot's.
 */
async function passCall(target: URL, sessions: ProxySessions, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const caller = await admit(req, path, sessions.rules);
  if (caller instanceof ApiError) return sendError(res, caller.status, caller.code, caller.message);
  const call = `${req.method} ${path}`;
  if (call === 'GET /api/auth/session') return sendJson(res, { active: caller.session !== null });
  const robotCookie = sessions.robotCookieFor(caller.session);
  if (call === 'POST /api/auth/logout') {
    sessions.store.end(caller.session);
    res.setHeader('set-cookie', clearedSessionCookie(false));
  }
  const login = call === 'POST /api/auth/login' || call === 'POST /api/auth';
  forward(target, req, res, robotCookie, login ? (cookies, body) => sessions.started(cookies, body, call === 'POST /api/auth') : null);
}

function sendJson(res: ServerResponse, data: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ data }));
}

/**
 * Pipes one HTTP request to the robot and its answer back; a dead robot is a 502 with an api.md body. The
 * Origin, already checked here, is not passed on: it names this server, not the robot, and a robot checking
 * it against its own host would refuse the app (the WebSocket bridges send none either). The browser's cookie is
 * this server's: the robot gets its own session's cookie, if any. `onLogin` reads a PIN check's whole answer and
 * gives the cookie to set instead of the robot's.
 */
function forward(
  target: URL,
  req: IncomingMessage,
  res: ServerResponse,
  robotCookie: string | undefined,
  onLogin: ((cookies: string[], body: Buffer) => Promise<string | null>) | null,
): void {
  const up = request(
    { protocol: target.protocol, hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...headersForRobot(req, robotCookie), host: target.host } },
    (answer) => {
      const { 'set-cookie': robotSets, ...headers } = answer.headers;
      if (!onLogin) {
        res.writeHead(answer.statusCode ?? 502, headers);
        return void answer.pipe(res);
      }
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        const body = Buffer.concat(chunks);
        void onLogin(robotSets ?? [], body).then((cookie) => {
          if (cookie) res.setHeader('set-cookie', cookie);
          const { 'transfer-encoding': _chunked, ...whole } = headers;
          res.writeHead(answer.statusCode ?? 502, { ...whole, 'content-length': String(body.length) });
          res.end(body);
        });
      });
    },
  );
  up.on('error', (err) => {
    if (!res.headersSent) sendError(res, 502, 'backend_unreachable', `robot back end unreachable: ${err.message}`);
    else res.destroy();
  });
  req.pipe(up);
}

/** A frame's event name, or '' when it is not a JSON frame with one. */
function eventOf(text: string): string {
  try {
    const event = (JSON.parse(text) as { event?: unknown }).event;
    return typeof event === 'string' ? event : '';
  } catch {
    return '';
  }
}

/**
 * Joins a client socket to a new socket on the robot; either side closing closes the other. The robot's own
 * session cookie goes along, so a robot that keeps sessions itself knows whose socket it is; `passes` says which
 * of the robot's frames the client may have.
 */
function bridge(client: WebSocket, url: string, cookie: string | undefined, passes: (text: string) => boolean): void {
  const robot = new WebSocket(url, cookie ? { headers: { cookie } } : {});
  const queued: string[] = [];
  robot.on('open', () => {
    for (const m of queued.splice(0)) robot.send(m);
  });
  robot.on('message', (data, isBinary) => {
    if (client.readyState !== WebSocket.OPEN) return;
    if (isBinary) return void (passes('') && client.send(data));
    const text = data.toString();
    if (passes(text)) client.send(text);
  });
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
