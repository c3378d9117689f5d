/**
 * The session rules in front of a robot's own back end (api.md "Sessions"), for the pass-through server: the same
 * rules as the simulator's (http/access.ts), so a robot whose back end is lax, or speaks the older contract, is
 * still driven only by a logged-in operator. The pass-through keeps its own sessions: a right PIN, as the robot
 * answers it, starts one here; the robot's own session cookie, if it sets one, is kept here beside it and sent
 * on with that session's calls, never handed to the browser.
 */
import type { IncomingMessage } from 'node:http';
import { realTime } from './clock';
import { isLoopback, type SessionRules } from './http/access';
import { SESSION_COOKIE, SessionStore, sessionCookie } from './http/sessions';

/** The proxy's sessions, and the robot's cookie of each. */
export class ProxySessions {
  readonly store = new SessionStore(realTime);
  readonly rules: SessionRules;
  /** session key -> the `Cookie` header value of the robot's own session, when the robot keeps sessions */
  private robotCookies = new Map<string, string>();

  /** `isRobotScreen`: as the simulator's option of that name (default: a loopback address). */
  constructor(
    private target: URL,
    isRobotScreen: (remoteAddress: string) => boolean = isLoopback,
  ) {
    this.rules = {
      sessions: this.store,
      isRobotScreen,
      hasPin: () => this.hasPin(),
      missionAtStep: (step) => this.missionAtStep(step),
    };
    this.store.onEnd((key) => this.robotCookies.delete(key));
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
