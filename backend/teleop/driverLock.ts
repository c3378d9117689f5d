/**
 * One driver at a time (api.md "Sessions"): while one session's teleop client holds the robot in MANUAL mode,
 * other sessions may watch (mode, joints) but not drive or switch the mode. The hold ends with the holder's
 * switch back to NORMAL, its session's end, or its last teleop socket closed for 5 s (a dropped Wi-Fi link
 * that comes back in time keeps it). Evaluated when asked, so no timer has to be cleaned up.
 */
import type { MonoTime } from '../clock';

/** How long the holder may be without an open teleop socket before the robot is free for others. */
export const HOLDER_GRACE_MS = 5_000;

/** Who holds the robot in MANUAL mode. */
export class DriverLock {
  private holder: string | null = null;
  /** when the holder's last socket closed; null while one is open */
  private goneSince: number | null = null;
  /** open teleop sockets per session key */
  private sockets = new Map<string, number>();

  /**
   * `isLive`: whether a session is still live; `manual`: whether the robot is in MANUAL mode at all (a mode
   * changed elsewhere ends the hold).
   */
  constructor(
    private time: MonoTime,
    private isLive: (session: string) => boolean,
    private manual: () => boolean,
  ) {}

  /** Whether `session` may drive and switch the mode now: nobody else holds the robot. */
  mayDrive(session: string): boolean {
    const h = this.activeHolder();
    return h === null || h === session;
  }

  /** `session` switched the robot to MANUAL: it holds it now. */
  take(session: string): void {
    this.holder = session;
    this.goneSince = (this.sockets.get(session) ?? 0) > 0 ? null : this.time.monoNow();
  }

  /** The robot went back to NORMAL (or its holder's session ended): nobody holds it. */
  release(): void {
    this.holder = null;
    this.goneSince = null;
  }

  socketOpened(session: string): void {
    this.sockets.set(session, (this.sockets.get(session) ?? 0) + 1);
    if (session === this.holder) this.goneSince = null;
  }

  socketClosed(session: string): void {
    const left = (this.sockets.get(session) ?? 1) - 1;
    if (left > 0) this.sockets.set(session, left);
    else this.sockets.delete(session);
    if (left <= 0 && session === this.holder) this.goneSince = this.time.monoNow();
  }

  /** The holder, unless the hold has lapsed (mode changed, session ended, socket gone for the grace time). */
  private activeHolder(): string | null {
    const h = this.holder;
    if (h === null) return null;
    const away = this.goneSince !== null && this.time.monoNow() - this.goneSince >= HOLDER_GRACE_MS;
    if (!this.manual() || !this.isLive(h) || away) {
      this.release();
      return null;
    }
    return h;
  }
}
