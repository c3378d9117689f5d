/**
 * The attack of issue 11 in a real browser: a page of another site open in the kiosk's Chromium sends the
 * requests a browser sends without a preflight, and opens the robot's sockets. The back end refuses them all;
 * the app's own page still opens both sockets.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test, waitForShell } from './fixtures';
import { authedFetch, sessionCookieOf } from './helpers/session';

/** Whether a WebSocket to `url`, opened by the page, gets through ('open') or not ('refused'). */
function tryWebSocket(page: Page, url: string): Promise<string> {
  return page.evaluate(
    (u) =>
      new Promise<string>((done) => {
        const ws = new WebSocket(u);
        ws.onopen = () => (ws.close(), done('open'));
        ws.onerror = () => done('refused');
      }),
    url,
  );
}

let attacker: Server;
let attackerUrl = '';
test.beforeAll(async () => {
  attacker = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>another site</title>'));
  await new Promise<void>((ok) => attacker.listen(0, '127.0.0.1', ok));
  // localhost, not 127.0.0.1: another site than the simulator's, as far as the browser is concerned.
  attackerUrl = `http://localhost:${(attacker.address() as AddressInfo).port}/`;
});
test.afterAll(() => new Promise<void>((ok) => attacker.close(() => ok())));

test('a page of another site can neither call the robot nor open its sockets', async ({ page, sim }) => {
  await page.goto(attackerUrl);
  const api = (path: string) => `${sim.url}${path}`;
  const refused = [
    page.waitForResponse(api('/api/mapping/start')),
    page.waitForResponse(api('/api/destination')),
  ];
  await page.evaluate(
    async ({ start, destination }) => {
      // The requests a page may send cross-site without asking first: no body, or a text/plain one.
      await fetch(start, { method: 'POST', mode: 'no-cors' });
      const body = JSON.stringify({ name: 'Forged', x: 1, y: 1, orientation: 0, resolution: 0.05 });
      await fetch(destination, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body });
    },
    { start: api('/api/mapping/start'), destination: api('/api/destination') },
  );
  // The browser did send them: the back end answered, and refused.
  for (const answer of await Promise.all(refused)) expect(answer.status()).toBe(403);
  expect((await (await fetch(api('/control/state'))).json()).data.mapping).toBe(false);
  expect((await (await authedFetch(sim, api('/api/destinations'))).json()).data).toEqual([]);

  expect(await tryWebSocket(page, `${sim.url.replace(/^http/, 'ws')}/ws`)).toBe('refused');
  expect(await tryWebSocket(page, `ws://127.0.0.1:${sim.teleopPort}/`)).toBe('refused');
  expect(sim.app.hub.size).toBe(0);
});

test("the app's own page opens /ws and the teleop socket on its other port", async ({ page, sim }) => {
  // The teleop socket takes a session only (api.md "Sessions"): the browser holds one, as after a login.
  const [name, value] = sessionCookieOf(sim).split('=') as [string, string];
  await page.context().addCookies([{ name, value, url: sim.url, httpOnly: true, sameSite: 'Strict' }]);
  await page.goto(`${sim.url}/missions`);
  await waitForShell(page);
  expect(await tryWebSocket(page, `${sim.url.replace(/^http/, 'ws')}/ws`)).toBe('open');
  expect(await tryWebSocket(page, `ws://127.0.0.1:${sim.teleopPort}/`)).toBe('open');
});
