/**
 * The kiosk's "Report a problem": makes the clip (worker/reportClip.ts), sends it (worker/reportSender.ts), and
 * while reports wait on the kiosk, tries them again every `RETRY_MS` once the core says the back end is reachable
 * and the operator logged in (the call needs the session).
 */
import type { State } from '../core/state';
import type { Ports } from './ports';
import { reportClip } from './reportClip';
import type { ReportQueue } from './reportQueue';
import { ReportSender, type ReportOutcome } from './reportSender';

/** How often waiting reports are tried again: soon after the back end is back, without polling it hard. */
export const RETRY_MS = 10_000;
/** The longest a clip's upload may take (a big clip over a slow link), so a hung call never blocks the queue. */
export const UPLOAD_TIMEOUT_MS = 120_000;

/** What the desk needs of the live runtime. */
export interface ReportSource {
  /** The kiosk's log in memory, as JSON Lines. */
  exportLog(): string;
  snapshot(): State;
}

export class ReportDesk {
  readonly sender: ReportSender;
  private retry: unknown = null;

  constructor(
    private readonly ports: Ports,
    private readonly source: ReportSource,
    private readonly queue: ReportQueue,
  ) {
    this.sender = new ReportSender((text) => this.post(text), queue, (m) => ports.log('warn', m));
  }

  /** Reports a problem now: the last 15 minutes of the log with the note, sent or kept. */
  async report(note: string): Promise<ReportOutcome> {
    const text = note.trim();
    if (!text) return { kind: 'refused', message: 'the note is empty' };
    const at = this.ports.now();
    let clip: string;
    try {
      clip = reportClip(this.source.exportLog(), { note: text, at });
    } catch (error) {
      return { kind: 'failed', message: `no clip: ${(error as Error).message}` };
    }
    const outcome = await this.sender.send(clip, at);
    if (outcome.kind === 'kept') this.scheduleRetry();
    return outcome;
  }

  /** At start: reports kept before a reload or a restart are tried again in due course. */
  async resume(): Promise<void> {
    if ((await this.queue.count().catch(() => 0)) > 0) this.scheduleRetry();
  }

  /** How many reports wait on the kiosk. */
  waiting(): Promise<number> {
    return this.queue.count();
  }

  private scheduleRetry(): void {
    if (this.retry !== null) return;
    this.retry = this.ports.setTimeout(() => void this.tryAgain(), RETRY_MS);
  }

  private async tryAgain(): Promise<void> {
    this.retry = null;
    const state = this.source.snapshot();
    const waiting = state.connection.backend && state.session.login ? await this.sender.flush().catch(() => 1) : await this.queue.count().catch(() => 1);
    if (waiting > 0) this.scheduleRetry();
  }

  private async post(text: string) {
    const controller = typeof AbortController === 'function' ? new AbortController() : null;
    const timer = this.ports.setTimeout(() => controller?.abort(), UPLOAD_TIMEOUT_MS);
    try {
      const init = { method: 'POST', headers: { 'content-type': 'application/x-ndjson', accept: 'application/json' }, body: text };
      return await this.ports.fetch(`${this.ports.location.origin}/api/reports`, controller ? { ...init, signal: controller.signal } : init);
    } finally {
      this.ports.clearTimeout(timer);
    }
  }
}
