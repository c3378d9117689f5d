/**
 * `startBackend`: the whole back end in one call — HTTP (API, /healthz, the built app), the `/ws` event
 * socket, the teleop socket, SQLite and a robot driver: the simulated robot (`startSimulator`) or a ROS robot.
 * Browser tests and benchmarks start it in-process; `backend/main.ts` is the command line around it. Several
 * instances may run side by side on different ports.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { WebSocketServer } from 'ws';
import type { App } from './app';
import { type MonoTime, realTime, SimClock } from './clock';
import { Control, controlRefusal, refuseControlHost } from './control';
import { seedDemo } from './db/demoSeed';
import { Store } from './db/store';
import { EventHub } from './events';
import { admit, callerOf, isLoopback, type SessionRules } from './http/access';
import { authRoutes } from './http/authRoutes';
import { guardRequests, guardUpgrades } from './http/entry';
import { type OriginRule, refuseRequest, refuseUpgrade, serverRule } from './http/guard';
import { hardenServer, LIMITS, SocketBudget, wsLimits } from './http/limits';
import { LoginLimiter } from './http/loginLimiter';
import { mapRoutes } from './http/mapRoutes';
import { missionRoutes } from './http/missionRoutes';
import { placesRoutes } from './http/placesRoutes';
import { problemReportRoutes } from './http/problemReportRoutes';
import { reportRoutes } from './http/reportRoutes';
import { ApiError, Router, sendError } from './http/router';
import { SessionStore } from './http/sessions';
import { settingsRoutes } from './http/settingsRoutes';
import { serveStatic } from './http/static';
import { createWebServer, readTls, type TlsFiles } from './http/tls';
import type { RosOptions } from './robots/ros/config';
import { startRosRobot } from './robots/ros/rosRobot';
import type { Ros2Options } from './robots/ros2/config';
import { startRos2Robot } from './robots/ros2/ros2Robot';
import { SimRobot } from './robots/sim/simRobot';
import { TeleopSocket } from './teleop/socket';
import { type DriverFactory, World } from './world';
import { ProblemReports, type ReportBounds } from './problemReports';
import { useGroundTruth } from './robots/sim/floorPlan';
import { loadMapFile } from './robots/sim/mapFile';

/** How to start a simulator. */
export interface SimulatorOptions {
  /** interface to listen on; loopback unless told otherwise */
  host?: string;
  /** HTTP port; 0 picks a free one (default 8080) */
  port?: number;
  /** teleop socket port; 0 picks a free one (default 9191) */
  teleopPort?: number;
  /** SQLite file (its folder is created); CSV exports go to a `files` folder beside it */
  dbPath: string;
  /** start from a fresh robot: empty settings, no map */
  reset?: boolean;
  /** start from a filled robot (implies reset): mapped floor, destinations, a month of history */
  demo?: boolean;
  /** enable the /control/ surface (loopback clients only; on a network `host` only with `controlOnNetwork`) */
  control?: boolean;
  /** let `control` be on while listening on a network address (`--control-on-network`) */
  controlOnNetwork?: boolean;
  /** folder of the built app (default `dist`) */
  staticDir?: string;
  /** SIM_SPEED: simulated seconds per real second (default 1) */
  speed?: number;
  /** origins allowed besides the app's own, e.g. the Vite dev server's (see http/guard.ts) */
  allowOrigins?: string[];
  /** host names answered to besides IP addresses, localhost and the machine's own name (see http/guard.ts) */
  allowHosts?: string[];
  /** a ROS map_server map (YAML with a .pgm or .png image) as the ground truth instead of the built-in floor */
  map?: string;
  /** certificate and key files (PEM): serve HTTPS and WSS on the same ports, teleop included (`--tls-cert`, `--tls-key`) */
  tls?: TlsFiles;
  /**
   * Whether a request from this address is the robot's own screen, which gets the current mission, its arrival
   * calls and every `/ws` frame without a session (api.md "Sessions"). Default: a loopback address
   * (http/access.ts `isLoopback`); tests pass `() => false` to play a device elsewhere from loopback.
   */
  isRobotScreen?: (remoteAddress: string) => boolean;
  /** the clock of the sessions' ends, the PIN lockout and the teleop holder's grace; default real time (tests: a virtual one) */
  sessionTime?: MonoTime;
  /** problem reports kept and the largest clip taken (default: api.md's 100 reports, 500 MB, 64 MB a clip) */
  reportBounds?: Partial<ReportBounds>;
}

/**
 * How to start a back end: the simulator's options, or with `ros` a ROS 1 robot instead of the simulated one,
 * with `ros2` a ROS 2 (Nav2) robot.
 */
export type BackendOptions = SimulatorOptions & { ros?: RosOptions; ros2?: Ros2Options };

/** A running back end. */
export interface Backend {
  /** e.g. http://127.0.0.1:8080 (https:// when started with `tls`) */
  url: string;
  port: number;
  teleopPort: number;
  /** the live back end, for in-process tests */
  app: App;
  /** stops everything: timers, sockets, servers, database */
  close(): Promise<void>;
}

/** A running simulator: a back end plus its simulated robot, for white-box tests. */
export interface Simulator extends Backend {
  robot: SimRobot;
}

/** Starts the back end on the simulated robot and resolves once both ports listen. */
export async function startSimulator(opts: SimulatorOptions): Promise<Simulator> {
  let robot: SimRobot | null = null;
  const backend = await startBackendWith(opts, (events, world) =>
    (robot = new SimRobot(events, {
      store: world.store,
      clock: world.clock,
      lost: () => world.alerts.errors.has('node_lost'),
      // A charging mission standing at Base charges too (issue 34: the charging mission charges).
      idle: () => !world.runner.current || world.runner.charging(),
    })),
  );
  return { ...backend, robot: robot as unknown as SimRobot };
}

/** Starts the back end on the robot `opts` names (`ros`, `ros2`, else the simulator). */
export async function startBackend(opts: BackendOptions): Promise<Backend> {
  const ros2 = opts.ros2;
  if (ros2) return startBackendWith({ ...opts, speed: opts.speed ?? 1 }, (events) => startRos2Robot(ros2, events));
  if (!opts.ros) return startSimulator(opts);
  const ros = opts.ros;
  // A real robot lives in real time; only tests speed the back end's own timers (countdowns) up.
  return startBackendWith({ ...opts, speed: opts.speed ?? 1 }, (events) => startRosRobot(ros, events));
}

/** Starts the back end on any robot driver (tests use a fake one; backend/README.md: adding a driver). */
export async function startBackendWith(opts: SimulatorOptions, makeDriver: DriverFactory): Promise<Backend> {
  const host = opts.host ?? '127.0.0.1';
  if (opts.control) refuseControlHost(host, opts.controlOnNetwork ?? false);
  const dbPath = resolve(opts.dbPath);
  // Before anything reads the ground truth: the building's own map, or the built-in floor.
  useGroundTruth(opts.map ? loadMapFile(resolve(opts.map)) : null);
  // Read before anything is opened, so a bad file is a plain error and nothing is left to close.
  const tls = readTls(opts.tls);
  const store = Store.open(dbPath, Boolean(opts.reset || opts.demo));
  const clock = new SimClock(opts.speed ?? 1);
  if (opts.demo) seedDemo(store, clock.now());
  let world: World | null = null;
  const hub = new EventHub(() => world?.greeting() ?? []);
  world = new World(store, clock, hub, makeDriver);
  // Report clips live beside the database, as CSV exports do, so they survive a restart with it.
  const reports = new ProblemReports(store, join(dirname(dbPath), 'reports'), opts.reportBounds, () => clock.now());
  const sessionTime = opts.sessionTime ?? realTime;
  const sessions = new SessionStore(sessionTime);
  const app: App = {
    store,
    world,
    clock,
    hub,
    login: new LoginLimiter(sessionTime),
    sessions,
    secure: tls !== null,
    filesDir: join(dirname(dbPath), 'files'),
    reports,
  };
  const runner = world.runner;
  const rules: SessionRules = {
    sessions,
    isRobotScreen: opts.isRobotScreen ?? isLoopback,
    hasPin: () => store.settings.get().has_superadmin_pin,
    missionAtStep: (step) => runner.current?.step_index === step,
  };

  const api = new Router();
  authRoutes(api, app);
  settingsRoutes(api, app);
  mapRoutes(api, app);
  placesRoutes(api, app);
  missionRoutes(api, app);
  reportRoutes(api, app);
  problemReportRoutes(api, app);

  let teleop: TeleopSocket | null = null;
  const control = opts.control ? new Control(app, () => teleop) : null;
  const staticDir = resolve(opts.staticDir ?? 'dist');

  // Calls and /ws are checked against the Host they were sent to; teleop, on its own port, against the app's.
  const origins: OriginRule = serverRule(opts.allowOrigins, opts.allowHosts);
  // guardRequests (http/entry.ts) parses the target and answers any error of this request 500, and nothing else.
  const onRequest = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const path = url.pathname;
    // One order for every call (api.md): the forged-request guards, then the session, then the route.
    if (refuseRequest(req, res, origins)) return;
    if (path.startsWith('/api/') || path === '/api' || path === '/healthz') {
      const caller = await admit(req, path, rules);
      if (caller instanceof ApiError) return sendError(res, caller.status, caller.code, caller.message);
      if (control && !(await control.gate(req, res, path))) return;
      return await api.handle(req, res, url, caller);
    }
    if (path.startsWith('/control/')) {
      if (!control) return sendError(res, 404, 'not_found', 'the control surface is off (start with --control)');
      const refusal = controlRefusal(req);
      if (refusal) return sendError(res, refusal.status, refusal.code, refusal.message);
      return await control.router.handle(req, res, url);
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      // The control surface's fault rules reach the app's own files too (a chunk or worker script that fails).
      if (control && !(await control.gate(req, res, path))) return;
      return serveStatic(staticDir, req, res, path, { teleopPort: () => (teleopHttp.address() as AddressInfo).port });
    }
    sendError(res, 404, 'not_found', `no such call: ${req.method} ${path}`);
  };
  const http = hardenServer(createWebServer(tls, guardRequests('sim', onRequest)), tls !== null);
  const wss = new WebSocketServer(wsLimits(LIMITS.wsMessageBytes));
  // One count of open sockets for `/ws` and teleop together (api.md: per client address and in all).
  const budget = new SocketBudget();
  http.on('upgrade', guardUpgrades('sim', (req, socket, head, url) => {
    if (url.pathname !== '/ws') return void socket.destroy();
    if (refuseUpgrade(req, socket, origins) || !budget.admit(req, socket)) return;
    // The upgrade is public; what the socket carries depends on the caller, asked again for every frame.
    const { session, robotScreen } = callerOf(req, rules);
    wss.handleUpgrade(req, socket, head, (ws) => {
      if (session) ws.once('close', sessions.holdOpen(session));
      hub.attach(ws, () => robotScreen || sessions.isLive(session));
    });
  }));
  const teleopHttp = hardenServer(createWebServer(tls, (_req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain' });
    res.end('teleoperation socket: connect with a WebSocket\n');
  }), tls !== null);
  const teleopOrigins = { ...origins, appPort: () => (http.address() as AddressInfo).port };
  teleop = new TeleopSocket(teleopHttp, world, teleopOrigins, rules, sessionTime, budget);

  try {
    await listen(http, opts.port ?? 8080, host);
    await listen(teleopHttp, opts.teleopPort ?? 9191, host);
  } catch (err) {
    http.close();
    teleopHttp.close();
    clock.close();
    world.close();
    await world.driver.close();
    store.close();
    throw err;
  }
  clock.start();
  const stopSweeping = sessions.startSweeping();
  const port = (http.address() as AddressInfo).port;
  const teleopPort = (teleopHttp.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      clock.close();
      stopSweeping();
      control?.close();
      const w = world as World;
      w.runner.close();
      w.persist();
      w.close();
      await w.driver.close();
      hub.closeAll();
      teleop?.close();
      wss.close();
      await Promise.all([stop(http), stop(teleopHttp)]);
      store.close();
    })());
  return { url: `${tls ? 'https' : 'http'}://${shownHost}:${port}`, port, teleopPort, app, close };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      ok();
    });
  });
}

function stop(server: Server): Promise<void> {
  return new Promise((ok) => {
    server.close(() => ok());
    server.closeAllConnections();
  });
}
