/** Carries out `http/request` effects with the conventions of api.md and reports answers as events. */
import type { CoreEvent } from '../core/events';
import type { Effect } from '../core/effects';
import type { Ports } from './ports';
import type { SecretStore } from './secrets';

/** A call that has not answered after this long is reported failed, so no page waits forever. */
export const REQUEST_TIMEOUT_MS = 15_000;

export class HttpClient {
  constructor(
    private readonly ports: Ports,
    private readonly secrets: SecretStore,
    private readonly report: (event: CoreEvent) => void,
  ) {}

  request(effect: Extract<Effect, { type: 'http/request' }>): void {
    void this.run(effect);
  }

  private async run({ id, method, path, body }: Extract<Effect, { type: 'http/request' }>): Promise<void> {
    const url = `${this.ports.location.origin}${path.startsWith('/') ? path : `/${path}`}`;
    let payload: string | undefined;
    try {
      // A call that changes state always carries a JSON body, `{}` when it has nothing to say: the back end
      // refuses any other content type there (415), which keeps forged cross-site requests out.
      if (body === undefined) payload = changesState(method) ? '{}' : undefined;
      else payload = JSON.stringify(this.secrets.fill(body));
    } catch (error) {
      this.failed(id, `not sent: ${(error as Error).message}`);
      return;
    }
    const controller = typeof AbortController === 'function' ? new AbortController() : null;
    const timer = this.ports.setTimeout(() => controller?.abort(), REQUEST_TIMEOUT_MS);
    try {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (payload !== undefined) headers['content-type'] = 'application/json';
      const init = { method, headers, ...(payload !== undefined ? { body: payload } : {}), ...(controller ? { signal: controller.signal } : {}) };
      const answer = await this.ports.fetch(url, init);
      const text = await answer.text();
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        // A non-JSON answer resolves to the empty default in the core (api.md).
        this.failed(id, `non-JSON answer with status ${answer.status}`);
        return;
      }
      this.report({ type: 'http/response', at: this.ports.now(), id, status: answer.status, body: parsed });
    } catch (error) {
      this.failed(id, controller?.signal.aborted ? 'timed out' : `network: ${(error as Error).message}`);
    } finally {
      this.ports.clearTimeout(timer);
    }
  }

  private failed(id: number, reason: string): void {
    this.report({ type: 'http/failed', at: this.ports.now(), id, reason });
  }
}

/** POST, PUT, PATCH and DELETE: the methods whose calls must declare a JSON body (api.md conventions). */
function changesState(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD';
}
