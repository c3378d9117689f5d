/**
 * The session rules in front of a robot's own back end (api.md "Sessions"), for the pass-through server: the same
 * rules as the simulator's (http/access.ts), so a robot whose back end is lax, or speaks the older contract, is
 * still driven only by a logged-in operator. The pass-through keeps its own sessions: a right PIN, as the robot
 * answers it, starts one here; the robot's own session cookie, if it sets one, is kept here beside it and sent
 * on with that session's calls, never handed to the browser.
 *
 * The lockout is the back end's own too (http/loginLimiter.ts): every PIN passed on to the robot is counted here
 * per client first, with the network ceiling, whatever the robot's back end counts (it sees only this server).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type MonoTime, realTime } from './clock';
import { isLoopback, type SessionRules, unauthenticated } from './http/access';
import { pinClient, refusal } from './http/authRoutes';
import { LoginLimiter, type PinTry } from './http/loginLimiter';
import { ApiError, sendError, sendJson } from './http/router';
import { type Caller, SESSION_COOKIE, SessionStore, sessionCookie } from './http/sessions';
import { readWhole } from './proxyForward';

/** The largest body of a call this server reads itself (api.md: 1 MB). */
const MAX_BODY = 1_000_000;

/**
 * How a call that checks or sets a PIN is passed on: the body already read (to be sent instead of the request's),
 * and what to do with the robot's whole answer (the cookie to set instead of the robot's, if any).
 */
export interface PinPass {
  body?: Buffer;
  answered?: (status: number, cookies: string[], body: Buffer) => Promise<string | null>;
}

/** The proxy's sessions, and the robot's cookie of each. */
export class ProxySessions {
  readonly store: SessionStore;
  readonly login: LoginLimiter;
  readonly rules: SessionRules;
  /** session key -> the `Cookie` header value of the robot's own session, when the robot keeps sessions */
  private robotCookies = new Map<string, string>();
  private stopSweeping: () => void;

  /**
   * `isRobotScreen`: as the simulator's option of that name (default: a loopback address); `time`: the clock of
   * the sessions' ends and the lockout (real time; tests pass a virtual one).
   */
  constructor(
    private target: URL,
    isRobotScreen: (remoteAddress: string) => boolean = isLoopback,
    time: MonoTime = realTime,
  ) {
    this.store = new SessionStore(time);
    this.login = new LoginLimiter(time);
    this.stopSweeping = this.store.startSweeping();
    this.rules = {
      sessions: this.store,
      isRobotScreen,
      hasPin: () => this.hasPin(),
      missionAtStep: (step) => this.missionAtStep(step),
    };
    this.store.onEnd((key) => this.robotCookies.delete(key));
  }

  /** Stops the sessions' sweep (the server is closing). */
  close(): void {
    this.stopSweeping();
  }

  /**
   * The lockout and the PIN rules for a call before it is passed on: 'answered' when this server answered it
   * (429 while the client is locked out, `{"isCorrect": false}` at first access once a PIN exists, 401 or 413),
   * a `PinPass` for a call that checks or sets a PIN, null for any other call.
   */
  async pinCall(req: IncomingMessage, res: ServerResponse, call: string, caller: Caller): Promise<PinPass | 'answered' | null> {
    try {
      if (call === 'POST /api/auth/login') return this.counted(this.login.begin(pinClient(req, caller)), false);
      // The PIN change's first step (the PIN in force checked): counted like a login, it starts no session here.
      if (call === 'POST /api/auth/check') return this.checked(this.login.begin(pinClient(req, caller)));
      if (call === 'POST /api/auth') {
        const attempt = this.login.begin(pinClient(req, caller));
        if (!(await this.hasPin())) return this.counted(attempt, true);
        // Once a PIN exists every first-access PIN is wrong, and counts (api.md): the robot is not even asked.
        this.login.finish(attempt, false);
        sendJson(res, 200, { data: { isCorrect: false } });
        return 'answered';
      }
      if (call === 'PATCH /api/settings') return await this.settingsPatch(req, caller);
      return null;
    } catch (err) {
      const e = refusal(err, res);
      if (!(e instanceof ApiError)) throw e;
      sendError(res, e.status, e.code, e.message);
      return 'answered';
    }
  }

  /** A PIN check passed on: its outcome, as the robot answers it, goes to the lockout; a right one starts a session. */
  private counted(attempt: PinTry, firstAccess: boolean): PinPass {
    return {
      answered: async (status, cookies, body) => {
        const right = status === 200 && isCorrect(body);
        this.login.finish(attempt, right);
        return right ? this.started(cookies, body, firstAccess) : null;
      },
    };
  }

  /** A PIN checked without a login (`POST api/auth/check`): its outcome goes to the lockout, and nothing else. */
  private checked(attempt: PinTry): PinPass {
    return {
      answered: async (status, _cookies, body) => {
        this.login.finish(attempt, status === 200 && isCorrect(body));
        return null;
      },
    };
  }

  /**
   * `PATCH api/settings`: read here, for a PIN set or changed. Creating one needs a session; a `current_pin` is
   * counted (a 403 `wrong_pin` from the robot is a wrong PIN); a PIN set or changed ends every other session.
   */
  private async settingsPatch(req: IncomingMessage, caller: Caller): Promise<PinPass> {
    const body = await readBounded(req);
    const fields = parsedObject(body);
    if (!fields || !('superadmin_pin' in fields)) return { body };
    if (!caller.session) throw unauthenticated();
    const attempt = typeof fields.current_pin === 'string' ? this.login.begin(pinClient(req, caller)) : null;
    return {
      body,
      answered: async (status) => {
        // Only an accepted change proves the current PIN; any other answer leaves the try counted as wrong.
        const done = status >= 200 && status < 300;
        if (attempt) this.login.finish(attempt, done);
        if (done) this.store.endAllExcept(caller.session);
        return null;
      },
    };
  }

  /**
   * After the robot answered a PIN check: a right one starts a session here (and keeps the robot's own cookie of
   * it); the answer's Set-Cookie becomes ours. `firstAccess`: the demo PIN opens a session only while no PIN exists.
   */
  async started(answerCookies: string[], body: Buffer, firstAccess: boolean): Promise<string | null> {
    if (!isCorrect(body)) return null;
    if (firstAccess && (await this.hasPin())) return null;
    const id = this.store.create();
    const key = this.store.touch(id) as string;
    const robot = answerCookies.map((c) => c.split(';')[0] as string).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    if (robot) this.robotCookies.set(key, robot);
    return sessionCookie(id, false);
  }

  /** The `Cookie` header to send the robot for a caller of this session: the robot's own session's, or none. */
  robotCookieFor(key: string | null): string | undefined {
    return key ? this.robotCookies.get(key) : undefined;
  }

  /** Whether a PIN exists: asked of the robot (a robot that cannot be asked is taken to have one: fail closed). */
  private async hasPin(): Promise<boolean> {
    const data = await this.read('/api/settings');
    return !(data && typeof data === 'object' && (data as { has_superadmin_pin?: unknown }).has_superadmin_pin === false);
  }

  private async missionAtStep(step: number): Promise<boolean> {
    const data = await this.read('/api/current_mission');
    return Boolean(data && typeof data === 'object' && (data as { step_index?: unknown }).step_index === step);
  }

  /** A public read of the robot's back end, its `data` or null. */
  private async read(path: string): Promise<unknown> {
    try {
      const res = await fetch(new URL(path, this.target), { signal: AbortSignal.timeout(3_000) });
      return res.ok ? ((await res.json()) as { data?: unknown }).data ?? null : null;
    } catch {
      return null;
    }
  }
}

/**
 * Reads a request's whole body, at most 1 MB (413 past it). The rest of a larger body is read and dropped, so
 * the connection stays in step for the client's next call (leaving it unread broke the next call on it).
 */
async function readBounded(req: IncomingMessage): Promise<Buffer> {
  const body = await readWhole(req, MAX_BODY);
  if (body === null) throw new ApiError(413, 'payload_too_large', `body larger than ${MAX_BODY} bytes`);
  return body;
}

/** A JSON object body, or null (the robot then answers it as it would). */
function parsedObject(body: Buffer): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(body.toString('utf8'));
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Whether a PIN check's answer says the PIN was right. */
function isCorrect(body: Buffer): boolean {
  try {
    return (JSON.parse(body.toString('utf8')) as { data?: { isCorrect?: unknown } }).data?.isCorrect === true;
  } catch {
    return false;
  }
}

/** The request's headers for the robot: the checked Origin dropped, our cookie replaced by the robot's own. */
export function headersForRobot(req: IncomingMessage, robotCookie: string | undefined): IncomingMessage['headers'] {
  const { origin: _checked, cookie: _ours, ...headers } = req.headers;
  return robotCookie ? { ...headers, cookie: robotCookie } : headers;
}
