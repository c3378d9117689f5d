/**
 * Sessions as an operator meets them (api.md "Sessions", issue 35), against the simulator: the login's cookie that
 * the page's scripts cannot read, the lock that ends the session on the server, a session ended elsewhere that
 * sends the operator to /login and back to what they were doing, another operator driving, and the event socket
 * that follows the login without a reload.
 */
import { WebSocket } from 'ws';
import type { BrowserContext } from '@playwright/test';
import { test, expect } from './fixtures';
import { advanceWorkerClock, loginDemo, tapKeys, tapPin } from './helpers/kiosk';
import { sessionCookieOf } from './helpers/session';
import { exportLog, setUpRobot } from './helpers/missions';
import { SESSION_COOKIE } from '../../backend/http/sessions';
import type { Simulator } from '../../backend/server';

/** The browser's session cookie, as the back end set it. */
async function browserCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie in the browser');
  return cookie;
}

/** A call from Node with the browser's session cookie: what the back end answers that session now. */
async function callAs(sim: Simulator, value: string, path: string, method = 'GET') {
  return fetch(`${sim.url}${path}`, { method, headers: { cookie: `${SESSION_COOKIE}=${value}` } });
}

test.describe('on a demo robot', () => {
  // The app opens the teleop socket on port 9191 of its host: the simulator gets a loopback address of its own.
  test.use({ simOptions: { demo: true, speed: 1, teleop: true } });

  test('the login sets an HttpOnly, SameSite=Strict cookie that the page cannot read', async ({ page, sim, context }) => {
    await page.goto(`${sim.url}/login`);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    expect((await context.cookies()).some((c) => c.name === SESSION_COOKIE)).toBe(false);
    await tapPin(page, '123456');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/missions$/);
    const cookie = await browserCookie(context);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
    expect(cookie.value.length).toBeGreaterThanOrEqual(22);
    expect(await page.evaluate(() => document.cookie)).not.toContain(SESSION_COOKIE);
    // The session is live on the server, and a reload keeps the operator logged in.
    expect((await (await callAs(sim, cookie.value, '/api/auth/session')).json()).data).toEqual({ active: true });
    await page.reload();
    await expect(page).toHaveURL(/\/missions$/);
    await expect(page.getByRole('heading', { name: 'Login' })).toHaveCount(0);
  });

  test('the inactivity lock logs out on the server too: the old cookie then gets 401', async ({ page, sim, context }) => {
    await loginDemo(page, sim);
    const cookie = await browserCookie(context);
    expect((await callAs(sim, cookie.value, '/api/destinations')).status).toBe(200);
    await advanceWorkerClock(page, 901_000);
    await expect(page.getByTestId('lock-screen')).toBeVisible({ timeout: 10_000 });
    await expect.poll(async () => (await callAs(sim, cookie.value, '/api/destinations')).status, { timeout: 5_000 }).toBe(401);
    expect((await (await callAs(sim, cookie.value, '/api/auth/session')).json()).data).toEqual({ active: false });
  });

  test('another operator driving: /control says so, and the joystick and presets are off', async ({ page, sim }) => {
    await loginDemo(page, sim);
    await page.goto(`${sim.url}/control`);
    await expect(page.getByTestId('mode-toggle')).toBeEnabled();
    // A second operator's client (its own session) takes the robot into MANUAL.
    const host = new URL(sim.url).hostname;
    const other = new WebSocket(`ws://${host}:${sim.teleopPort}/`, { headers: { cookie: sessionCookieOf(sim) } });
    await new Promise((ok, fail) => other.once('open', ok).once('error', fail));
    other.send(JSON.stringify({ client_id: 'other-operator', op: 'manual_mode', mode: 'MANUAL' }));
    try {
      // This operator presses a preset: the back end answers busy, and the page does not claim it was sent.
      await page.getByTestId('preset-forward').click();
      await expect(page.getByTestId('teleop-busy')).toHaveText('Another operator is driving the robot');
      await expect(page.getByTestId('last-move')).toHaveText('Not carried out: another operator is driving (x 0.5, y 0, z 0)');
      await expect(page.getByTestId('joystick')).toHaveAttribute('aria-disabled', 'true');
      await expect(page.getByTestId('preset-forward')).toBeDisabled();
    } finally {
      other.close();
    }
  });
});

test.describe('on a robot with a map and places', () => {
  test.use({ simOptions: { demo: false, speed: 3 } });

  test('a session ended elsewhere: the refused Start mission shows /login, and after it the mission being made starts as it was (issue 42)', async ({ page, sim, context }) => {
    await setUpRobot(sim);
    const reception = sim.app.store.places.createDestination({ name: 'Reception', x: 7.8, y: 2.5, orientation: 0, resolution: 0.05 }, new Date().toISOString());
    sim.app.store.places.createRecipient('Giulia Rossi', reception.id, new Date().toISOString());
    await loginDemo(page, sim);
    await page.getByTestId('new-mission').click();
    await page.getByRole('menuitem', { name: 'Quick Mission' }).click();
    await page.getByRole('group', { name: 'Destination' }).getByRole('button', { name: 'Reception' }).click();
    await page.getByRole('group', { name: 'Activity' }).getByRole('button', { name: 'Delivery' }).click();
    await page.getByRole('group', { name: 'Who' }).getByRole('button').filter({ hasText: 'Giulia Rossi' }).click();
    await page.getByTestId('shelf-left-1').getByRole('button', { name: 'Add an object' }).click();
    await tapKeys(page, 'box A');
    await page.getByTestId('shelf-left-1').getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('next').click();
    await page.getByTestId('message-input').click();
    await tapKeys(page, 'Sign here');
    await page.getByTestId('next').click();
    await expect(page.getByRole('heading', { name: 'Start the mission!' })).toBeVisible();

    // The session ends on the server (a logout from elsewhere with the same cookie).
    const cookie = await browserCookie(context);
    expect((await callAs(sim, cookie.value, '/api/auth/logout', 'POST')).status).toBe(200);
    await page.getByRole('button', { name: 'Start mission' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(sim.app.store.missions.definitions()).toHaveLength(0);

    await expect(page.getByText('Your session ended. Enter your PIN to go on.')).toBeVisible();

    await tapPin(page, '123456');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    // The refused Start mission goes out again after the login, with the draft as it was.
    await expect(page).toHaveURL(/\/movement\/\d+$/, { timeout: 15_000 });
    const [made] = sim.app.store.missions.definitions();
    const activity = made?.steps[0]?.activities[0];
    expect(activity).toMatchObject({ message: 'Sign here', recipients: [sim.app.store.places.recipients(reception.id)[0]!.id] });
    expect(activity?.load_location_left.flat()).toEqual(['box A']);
  });
});

test.describe('from a device elsewhere on the network', () => {
  test.use({ simOptions: { demo: true, speed: 1, robotScreen: false } });

  test('the event socket carries the robot frames after the login, without a reload', async ({ page, sim, control }) => {
    await page.goto(`${sim.url}/login`);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    // Logged out, an alert frame is not carried to this device: the kiosk's own log (every frame it received)
    // has the public frames and no alert (the login page shows no alert overlay either way).
    await control('alerts', { activate: { errors: ['node_lost'] } });
    await control('battery', { charges: [0.5, 0.5] });
    await expect.poll(async () => (await exportLog(page)).includes('robot/battery_state'), { timeout: 10_000 }).toBe(true);
    expect(await exportLog(page)).not.toContain('robot/alert_update');
    await control('alerts', { resolve: { errors: ['node_lost'] } });
    await tapPin(page, '123456');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/missions$/);
    // Logged in, the same socket path now carries it: the sockets were reopened with the cookie.
    await page.waitForTimeout(500);
    await control('alerts', { activate: { errors: ['node_lost'] } });
    await expect(page.getByTestId('alert-lost')).toBeVisible({ timeout: 10_000 });
  });
});
