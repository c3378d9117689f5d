/** What the app sends: every call that changes state declares a JSON body, so the back end's 415 rule holds. */
import { describe, expect, it } from 'vitest';
import type { CoreEvent } from '../../core/events';
import type { HttpMethod } from '../../core/effects';
import { HttpClient } from '../../worker/http';
import { SecretStore } from '../../worker/secrets';
import { FakePorts } from './fakePorts';

interface Sent {
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** Sends one request through the worker's HTTP client and returns what reached fetch. */
async function send(method: HttpMethod, body?: unknown): Promise<{ sent: Sent; events: CoreEvent[] }> {
  const ports = new FakePorts();
  let sent: Sent | null = null;
  ports.fetch = async (_url, init: { method: string; headers?: Record<string, string>; body?: string }) => {
    sent = { method: init.method, headers: init.headers ?? {}, body: init.body };
    return { status: 200, text: async () => '{"data": {}}' };
  };
  const events: CoreEvent[] = [];
  new HttpClient(ports, new SecretStore(), (e) => events.push(e)).request({ type: 'http/request', id: 1, method, path: '/api/x', ...(body === undefined ? {} : { body }) });
  await ports.settle();
  if (!sent) throw new Error('nothing was sent');
  return { sent, events };
}

describe('worker HTTP client content type', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('sends a body-less %s as an empty JSON object with a JSON content type', async (method) => {
    const { sent, events } = await send(method);
    expect(sent).toEqual({ method, headers: { accept: 'application/json', 'content-type': 'application/json' }, body: '{}' });
    expect(events).toMatchObject([{ type: 'http/response', id: 1, status: 200 }]);
  });

  it('sends a body as JSON with a JSON content type', async () => {
    const { sent } = await send('POST', { name: 'Lab' });
    expect(sent.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sent.body as string)).toEqual({ name: 'Lab' });
  });

  it('sends a GET with neither body nor content type', async () => {
    const { sent } = await send('GET');
    expect(sent).toEqual({ method: 'GET', headers: { accept: 'application/json' }, body: undefined });
  });
});
