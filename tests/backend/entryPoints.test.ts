/**
 * api.md "Left running on a network": odd targets are answered and never end the process, and the path every
 * rule reads is the normalised one the router routes by (http/target.ts, http/entry.ts).
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { LAST_RESORT_LOG } from '../../backend/http/lastResort';
import { raw } from '../sim/rawClient';
import { startTestSim, type TestSim } from '../sim/helpers';
import { codeOf, rawExchange, statusOf } from './rawSocket';

let t: TestSim;
beforeAll(async () => (t = await startTestSim()));
afterAll(async () => t.close());

const get = (target: string) => `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;

describe('entry points', () => {
  it('answers GET // and other odd targets with 400, and keeps serving', async () => {
    // The one request that ended the process, then the other odd paths and broken percent-encodings of
    // api.md, a `*` and an absolute-form target meant for a proxy: each answered 400 with an error body.
    for (const target of ['//', '/%', '/%zz', '/api/%zz', '//evil.example/api/settings', '/\\evil', '/%e0%80', '/x/..//y', '*', 'http://127.0.0.1/api/settings']) {
      const answer = await rawExchange(t.sim.port, get(target));
      expect(statusOf(answer), target).toBe(400);
      expect(codeOf(answer)).toBe('bad_request');
    }
    // Upgrades to odd paths on both ports (the teleop port takes any path, but not these): 400 too.
    for (const port of [t.sim.port, t.sim.teleopPort])
      for (const target of ['//', '/%zz', '*']) {
        const upgrade = `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`;
        expect(statusOf(await rawExchange(port, upgrade)), `${port} ${target}`).toBe(400);
      }
    expect((await t.anon('GET', '/healthz')).status).toBe(200);
  });

  it('routes, guards and admits by the one normalised path', async () => {
    // Dot segments and backslashes resolve before anything reads the path: this is GET /api/settings, public.
    expect((await raw(t.base, 'GET', '/api/x/../settings')).status).toBe(200);
    expect(statusOf(await rawExchange(t.sim.port, get('/api\\settings')))).toBe(200);
    // ...and /api/destinations needs a session however it is spelled.
    expect((await raw(t.base, 'GET', '/api/settings/../destinations')).status).toBe(401);
    expect(statusOf(await rawExchange(t.sim.port, get('/api/%2e%2e/api/destinations')))).toBe(401);
    // The body type rule reads the same path: `/api/./reports` is the reports call, which takes JSON Lines.
    const upload = await raw(t.base, 'POST', '/api/./reports', { 'content-type': 'application/x-ndjson', cookie: t.cookie }, '');
    expect(upload.status).not.toBe(415);
    const form = await raw(t.base, 'POST', '/api/./reports', { 'content-type': 'text/plain', cookie: t.cookie }, 'x');
    expect(form.status).toBe(415);
  });

  it('a socket reset mid-upgrade or mid-request ends that connection only', async () => {
    const ws = new WebSocket(`${t.base.replace('http', 'ws')}/ws`);
    ws.on('error', () => undefined);
    ws.on('upgrade', () => ws.terminate());
    await new Promise((ok) => ws.once('close', ok));
    await rawExchange(t.sim.port, 'POST /api/settings HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{"a"');
    expect((await t.anon('GET', '/healthz')).status).toBe(200);
  });
});

describe('the last resort', () => {
  it('logs and counts an error that escaped, and the process goes on', () => {
    // In a process of its own: the test runner has last-resort handlers of its own.
    const script = `
      const m = await import('./backend/http/lastResort.ts');
      m.installLastResort();
      setTimeout(() => { throw new Error('thrown from a timer'); });
      Promise.reject(new Error('a rejection nobody handled'));
      setTimeout(() => console.log('still here, errors:', m.unexpectedErrors()), 100);`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: resolve(import.meta.dirname, '../..'),
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('still here, errors: 2');
    expect(run.stderr.split(LAST_RESORT_LOG).length - 1).toBe(2);
    expect(run.stderr).toContain('thrown from a timer');
  }, 20_000);
});
