/**
 * The headers of api.md "Left running on a network" (http/headers.ts): nosniff, no referrer and no framing on
 * every answer (calls, errors, refusals, parser refusals); the app's files carry the app's policy, with the
 * inline scripts of its page by hash and frame-ancestors 'none'; over HTTPS, Strict-Transport-Security.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSim, type TestSim } from '../sim/helpers';
import { rawExchange } from './rawSocket';

const INLINE = "globalThis.early = 'worker';";
let t: TestSim;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'headers-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), `<!doctype html><script>${INLINE}</script><script type="module" src="/assets/a.js"></script>`);
  writeFileSync(join(dist, 'assets', 'a.js'), 'self.x = 1;');
  t = await startTestSim({ staticDir: dist });
});
afterAll(async () => t.close());

function expectBase(h: Headers): void {
  expect(h.get('x-content-type-options')).toBe('nosniff');
  expect(h.get('referrer-policy')).toBe('no-referrer');
  expect(h.get('x-frame-options')).toBe('DENY');
  expect(h.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
  expect(h.get('strict-transport-security')).toBeNull();
}

describe('headers', () => {
  it('every call answer, error and refusal carries nosniff, no referrer and no framing, and lets nothing run', async () => {
    const answers = [
      await t.anon('GET', '/healthz'),
      await t.anon('GET', '/api/destinations'),
      await t.call('GET', '/api/nope'),
      await t.call('POST', '/api/settings', '{bad'),
      await fetch(`${t.base}/api/settings`, { method: 'POST', headers: { origin: 'http://evil.example', 'content-type': 'application/json' }, body: '{}' }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 401, 404, 405, 403]);
    for (const a of answers) {
      expectBase(a.headers);
      expect(a.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
    }
    // A request Node's parser refuses is answered by the back end's own clientError handler, headers included.
    expect(await rawExchange(t.sim.port, 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header: x\r\n\r\n')).toMatch(/^HTTP\/1\.1 400[\s\S]*X-Content-Type-Options: nosniff/i);
  });

  it("the app's page and scripts carry the app's policy: its inline script by hash, sockets to its host, no framing", async () => {
    const page = await fetch(`${t.base}/some/page`);
    expectBase(page.headers);
    const csp = page.headers.get('content-security-policy') ?? '';
    const hash = createHash('sha256').update(INLINE).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('connect-src \'self\' blob: ws://127.0.0.1:* wss://127.0.0.1:*');
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).not.toContain("'unsafe-eval'");
    // A worker script's own answer sets the worker's policy: the same one, so its sockets may open.
    const script = await fetch(`${t.base}/assets/a.js`);
    expect(script.headers.get('content-security-policy')).toContain('connect-src \'self\' blob: ws://127.0.0.1:*');
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a Host that is not plainly a name or an address puts no host in the policy', async () => {
    // The client keeps its side open until the answer is whole (a file is streamed after a half-close is seen).
    const answer = await rawExchange(t.sim.port, 'GET / HTTP/1.1\r\nHost: a;b.localhost\r\nConnection: close\r\n\r\n', true);
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toMatch(/connect-src 'self' blob:;/);
  });

  it('over HTTPS every answer carries Strict-Transport-Security', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hsts-'));
    const cert = join(dir, 'cert.pem');
    const key = join(dir, 'key.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
    const s = await startTestSim({ tls: { cert, key } });
    try {
      const hsts = await new Promise<string | undefined>((ok, fail) =>
        request(`${s.base}/healthz`, { rejectUnauthorized: false }, (res) => (res.resume(), ok(res.headers['strict-transport-security'] as string | undefined)))
          .on('error', fail)
          .end(),
      );
      expect(hsts).toMatch(/^max-age=\d+/);
    } finally {
      await s.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
