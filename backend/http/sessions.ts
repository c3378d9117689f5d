/**
 * Operator sessions (api.md "Sessions"): a right PIN starts one, its id travels only in the `kiosk_session`
 * cookie, logout ends it, and so do 15 minutes with no call and no open socket from it, 12 hours after its login
 * whatever its activity, and a PIN set or changed by another session.
 *
 * Kept in memory, not in SQLite: a session is a bearer secret, and one written to disk would outlive the
 * process on the robot's storage (and in its backups) for nothing; the cost is that a restart of the back end
 * logs everyone out, which api.md allows. Even in memory the ids are keyed by their SHA-256 digest, so the
 * table holds nothing a caller could present, and looking one up takes no time that depends on the id.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { MonoTime } from '../clock';

/** The cookie that carries the session id. */
export const SESSION_COOKIE = 'kiosk_session';
/** A session with no call and no open socket for this long ends (api.md). */
export const IDLE_MS = 15 * 60_000;
/** A session ends this long after its login, open sockets or not (api.md). */
export const LIFETIME_MS = 12 * 60 * 60_000;
/** How often ended sessions are looked for, so that their sockets close without waiting for a call (real ms). */
const SWEEP_EVERY_MS = 5_000;
/** 32 random bytes: 256 bits, well over api.md's 128. */
const ID_BYTES = 32;

/** Who is calling, as the session rules (access.ts) found out; handed to every route. */
export interface Caller {
  /** the key of the caller's live session (never the id itself), or null */
  session: string | null;
  /** a request from the robot's own screen (see access.ts `SessionRules.isRobotScreen`) */
  robotScreen: boolean;
}

/** A caller with no session, not on the robot's screen. */
export const NOBODY: Caller = { session: null, robotScreen: false };

interface Entry {
  startedAt: number;
  lastSeen: number;
  /** open sockets (/ws, teleop) from this session: while any is open the session does not idle out */
  sockets: number;
  /** what closes each of those sockets when the session ends */
  closers: Set<() => void>;
}

/** The live sessions of one server. */
export class SessionStore {
  private entries = new Map<string, Entry>();
  private endListeners = new Set<(key: string) => void>();

  /** `time`: real time by default (see clock.ts `realTime`); tests pass a virtual clock. */
  constructor(private time: MonoTime) {}

  /** Starts a session and returns its id, to be sent once in a Set-Cookie and nowhere else. */
  create(): string {
    this.sweep();
    const id = randomBytes(ID_BYTES).toString('base64url');
    const now = this.time.monoNow();
    this.entries.set(keyOf(id), { startedAt: now, lastSeen: now, sockets: 0, closers: new Set() });
    return id;
  }

  /**
   * The key of the live session `id` names, or null (no id, unknown, ended, or idle too long). A call counts as
   * activity: it restarts the idle time. The key, not the id, is what the rest of the server passes around.
   */
  touch(id: string | undefined): string | null {
    const key = this.liveKey(id);
    if (key) (this.entries.get(key) as Entry).lastSeen = this.time.monoNow();
    return key;
  }

  /** Whether the session with this key is live (ends it now if it has idled out or outlived its 12 hours). */
  isLive(key: string | null): boolean {
    if (!key) return false;
    const e = this.entries.get(key);
    if (!e) return false;
    const now = this.time.monoNow();
    if (now - e.startedAt < LIFETIME_MS && (e.sockets > 0 || now - e.lastSeen < IDLE_MS)) return true;
    this.endKey(key);
    return false;
  }

  /** Ends the session with this key, if it is still there (logout). */
  end(key: string | null): void {
    if (key) this.endKey(key);
  }

  /** Ends every session but `keep` (a PIN set or changed: api.md); `keep` null ends them all. */
  endAllExcept(keep: string | null): void {
    for (const key of [...this.entries.keys()]) if (key !== keep) this.endKey(key);
  }

  /**
   * Marks a socket from the live session `key` open; the returned function marks it closed (call it once).
   * `close`, if given, is called when the session ends while the socket is open (it should close the socket).
   */
  holdOpen(key: string, close?: () => void): () => void {
    const e = this.entries.get(key);
    if (!e) return () => {};
    e.sockets++;
    if (close) e.closers.add(close);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      e.sockets--;
      if (close) e.closers.delete(close);
      e.lastSeen = this.time.monoNow();
    };
  }

  /**
   * Looks for ended sessions every few seconds of real time, so that a session's sockets close when its 12 hours
   * are up even if nothing else asks about it. Returns the function that stops looking (call it on close).
   */
  startSweeping(everyMs = SWEEP_EVERY_MS): () => void {
    const timer = setInterval(() => this.sweep(), everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Ends the sessions that have idled out or outlived their 12 hours. */
  sweep(): void {
    for (const key of [...this.entries.keys()]) this.isLive(key);
  }

  /** Called with the key of every session that ends (logout, idle end noticed, server close). */
  onEnd(fn: (key: string) => void): () => void {
    this.endListeners.add(fn);
    return () => this.endListeners.delete(fn);
  }

  /** How many sessions are live (tests). */
  get size(): number {
    this.sweep();
    return this.entries.size;
  }

  private liveKey(id: string | undefined): string | null {
    if (!id) return null;
    const key = keyOf(id);
    return this.isLive(key) ? key : null;
  }

  private endKey(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    for (const close of [...e.closers]) close();
    for (const fn of this.endListeners) fn(key);
  }
}

/** The session id a request's cookies carry, if any (the last `kiosk_session` wins, as in browsers' order). */
export function sessionIdOf(req: IncomingMessage): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  let found: string | undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === SESSION_COOKIE) found = part.slice(eq + 1).trim();
  }
  return found || undefined;
}

/** The Set-Cookie value that hands `id` to the browser: scripts cannot read it, other sites cannot send it. */
export function sessionCookie(id: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${id}; HttpOnly; SameSite=Strict; Path=/${secure ? '; Secure' : ''}`;
}

/** The Set-Cookie value that makes the browser forget the session cookie. */
export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0${secure ? '; Secure' : ''}`;
}

function keyOf(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}
