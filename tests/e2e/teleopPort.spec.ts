/**
 * Teleoperation connects wherever the back end has its teleop socket (issue 42): the app learns the port from the
 * page its server served, for the simulator on a port that is not 9191 (`--teleop-port`), over HTTP and HTTPS,
 * and for the pass-through server (its own port, bridged to the robot's).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { tapPin } from './helpers/kiosk';
import { startSimulator, type Backend } from '../../backend/server';
import { startProxy } from '../../backend/proxy';

test.use({ simOptions: { demo: true, speed: 1 } });

/** Logs in with the demo PIN at `base`, opens /control, and switches the robot to manual mode there. */
async function driveManual(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/login`);
  await tapPin(page, '123456');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/missions$/);
  await page.getByTestId('menu-handle').click();
  await page.getByTestId('side-menu').getByRole('link', { name: 'Diagnostic' }).click();
  await page.getByRole('link', { name: 'Teleop Control' }).click();
  await expect(page).toHaveURL(/\/control$/);
  await expect(page.getByTestId('teleop-offline')).toBeHidden();
  await page.getByRole('button', { name: 'Switch to Manual Mode' }).click();
  await expect(page.getByRole('button', { name: 'Switch to Normal Mode' })).toBeVisible();
}

const manualOf = (backend: Backend) => (backend.app.world as { manual: boolean }).manual;

test('the simulator on a teleop port of its own (not 9191): /control connects and drives', async ({ page, sim }) => {
  expect(sim.teleopPort).not.toBe(9191);
  await driveManual(page, sim.url);
  expect(manualOf(sim)).toBe(true);
});

test('over HTTPS, with the teleop socket on its own port (WSS)', async ({ browser }) => {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-e2e-tls-'));
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  const sim = await startSimulator({ port: 0, teleopPort: 0, dbPath: join(dir, 'robot.db'), demo: true, control: true, staticDir: 'dist', tls: { cert, key } });
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1920, height: 1080 } });
  try {
    expect(sim.url).toMatch(/^https:/);
    expect(sim.teleopPort).not.toBe(9191);
    await driveManual(await context.newPage(), sim.url);
    expect(manualOf(sim)).toBe(true);
  } finally {
    await context.close();
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the pass-through server: the page dials the server's own teleop port, bridged to the robot's", async ({ page, sim }) => {
  const proxy = await startProxy({ backend: sim.url, teleop: `ws://127.0.0.1:${sim.teleopPort}`, port: 0, teleopPort: 0, staticDir: 'dist' });
  try {
    expect(proxy.teleopPort).not.toBe(sim.teleopPort);
    expect(proxy.teleopPort).not.toBe(9191);
    await driveManual(page, proxy.url);
    expect(manualOf(sim)).toBe(true);
  } finally {
    await proxy.close();
  }
});
