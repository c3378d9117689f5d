/**
 * Real-robot mode: serve the built app and pass /api, /healthz, /ws and the teleop socket through to a robot's
 * own back end instead of simulating one. Chosen with ROBOT_BACKEND (or `--backend`), the same setting the
 * Vite dev server proxies to, so pointing the app at a real robot is one setting in both places.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { type WebSocket, WebSocketServer } from 'ws';
import { isPublicEvent } from './events';
import { admit, callerOf, sessionForUpgrade } from './http/access';
import { guardRequests, guardUpgrades } from './http/entry';
import { type OriginRule, refuseRequest, refuseUpgrade, serverRule } from './http/guard';
import { hardenServer, LIMITS, SocketBudget, wsLimits } from './http/limits';
import { ApiError, sendError } from './http/router';
import { clearedSessionCookie } from './http/sessions';
import { serveStatic } from './http/static';
import { createWebServer, readTls, type TlsFiles } from './http/tls';
import { bridge, ProxyDriving } from './proxyBridge';
import { type Forwarding, forward, type RobotTarget } from './proxyForward';
import { headersForRobot, type PinPass, ProxySessions } from './proxySessions';
import { SESSION_ENDED_CLOSE } from './teleop/socket';

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
  /** certificate and key files (PEM): serve HTTPS and WSS on both ports, as the back end does (`--tls-cert`, `--tls-key`) */
  tls?: TlsFiles;
  /**
   * PEM of a CA (or a robot's self-signed certificate) to trust for an https:// or wss:// robot, besides the
   * system's. From the command line: NODE_EXTRA_CA_CERTS=FILE, which Node applies to every connection.
   */
  robotCa?: Buffer;
}

/** A running pass-through server. */
export interface ProxyServer {
  /** e.g. http://127.0.0.1:8080 (https:// when started with `tls`) */
  url: string;
  port: number;
  teleopPort: number;
  /** closes every socket with 1001 (going away), then the servers */
  close(): Promise<void>;
}

/** Starts the pass-through server. */
export async function startProxy(opts: ProxyOptions): Promise<ProxyServer> {
  const target = new URL(opts.backend);
  const robot: RobotTarget = { url: target, ...(opts.robotCa ? { ca: opts.robotCa } : {}) };
  const secureRobot = target.protocol === 'https:';
  const teleopTarget = opts.teleop ?? `${secureRobot ? 'wss' : 'ws'}://${target.hostname}:9191`;
  const wsTarget = `${secureRobot ? 'wss' : 'ws'}://${target.host}/ws`;
  const staticDir = resolve(opts.staticDir ?? 'dist');
  const host = opts.host ?? '127.0.0.1';
  const tls = readTls(opts.tls);

  // The same rules as the simulator's, checked here, so a robot whose own back end is lax is still safe.
  const origins: OriginRule = serverRule(opts.allowOrigins, opts.allowHosts);
  // Then the session rules, the simulator's own (proxySessions.ts), whatever the robot's back end enforces.
  const sessions = new ProxySessions(target, opts.isRobotScreen);
  const secure = tls !== null;
  // `url`: the target as http/target.ts read it (400 before this for one that is not a path), the one path the
  // rules check and the robot is sent.
  const onRequest = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (refuseRequest(req, res, origins)) return;
    const path = url.pathname;
    if (path.startsWith('/api/') || path === '/api' || path === '/healthz') return passCall(robot, sessions, req, res, url, secure);
    // The page dials this server's own teleop socket (bridged to the robot's), not the robot's (issue 42).
    if (req.method === 'GET' || req.method === 'HEAD') return serveStatic(staticDir, req, res, path, { teleopPort: () => (teleopHttp.address() as AddressInfo).port });
    sendError(res, 404, 'not_found', `no such call: ${req.method} ${path}`);
  };
  const http = hardenServer(createWebServer(tls, guardRequests('proxy', (req, res, url) =>
    onRequest(req, res, url).catch((err: Error) => {
      // A client gone mid-call (its body aborted) or an error of ours: this call ends, the server goes on.
      if (!res.headersSent && !res.destroyed) sendError(res, 500, 'internal', 'internal error');
      else res.destroy();
      if (!req.destroyed && !/aborted/.test(err.message)) console.error('[proxy] request failed', err);
    }),
  )), secure);
  const events = new WebSocketServer(wsLimits(LIMITS.wsMessageBytes));
  // One count of open sockets over both servers (api.md: 64 per address, 512 in all).
  const budget = new SocketBudget();
  http.on('upgrade', guardUpgrades('proxy', (req, socket, head, url) => {
    if (url.pathname !== '/ws') return void socket.destroy();
    if (refuseUpgrade(req, socket, origins) || !budget.admit(req, socket)) return;
    // The upgrade is public; without a session a device elsewhere gets only the public frames (api.md).
    const { session, robotScreen } = callerOf(req, sessions.rules);
    events.handleUpgrade(req, socket, head, (ws) => {
      if (session) ws.once('close', sessions.store.holdOpen(session));
      const seesAll = () => robotScreen || sessions.store.isLive(session);
      const cookie = sessions.robotCookieFor(session);
      bridge(ws, { url: wsTarget, cookie, ca: opts.robotCa }, (text) => seesAll() || isPublicEvent(eventOf(text)));
    });
  }));
  const teleopHttp = hardenServer(createWebServer(tls, (_req, res) => res.writeHead(426).end()), secure);
  const teleop = new WebSocketServer(wsLimits(LIMITS.teleopMessageBytes));
  const teleopOrigins: OriginRule = { ...origins, appPort: () => (http.address() as AddressInfo).port };
  const driving = new ProxyDriving((key) => sessions.store.isLive(key));
  const teleopSessions = new Map<WebSocket, string>();
  teleopHttp.on('upgrade', guardUpgrades('proxy', (req, socket, head) => {
    if (refuseUpgrade(req, socket, teleopOrigins) || !budget.admit(req, socket)) return;
    const session = sessionForUpgrade(req, socket, sessions.rules);
    if (!session) return;
    teleop.handleUpgrade(req, socket, head, (ws) => {
      ws.once('close', sessions.store.holdOpen(session));
      teleopSessions.set(ws, session);
      driving.socketOpened(session);
      ws.once('close', () => (teleopSessions.delete(ws), driving.socketClosed(session)));
      const cookie = sessions.robotCookieFor(session);
      const passes = (text: string) => (driving.heard(text), true);
      bridge(ws, { url: teleopTarget, cookie, ca: opts.robotCa }, passes, driving.admits(ws, session));
    });
  }));
  // A logout (or any end of a session) closes its teleop sockets at once: it must not go on driving.
  sessions.store.onEnd((key) => {
    for (const [ws, owner] of teleopSessions) if (owner === key) ws.close(SESSION_ENDED_CLOSE, 'session ended');
  });

  await listen(http, opts.port ?? 8080, host);
  await listen(teleopHttp, opts.teleopPort ?? 9191, host);
  const port = (http.address() as AddressInfo).port;
  return {
    url: `${secure ? 'https' : 'http'}://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    port,
    teleopPort: (teleopHttp.address() as AddressInfo).port,
    close: async () => {
      sessions.close();
      await goAway([...events.clients, ...teleop.clients]);
      events.close();
      teleop.close();
      await Promise.all([http, teleopHttp].map((s) => new Promise<void>((ok) => (s.close(() => ok()), s.closeAllConnections()))));
    },
  };
}

/** Closes sockets with 1001 (going away) and waits, at most 1 s, for their close handshakes. */
async function goAway(sockets: WebSocket[]): Promise<void> {
  const closed = sockets.map((ws) => new Promise<void>((ok) => (ws.readyState === ws.CLOSED ? ok() : ws.once('close', () => ok()))));
  for (const ws of sockets) ws.close(1001, 'server shutting down');
  await Promise.race([Promise.all(closed), new Promise((ok) => setTimeout(ok, 1_000).unref())]);
  for (const ws of sockets) ws.terminate();
}

/**
 * One call: the session rules, then the robot. The session calls are the proxy's own: `GET api/auth/session`
 * and the logout are answered here (the logout is passed on too), and a right PIN's answer carries this server's
 * cookie instead of the robot's.
 */
async function passCall(robot: RobotTarget, sessions: ProxySessions, req: IncomingMessage, res: ServerResponse, url: URL, secure: boolean): Promise<void> {
  const path = url.pathname;
  const caller = await admit(req, path, sessions.rules);
  if (caller instanceof ApiError) return sendError(res, caller.status, caller.code, caller.message);
  const call = `${req.method} ${path}`;
  if (call === 'GET /api/auth/session') return sendJson(res, { active: caller.session !== null });
  const robotCookie = sessions.robotCookieFor(caller.session);
  // The PIN calls: the lockout, first access once a PIN exists, and the sessions a PIN change ends (proxySessions.ts).
  const pin = await sessions.pinCall(req, res, call, caller);
  if (pin === 'answered') return;
  if (call === 'POST /api/auth/logout') {
    sessions.store.end(caller.session);
    res.setHeader('set-cookie', clearedSessionCookie(secure));
  }
  await forward(robot, req, res, { pathAndQuery: path + url.search, headers: headersForRobot(req, robotCookie), ...pinPass(pin, secure) });
}

/** What forward() needs of a PIN call's pass: the body already read, and the reading of the robot's answer. */
function pinPass(pin: PinPass | null, secure: boolean): Pick<Forwarding, 'body' | 'onAnswer'> {
  const answered = pin?.answered;
  if (!answered) return { body: pin?.body, onAnswer: null };
  const onAnswer = async (status: number, cookies: string[], body: Buffer) => {
    const cookie = await answered(status, cookies, body);
    // Over HTTPS the browser must send the cookie over HTTPS only (api.md "Sessions").
    return cookie && secure && !/;\s*Secure/i.test(cookie) ? `${cookie}; Secure` : cookie;
  };
  return { body: pin.body, onAnswer };
}

function sendJson(res: ServerResponse, data: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ data }));
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

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => (server.off('error', fail), ok()));
  });
}
