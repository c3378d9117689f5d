/**
 * The PIN lockout (api.md "Sessions", "Whose tries count"), shared by the back end and the pass-through server.
 *
 * - Each client keeps its own count: the robot's own screen one, each network address one (IPv6 by its /64, the
 *   block one device is handed). 5 wrong PINs in a row lock that client out for 30 s; a client that keeps trying
 *   after that is locked out again after each further 5 wrong PINs, each time twice as long, up to 15 minutes.
 *   Tries while locked out are refused and not counted: an app that asks again early loses nothing. A right PIN
 *   clears the client's count and its doubling; so does a day without a wrong PIN.
 * - Over all network clients together at most 20 wrong PINs an hour are judged; past that every PIN check from
 *   the network is refused until the oldest of them is an hour old, or a right PIN is given on the robot's screen.
 *   Wrong PINs from the network never lock the robot's own screen out.
 *
 * A try is counted as wrong when it starts (`begin`) and forgiven when the check says it was right (`finish`):
 * the check is asynchronous (scrypt), and a guesser firing a hundred checks at once must meet the lockout after
 * the fifth, not after all of them have been judged.
 *
 * Time is real time (clock.ts `realTime`), not the simulated clock: SIM_SPEED speeds the robot up, not guessing.
 */
import { isIP } from 'node:net';
import { type MonoTime, realTime } from '../clock';

/** Who is trying a PIN. */
export interface PinClient {
  /** the peer address of the request (`req.socket.remoteAddress`) */
  address: string;
  /** the robot's own screen (access.ts `isRobotScreen`): a count of its own, outside the network ceiling */
  robotScreen: boolean;
}

/** The rules' figures (api.md); tests shrink `maxClients`. */
export interface LockoutRules {
  /** wrong PINs in a row that lock a client out */
  maxWrong: number;
  /** the first lockout */
  firstWaitMs: number;
  /** the longest lockout the doubling reaches */
  longestWaitMs: number;
  /** wrong PINs judged from the whole network in `ceilingWindowMs` */
  ceiling: number;
  ceilingWindowMs: number;
  /** a client with no wrong PIN for this long, and not locked out, is forgotten (its doubling starts over) */
  forgetMs: number;
  /** clients remembered at once; past it the least recently seen is dropped (the ceiling still holds) */
  maxClients: number;
}

export const LOCKOUT_RULES: LockoutRules = {
  maxWrong: 5,
  firstWaitMs: 30_000,
  longestWaitMs: 15 * 60_000,
  ceiling: 20,
  ceilingWindowMs: 60 * 60_000,
  forgetMs: 24 * 60 * 60_000,
  maxClients: 4096,
};

/** The robot's own screen's key: one count whichever loopback address it came from. */
const ROBOT_SCREEN = 'robot-screen';

interface Count {
  /** wrong PINs since the last lockout or right PIN */
  wrong: number;
  /** lockouts so far: the next wait is `firstWaitMs * 2^level`, capped */
  level: number;
  lockedUntil: number;
  lastWrong: number;
}

/** A try under way, handed back to `finish` with the check's outcome. */
export interface PinTry {
  readonly key: string;
  readonly network: boolean;
  readonly at: number;
}

/** A PIN check refused: the client (or the network as a whole) is locked out for `waitMs`. */
export class LockedOut extends Error {
  constructor(readonly waitMs: number) {
    super(`too many wrong PINs; try again in ${Math.max(1, Math.ceil(waitMs / 1000))} s`);
  }

  /** Whole seconds to wait, for a `Retry-After` header. */
  get retryAfter(): string {
    return String(Math.max(1, Math.ceil(this.waitMs / 1000)));
  }
}

/** Counts wrong PINs per client and over the network; see the file's comment for the rules. */
export class LoginLimiter {
  private counts = new Map<string, Count>();
  /** when each wrong PIN from the network judged in the last window was tried, oldest first */
  private networkWrong: number[] = [];
  private rules: LockoutRules;

  constructor(
    private time: MonoTime = realTime,
    rules: Partial<LockoutRules> = {},
  ) {
    this.rules = { ...LOCKOUT_RULES, ...rules };
  }

  /**
   * Starts a PIN check for `client`: throws `LockedOut` when it may not try now (not counted); otherwise counts
   * the try as wrong until `finish` says otherwise.
   */
  begin(client: PinClient): PinTry {
    const now = this.time.monoNow();
    const key = keyOf(client);
    const network = !client.robotScreen;
    let count = this.remembered(key, now);
    if (count && count.lockedUntil > now) throw new LockedOut(count.lockedUntil - now);
    if (network) {
      this.pruneWindow(now);
      const oldest = this.networkWrong[0];
      if (oldest !== undefined && this.networkWrong.length >= this.rules.ceiling) throw new LockedOut(oldest + this.rules.ceilingWindowMs - now);
      this.networkWrong.push(now);
    }
    count ??= this.add(key, now);
    count.wrong++;
    count.lastWrong = now;
    if (count.wrong >= this.rules.maxWrong) {
      count.wrong = 0;
      count.lockedUntil = now + this.waitAt(count.level);
      count.level++;
    }
    return { key, network, at: now };
  }

  /** Ends a check begun with `begin`: a right PIN clears the client's count, and on the robot's screen the ceiling. */
  finish(t: PinTry, right: boolean): void {
    if (!right) return;
    this.counts.delete(t.key);
    if (!t.network) this.networkWrong = [];
    else {
      const i = this.networkWrong.indexOf(t.at);
      if (i >= 0) this.networkWrong.splice(i, 1);
    }
  }

  /** Milliseconds `client` must wait before a try is judged, 0 when it may try now (a look, not a try). */
  lockedFor(client: PinClient): number {
    const now = this.time.monoNow();
    const own = Math.max(0, (this.counts.get(keyOf(client))?.lockedUntil ?? 0) - now);
    if (client.robotScreen) return own;
    this.pruneWindow(now);
    const oldest = this.networkWrong[0];
    const ceiling = oldest !== undefined && this.networkWrong.length >= this.rules.ceiling ? oldest + this.rules.ceilingWindowMs - now : 0;
    return Math.max(own, ceiling);
  }

  /** How many clients are remembered (tests: the table stays bounded). */
  get clients(): number {
    return this.counts.size;
  }

  private waitAt(level: number): number {
    // 2^level overflows nothing below the cap: level is small whenever the product is under it.
    return Math.min(this.rules.longestWaitMs, this.rules.firstWaitMs * 2 ** Math.min(level, 30));
  }

  /** The client's count, moved to the newest end of the table; a stale one is forgotten. */
  private remembered(key: string, now: number): Count | undefined {
    const count = this.counts.get(key);
    if (!count) return undefined;
    this.counts.delete(key);
    if (this.isStale(count, now)) return undefined;
    this.counts.set(key, count);
    return count;
  }

  private add(key: string, now: number): Count {
    if (this.counts.size >= this.rules.maxClients) {
      for (const [k, c] of this.counts) if (this.isStale(c, now)) this.counts.delete(k);
      // Still full: drop the least recently seen (a Map iterates in insertion order, and `remembered` re-inserts).
      for (const k of this.counts.keys()) {
        if (this.counts.size < this.rules.maxClients) break;
        this.counts.delete(k);
      }
    }
    const count: Count = { wrong: 0, level: 0, lockedUntil: 0, lastWrong: now };
    this.counts.set(key, count);
    return count;
  }

  private isStale(c: Count, now: number): boolean {
    return c.lockedUntil <= now && now - c.lastWrong >= this.rules.forgetMs;
  }

  private pruneWindow(now: number): void {
    const from = now - this.rules.ceilingWindowMs;
    let drop = 0;
    while (drop < this.networkWrong.length && (this.networkWrong[drop] as number) <= from) drop++;
    if (drop) this.networkWrong.splice(0, drop);
  }
}

/**
 * The count a client's tries go to: the robot's screen has one; a network client is its IPv4 address, or its
 * IPv6 /64 (a device picks any address in its /64 at will, so a count per address would be a count per try).
 */
export function keyOf(client: PinClient): string {
  if (client.robotScreen) return ROBOT_SCREEN;
  const a = client.address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (isIP(a) !== 6) return a;
  return `${expandIpv6(a).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, `::` filled in (a zone index such as `%eth0` dropped). */
function expandIpv6(address: string): string[] {
  const [head = '', tail] = address.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...fill, ...right].map((g) => g.replace(/^0+(?=.)/, ''));
}
