/** The router's envelopes: data, validation errors, unknown paths, and exceptions that never crash the server. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, Router, validate } from '../../backend/http/router';
import { call } from './helpers';

let base = '';
const server = createServer((req, res) => void router.handle(req, res, new URL(req.url ?? '/', 'http://x')));
const router = new Router()
  .on('GET', '/api/ok/:id', ({ params }) => ({ id: Number(params.id) }))
  .on('POST', '/api/echo', ({ body }) => validate(z.object({ n: z.number().int() }).strict(), body))
  .on('GET', '/api/boom', () => {
    throw new Error('kaboom');
  })
  .on('GET', '/api/teapot', () => {
    throw new ApiError(418, 'teapot', 'short and stout');
  })
  .on('GET', '/api/async-boom', async () => {
    await Promise.resolve();
    throw new TypeError('late');
  });

beforeAll(async () => {
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((ok) => (server.close(() => ok()), server.closeAllConnections())));

describe('router', () => {
  it('wraps answers in data and matches integer params only', async () => {
    expect((await call(base, 'GET', '/api/ok/42')).body).toEqual({ data: { id: 42 } });
    expect((await call(base, 'GET', '/api/ok/42/')).body).toEqual({ data: { id: 42 } });
    expect((await call(base, 'GET', '/api/ok/x')).status).toBe(404);
  });

  it('names the bad field', async () => {
    expect((await call(base, 'POST', '/api/echo', { n: 1.5 })).body.error).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/^n: /) });
    expect((await call(base, 'POST', '/api/echo', { n: 1, m: 2 })).body.error.message).toBe('m: unknown field');
    expect((await call(base, 'POST', '/api/echo')).body.error.message).toMatch(/^body: /);
  });

  it('turns exceptions into 500 internal and keeps serving', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await call(base, 'GET', '/api/boom')).toMatchObject({ status: 500, body: { error: { code: 'internal', message: 'internal error' } } });
    expect(await call(base, 'GET', '/api/async-boom')).toMatchObject({ status: 500, body: { error: { code: 'internal' } } });
    expect(await call(base, 'GET', '/api/teapot')).toMatchObject({ status: 418, body: { error: { code: 'teapot' } } });
    expect((await call(base, 'GET', '/api/ok/1')).status).toBe(200);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('refuses bodies over 1 MB', async () => {
    const r = await call(base, 'POST', '/api/echo', JSON.stringify({ n: 1, pad: 'x'.repeat(1_100_000) }));
    expect(r.status).toBe(413);
  });
});
