/**
 * Shared helpers for the simulator tests: a simulator in a temp folder, JSON calls (logged in, or not), and
 * socket probes. `t.call` carries a session made in-process (`sessionCookie`), so a test of something else does
 * not depend on the PIN or the login lockout; tests of the session rules log in over HTTP (`login`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { SESSION_COOKIE } from '../../backend/http/sessions';
import { type Backend, type Simulator, type SimulatorOptions, startSimulator } from '../../backend/server';

/** A simulator on free ports with its own database, control surface on, fast clock. */
export interface TestSim {
  sim: Simulator;
  dir: string;
  dbPath: string;
  base: string;
  /** a call with the test's session (made in-process when the simulator started) */
  call: (method: string, path: string, body?: unknown) => Promise<Answer>;
  /** a call with no session cookie */
  anon: (method: string, path: string, body?: unknown) => Promise<Answer>;
  /** the `Cookie` header value of the test's session, for sockets and raw requests */
  cookie: string;
  close: () => Promise<void>;
}

/** Status and parsed body of an answer. */
export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Headers;
}

/** Starts a simulator for a test (defaults: control on, speed 50, temp db, no built app). */
export async function startTestSim(opts: Partial<SimulatorOptions> = {}, dir = mkdtempSync(join(tmpdir(), 'sim-test-'))): Promise<TestSim> {
  const dbPath = opts.dbPath ?? join(dir, 'robot.db');
  const sim = await startSimulator({ port: 0, teleopPort: 0, control: true, speed: 50, staticDir: join(dir, 'no-dist'), ...opts, dbPath });
  const base = sim.url;
  const cookie = sessionCookie(sim);
  return {
    sim,
    dir,
    dbPath,
    base,
    cookie,
    call: (method, path, body) => call(base, method, path, body, cookie),
    anon: (method, path, body) => call(base, method, path, body),
    close: async () => {
      await sim.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A new session of an in-process back end, as the `Cookie` header value that carries it: what a login would
 * give, without the PIN (the session rules themselves are tested through real logins, tests/sim/sessions*.ts).
 */
export function sessionCookie(backend: Backend): string {
  return `${SESSION_COOKIE}=${backend.app.sessions.create()}`;
}

/** The `Cookie` header value of a `Set-Cookie` answer's session, or undefined when it set none. */
export function cookieOf(answer: { headers: Headers }): string | undefined {
  const set = answer.headers.get('set-cookie');
  const m = set ? new RegExp(`(?:^|, )(${SESSION_COOKIE}=[^;]+)`).exec(set) : null;
  return m?.[1];
}

/** Logs in over HTTP with `pin` (POST api/auth/login, or api/auth for first use) and returns the session's cookie. */
export async function login(base: string, pin = '123456', path = '/api/auth/login'): Promise<string> {
  const r = await call(base, 'POST', path, { pin });
  const cookie = cookieOf(r);
  if (r.status !== 200 || !r.body.data?.isCorrect || !cookie) throw new Error(`login failed: ${r.status} ${JSON.stringify(r.body)}`);
  return cookie;
}

/**
 * One HTTP call with an optional JSON body; the answer's body is parsed when it is JSON. `cookie` (a `Cookie`
 * header value, e.g. from `sessionCookie` or `login`) makes it a logged-in call.
 */
export async function call(base: string, method: string, path: string, body?: unknown, cookie?: string): Promise<Answer> {
  const init: RequestInit = { method, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) } };
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await fetch(base + path, init);
  const text = await res.text();
  let parsed: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
  return { status: res.status, body: parsed, headers: res.headers };
}

/** A received `/ws` frame. */
export interface Frame {
  event: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

/** Connects to a socket and records every frame; `waitFor` resolves on a matching frame (past or future). */
export class Probe {
  readonly frames: Frame[] = [];
  readonly raw: string[] = [];
  private waiters: { pred: (f: Frame) => boolean; from: number; ok: (f: Frame) => void }[] = [];
  readonly ws: WebSocket;
  readonly opened: Promise<void>;
  closed = false;

  /** `cookie`: a `Cookie` header value, to connect with a session. */
  constructor(url: string, cookie?: string) {
    this.ws = new WebSocket(url, cookie ? { headers: { cookie } } : {});
    this.opened = new Promise((ok, fail) => {
      this.ws.once('open', () => ok());
      this.ws.once('error', fail);
    });
    this.ws.on('close', () => (this.closed = true));
    this.ws.on('message', (data) => {
      const text = data.toString();
      this.raw.push(text);
      let f: Frame;
      try {
        f = JSON.parse(text) as Frame;
      } catch {
        return;
      }
      this.frames.push(f);
      for (const w of [...this.waiters])
        if (w.pred(f)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.ok(f);
        }
    });
  }

  /** Waits for a frame with `event` (and matching `pred`) seen after index `from` (default: any time). */
  waitFor(event: string, pred: (f: Frame) => boolean = () => true, timeoutMs = 20_000, from = 0): Promise<Frame> {
    const match = (f: Frame) => (f.event === event || (f as unknown as { op?: string }).op === event) && pred(f);
    const seen = this.frames.slice(from).find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((ok, fail) => {
      const t = setTimeout(() => fail(new Error(`timeout waiting for ${event}; got ${this.frames.map((x) => x.event ?? (x as unknown as { op: string }).op).join(', ')}`)), timeoutMs);
      this.waiters.push({ pred: match, from, ok: (f) => (clearTimeout(t), ok(f)) });
    });
  }

  events(): string[] {
    return this.frames.map((f) => f.event);
  }

  send(obj: unknown): void {
    this.ws.send(JSON.stringify(obj));
  }

  close(): void {
    this.ws.close();
  }
}

/** Opens a probe on the simulator's `/ws` (from loopback, the robot's own screen: every frame). */
export async function wsProbe(t: TestSim, cookie?: string): Promise<Probe> {
  const p = new Probe(t.base.replace(/^http/, 'ws') + '/ws', cookie);
  await p.opened;
  return p;
}

/** Opens a probe on the teleop socket, with the test's session unless another cookie is given. */
export async function teleopProbe(t: TestSim, cookie = t.cookie): Promise<Probe> {
  const p = new Probe(`ws://127.0.0.1:${t.sim.teleopPort}`, cookie);
  await p.opened;
  return p;
}

/** Polls `fn` until it returns a truthy value. */
export async function until<T>(fn: () => T | Promise<T>, timeoutMs = 20_000, stepMs = 20): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

/** Creates a destination at one of the floor's places and returns it. */
export async function makeDestination(t: TestSim, name: string, x: number, y: number, orientation = 0) {
  const r = await t.call('POST', '/api/destination', { name, x, y, orientation, resolution: 0.05 });
  if (r.status !== 200) throw new Error(`destination: ${JSON.stringify(r.body)}`);
  return r.body.data as { id: number; name: string };
}

/** The body of a quick mission (POST api/mission/definition/quick) to `destination_id`: a delivery to anyone, nothing loaded. */
export function quickMission(destination_id: number) {
  return { destination_id, activity_id: 1, recipient_id: 1, load_location_left: [], load_location_right: [], message: '', message_read_required: false };
}
