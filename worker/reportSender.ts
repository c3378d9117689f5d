/**
 * Sending problem reports (`POST api/reports`, api.md). A report the back end cannot take now (offline, a back end
 * without the call: 404/405, a session ended: 401, a busy or failing server) is kept in the kiosk's own storage
 * (worker/reportQueue.ts) and sent later by `flush`; one it refuses for what it is (400, 413, 415) is not, since
 * it never would be taken, and the refusal is said.
 */
import type { HttpAnswer } from './ports';
import type { ReportQueue } from './reportQueue';

/** What became of a report: the UI says which. */
export type ReportOutcome =
  | { kind: 'sent' }
  /** The back end could not take it: kept on the kiosk (`waiting` reports now), sent when it can. */
  | { kind: 'kept'; waiting: number }
  /** The back end refused it, with its reason; nothing kept. */
  | { kind: 'refused'; message: string }
  /** The kiosk could not make or keep the clip. */
  | { kind: 'failed'; message: string };

/** Sends one clip's text to the back end. */
export type PostClip = (text: string) => Promise<HttpAnswer>;

/** Statuses that mean "not now" rather than "not this": the report waits and goes again. */
const LATER = new Set([401, 404, 405, 408, 425, 429]);

type Answer = { kind: 'sent' } | { kind: 'later'; reason: string } | { kind: 'refused'; message: string };

export class ReportSender {
  private flushing: Promise<number> | null = null;

  constructor(
    private readonly post: PostClip,
    private readonly queue: ReportQueue,
    private readonly log: (message: string) => void = () => {},
  ) {}

  /** Sends a clip now; keeps it when the back end cannot take it. */
  async send(text: string, at: number): Promise<ReportOutcome> {
    const answer = await this.attempt(text);
    if (answer.kind === 'sent') return answer;
    if (answer.kind === 'refused') return answer;
    this.log(`problem report kept on the kiosk: ${answer.reason}`);
    try {
      await this.queue.add({ at, text });
      return { kind: 'kept', waiting: await this.queue.count() };
    } catch (error) {
      return { kind: 'failed', message: `not kept: ${(error as Error).message}` };
    }
  }

  /**
   * Sends the kept reports, oldest first, until the back end cannot take one; resolves with how many are still
   * waiting. One flush at a time: a second call waits for the one under way.
   */
  flush(): Promise<number> {
    this.flushing ??= this.sendKept().finally(() => (this.flushing = null));
    return this.flushing;
  }

  private async sendKept(): Promise<number> {
    for (const kept of await this.queue.list()) {
      const answer = await this.attempt(kept.text);
      if (answer.kind === 'later') break;
      if (answer.kind === 'refused') this.log(`a kept problem report was refused and dropped: ${answer.message}`);
      await this.queue.remove(kept.id);
    }
    return this.queue.count();
  }

  private async attempt(text: string): Promise<Answer> {
    let answer: HttpAnswer;
    try {
      answer = await this.post(text);
    } catch (error) {
      return { kind: 'later', reason: `network: ${(error as Error).message}` };
    }
    if (answer.status >= 200 && answer.status < 300) return { kind: 'sent' };
    if (LATER.has(answer.status) || answer.status >= 500) return { kind: 'later', reason: `status ${answer.status}` };
    return { kind: 'refused', message: await errorMessage(answer) };
  }
}

/** The api.md error body's message, or the status when the answer has none. */
async function errorMessage(answer: HttpAnswer): Promise<string> {
  try {
    const body = JSON.parse(await answer.text()) as { error?: { message?: unknown } };
    if (typeof body.error?.message === 'string') return body.error.message;
  } catch {
    // not JSON: the status says it
  }
  return `status ${answer.status}`;
}
