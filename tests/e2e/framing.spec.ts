/**
 * api.md "Left running on a network": no other site may frame the robot's screen (its Content-Security-Policy has
 * `frame-ancestors 'none'`, and X-Frame-Options DENY). A page of another site in the kiosk's Chromium puts the
 * app in a frame: the browser refuses to show it, so the frame holds none of the app.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';

let framer: Server;
let appUrl = '';
test.beforeAll(async () => {
  framer = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>another site</title><iframe src="${appUrl}" width="800" height="600"></iframe>`));
  await new Promise<void>((ok) => framer.listen(0, '127.0.0.1', ok));
});
test.afterAll(() => new Promise<void>((ok) => framer.close(() => ok())));

test("a page of another site cannot frame the robot's screen", async ({ page, sim, browser }) => {
  appUrl = `${sim.url}/`;
  // Its own browser context: the refusal the browser reports is the point here, not a bug of the app's policy
  // (the fixture's page fails a test on any policy report).
  const context = await browser.newContext();
  const other = await context.newPage();
  const reports: string[] = [];
  other.on('console', (m) => reports.push(m.text()));
  // localhost, not 127.0.0.1: another site than the simulator's, as far as the browser is concerned.
  await other.goto(`http://localhost:${(framer.address() as AddressInfo).port}/`);
  const frame = other.frames().find((f) => f !== other.mainFrame());
  expect(frame).toBeDefined();
  await expect.poll(() => reports.some((r) => /frame-ancestors 'none'/.test(r))).toBe(true);
  // Nothing of the app is in the frame (Chromium shows its own error page there).
  expect(await frame?.locator('#root').count()).toBe(0);
  // The app itself opens as usual in a window of its own.
  await page.goto(appUrl);
  await expect(page.locator('#root')).not.toBeEmpty();
  await context.close();
});
