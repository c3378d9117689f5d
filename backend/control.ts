/**
 * The control surface for tests and demos (only with `--control`): push any `/ws` frame, drop sockets, raise
 * and resolve alerts, fail the next mission, make API calls fail or stall, set batteries, disconnect the
 * robot, lose or find the followed person, and read the world's state. Documented in backend/README.md.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { App } from './app';
import { isLoopback } from './http/access';
import { unexpectedErrors } from './http/lastResort';
import { SocketBudget } from './http/limits';
import { matchesPathStart } from './http/pathPattern';
import { ApiError, conflict, Router, sendError, validate } from './http/router';
import { SimRobot } from './robots/sim/simRobot';
import type { TeleopSocket } from './teleop/socket';

interface CallRule {
  /** a path pattern (http/pathPattern.ts): matched by hand, never turned into a regular expression */
  path: string;
  mode: 'fail' | 'stall';
  status: number;
}

const codes = z.array(z.string().min(1)).optional();
const alertSide = z.object({ errors: codes, warnings: codes }).strict().optional();
const schemas = {
  push: z.union([
    z.object({ event: z.string().min(1), data: z.unknown().optional() }).strict(),
    z.object({ raw: z.string() }).strict(),
  ]),
  alerts: z.object({ activate: alertSide, resolve: alertSide }).strict(),
  calls: z
    .object({ path: z.string().min(1).max(512), mode: z.enum(['fail', 'stall', 'ok']), status: z.number().int().min(400).max(599).optional() })
    .strict(),
  battery: z.object({ charges: z.array(z.number().min(0).max(1)).min(1).max(2) }).strict(),
  robot: z.object({ connected: z.boolean() }).strict(),
  follow: z.object({ found: z.boolean() }).strict(),
  teleop: z.object({ accepting: z.boolean() }).strict(),
};

/** Fault injection for API calls plus the `/control/` routes. */
export class Control {
  readonly router = new Router();
  private rules: CallRule[] = [];
  private stalled = new Set<{ path: string; release: (go: boolean) => void }>();

  constructor(app: App, teleop: () => TeleopSocket | null) {
    const r = this.router;
    const { world, hub } = app;
    /** The calls that reach into the robot need the simulated one. */
    const sim = () => {
      if (!(world.driver instanceof SimRobot)) throw conflict('the robot is not simulated');
      return world.driver;
    };
    r.on('POST', '/control/push', ({ body }) => {
      const b = validate(schemas.push, body);
      if ('raw' in b) hub.sendRaw(b.raw);
      else hub.broadcast(b.event, b.data ?? {});
      return {};
    });
    r.on('POST', '/control/drop-sockets', () => {
      hub.dropAll();
      teleop()?.dropAll();
      return {};
    });
    // Holds the teleop socket down (drops it and refuses reconnects) until switched on again.
    r.on('POST', '/control/teleop', ({ body }) => {
      const socket = teleop();
      if (!socket) throw conflict('no teleop socket');
      socket.accepting = validate(schemas.teleop, body).accepting;
      if (!socket.accepting) socket.dropAll();
      return { accepting: socket.accepting };
    });
    r.on('POST', '/control/alerts', ({ body }) => world.alerts.change(validate(schemas.alerts, body)));
    r.on('POST', '/control/fail-next-mission', () => {
      world.runner.failNext = true;
      return {};
    });
    r.on('POST', '/control/calls', ({ body }) => {
      const b = validate(schemas.calls, body);
      this.setRule(b.path, b.mode, b.status);
      return { rules: this.rules.map(({ path, mode, status }) => ({ path, mode, status })) };
    });
    r.on('POST', '/control/battery', ({ body }) => {
      sim().setCharges(validate(schemas.battery, body).charges);
      return world.batteryState();
    });
    r.on('POST', '/control/robot', ({ body }) => {
      sim().setConnected(validate(schemas.robot, body).connected);
      return {};
    });
    r.on('POST', '/control/follow', ({ body }) => {
      const { found } = validate(schemas.follow, body);
      const { mapping } = sim();
      if (!mapping.person) throw conflict('follow-me is not running');
      mapping.setFound(found);
      return {};
    });
    r.on('GET', '/control/state', () => ({
      pose: world.pose(),
      twist: world.driver instanceof SimRobot ? world.driver.body.twist : null,
      connected: world.connected,
      manual: world.manual,
      mission_phase: world.runner.phase,
      current_mission: world.runner.current,
      queue: app.store.missions.queueLength(),
      mapping: world.mappingOn,
      following: world.driver instanceof SimRobot ? (world.driver.mapping.person?.following ?? null) : null,
      person: world.driver instanceof SimRobot ? (world.driver.mapping.person?.pos ?? null) : null,
      batteries: world.batteryState().batteries,
      alerts: world.alerts.snapshot(),
      sim_time: new Date(app.clock.now()).toISOString(),
      speed: app.clock.speed,
    }));
    // The process's own health, for the fuzz test: errors that reached the last resort, and memory (after a
    // full collection when Node runs with --expose-gc, so that two readings compare what is really held).
    r.on('GET', '/control/process', () => {
      (globalThis as { gc?: () => void }).gc?.();
      const m = process.memoryUsage();
      return { pid: process.pid, unexpected_errors: unexpectedErrors(), open_sockets: SocketBudget.openInProcess(), rss: m.rss, heap_used: m.heapUsed };
    });
  }

  /**
   * Applies fault rules to an API call (or a static file) before it is handled: resolves true to go on, false when the call was
   * answered (failed) or abandoned (server closing while stalled).
   */
  gate(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> | boolean {
    const rule = this.rules.find((x) => matchesPathStart(x.path, pathname));
    if (!rule) return true;
    if (rule.mode === 'fail') {
      sendError(res, rule.status, 'internal', `failure injected by the control surface for ${req.method} ${pathname}`);
      return false;
    }
    return new Promise<boolean>((resolve) => {
      const entry = { path: rule.path, release: (go: boolean) => (this.stalled.delete(entry), resolve(go)) };
      this.stalled.add(entry);
      req.socket.once('close', () => entry.release(false));
    });
  }

  /** Releases stalled calls as abandoned (server shutdown). */
  close(): void {
    for (const s of [...this.stalled]) s.release(false);
  }

  private setRule(path: string, mode: 'fail' | 'stall' | 'ok', status = 500): void {
    this.rules = this.rules.filter((x) => x.path !== path);
    if (mode !== 'ok') {
      this.rules.push({ path, mode, status });
      return;
    }
    // Clearing a stall lets the held calls through, answered as usual.
    for (const s of [...this.stalled]) if (s.path === path) s.release(true);
  }
}

/**
 * The refusal of a control call from elsewhere than the machine itself (api.md: the control surface answers only
 * loopback clients, whatever address the back end listens on), or null for a loopback client.
 */
export function controlRefusal(req: IncomingMessage): ApiError | null {
  if (isLoopback(req.socket.remoteAddress ?? '')) return null;
  return new ApiError(403, 'forbidden', 'the control surface answers only on the machine itself');
}

/**
 * Throws unless the control surface may be on while listening on `host`: a loopback host always; a network one
 * (`0.0.0.0`, a LAN address) only when told so (`--control-on-network`), since its fault rules reach every client.
 */
export function refuseControlHost(host: string, onNetwork: boolean): void {
  if (onNetwork || host === 'localhost' || isLoopback(host)) return;
  throw new Error(
    `--control on the network address ${host}: the control surface is for tests on this machine; ` +
      'listen on 127.0.0.1, or add --control-on-network to start anyway (it still answers only loopback clients)',
  );
}
