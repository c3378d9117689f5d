/**
 * The back end restarts under a logged-in kiosk (issue 42): its sessions are gone. The kiosk finds out as soon as
 * the back end is back (it asks at once) and says so on /login; an action tapped before that (a filled-in quick
 * mission's "Start mission", "Go to Base" under the low-battery alert) is refused, held, and carried out after
 * the login, with the draft kept; in Italian too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test as base, expect } from './fixtures';
import { loginDemo, tapPin } from './helpers/kiosk';
import { checkScreen } from './helpers/screens';
import { authedFetch } from './helpers/session';
import { startSimulator, type Simulator } from '../../backend/server';

/** A simulator that can be restarted on the same port and database (its sessions are kept in memory only). */
interface Restartable {
  sim: Simulator;
  restart(): Promise<void>;
}

const test = base.extend<{ robot: Restartable }>({
  robot: async ({ simOptions }, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-e2e-restart-'));
    const options = { teleopPort: 0, dbPath: join(dir, 'robot.db'), control: true, staticDir: 'dist', speed: simOptions.speed };
    const robot: Restartable = {
      sim: await startSimulator({ ...options, port: 0, demo: true }),
      // Both ports kept, as a restarted back end keeps them: on a new teleop port the page would go on dialling
      // the old one, every second, for the rest of the test.
      async restart() {
        const { port, teleopPort } = robot.sim;
        await robot.sim.close();
        robot.sim = await startSimulator({ ...options, port, teleopPort });
      },
    };
    await use(robot);
    await robot.sim.close();
    rmSync(dir, { recursive: true, force: true });
  },
});

test.use({ simOptions: { demo: true, speed: 5 }, hasTouch: true });

const ENDED = 'Your session ended. Enter your PIN to go on.';

/** The quick wizard filled in to its start step: Reception, a delivery for anyone, nothing to carry, no message. */
async function fillQuick(page: Page): Promise<void> {
  await page.getByTestId('new-mission').click();
  await page.getByRole('menuitem', { name: 'Quick Mission' }).click();
  await page.getByRole('group', { name: 'Destination' }).getByRole('button', { name: 'Reception' }).click();
  await page.getByRole('group', { name: 'Activity' }).getByRole('button', { name: 'Delivery' }).click();
  for (let i = 0; i < 3; i++) await page.getByTestId('skip').click();
  await expect(page.getByRole('heading', { name: 'Start the mission!' })).toBeVisible();
}

async function logInAgain(page: Page): Promise<void> {
  await tapPin(page, '123456');
  await page.getByRole('button', { name: /^(Login|Accedi)$/ }).click();
}

const quickMissions = (sim: Simulator) => sim.app.store.missions.definitions().filter((d) => d.name === '' && d.kind !== 'charging' && d.steps[0]?.destination_id === reception(sim));
const reception = (sim: Simulator) => sim.app.store.places.destinations().find((d) => d.name === 'Reception')!.id;

test('Start mission tapped right after a restart: /login says the session ended, and after the login the mission starts', async ({ page, robot }) => {
  await loginDemo(page, robot.sim);
  await fillQuick(page);
  const before = quickMissions(robot.sim).length;
  await robot.restart();
  // Tapped before the kiosk's event socket is back: the call is refused.
  await page.getByRole('button', { name: 'Start mission' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(ENDED)).toBeVisible();
  await checkScreen(page, '244-login-session-ended');
  expect(quickMissions(robot.sim)).toHaveLength(before);
  await logInAgain(page);
  // Carried out after the login: the mission is made and the robot takes it up.
  await expect.poll(() => quickMissions(robot.sim).length).toBe(before + 1);
  await expect(page).toHaveURL(/\/(missions|movement\/\d+)$/);
  await expect(page).toHaveURL(/\/movement\/\d+$/, { timeout: 20_000 });
});

test('left alone after a restart: the kiosk asks at once, goes to /login saying why, and comes back to the draft', async ({ page, robot }) => {
  await loginDemo(page, robot.sim);
  await fillQuick(page);
  await robot.restart();
  // Nothing tapped: the event socket comes back (5 s retry) and the session is checked then.
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  await expect(page.getByText(ENDED)).toBeVisible();
  await logInAgain(page);
  await expect(page).toHaveURL(/\/missions\/new-quick-mission$/);
  await expect(page.getByRole('heading', { name: 'Start the mission!' })).toBeVisible();
  await expect(page.getByTestId('crumb-destination')).toContainText('Reception');
  const before = quickMissions(robot.sim).length;
  await page.getByRole('button', { name: 'Start mission' }).click();
  await expect.poll(() => quickMissions(robot.sim).length).toBe(before + 1);
});

test('Go to Base tapped while the kiosk still looks logged in after a restart: after the login the robot goes to charge, unasked again', async ({ page, robot }) => {
  const control = (sim: Simulator, path: string, body: unknown) =>
    authedFetch(sim, `${sim.url}/control/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await control(robot.sim, 'battery', { charges: [0.9, 0.9] });
  await loginDemo(page, robot.sim);
  await control(robot.sim, 'battery', { charges: [0.08, 0.5] });
  await expect(page.getByTestId('alert-batteries')).toBeVisible();
  await robot.restart();
  // The kiosk's session check after the reconnection is held back, so the kiosk looks logged in, as in the walk:
  // first thing, before the kiosk's 5 s retry can reach the new back end and ask.
  await control(robot.sim, 'calls', { path: '/api/auth/session', mode: 'stall' });
  await control(robot.sim, 'battery', { charges: [0.08, 0.5] });
  await expect(page.getByText('Connected to the robot')).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('alert-batteries').getByRole('button', { name: 'Start charging mission' }).click();
  await page.getByTestId('charging-confirm').getByRole('button', { name: 'Go to Base' }).click();
  // Refused: the session ended with the restart, and /login says so.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(ENDED)).toBeVisible();
  expect(robot.sim.app.store.missions.definitions().some((d) => d.kind === 'charging')).toBe(false);
  await control(robot.sim, 'calls', { path: '/api/auth/session', mode: 'ok' });
  await logInAgain(page);
  // The charge was asked again by itself: the robot takes it up, and "Limited range" is not asked again.
  await expect.poll(() => robot.sim.app.store.missions.definitions().some((d) => d.kind === 'charging'), { timeout: 10_000 }).toBe(true);
  await expect(page).toHaveURL(/\/movement\/\d+$/, { timeout: 20_000 });
  await expect(page.getByTestId('movement-info')).toContainText('Base');
  await expect(page.getByTestId('alert-batteries')).toHaveCount(0);
});

test.describe('in Italian', () => {
  test('the ended session is said on /login in Italian', async ({ page, robot }) => {
    const res = await authedFetch(robot.sim, `${robot.sim.url}/api/settings`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ language: 'it' }) });
    expect(res.ok).toBe(true);
    await page.goto(`${robot.sim.url}/login`);
    await logInAgain(page);
    await expect(page).toHaveURL(/\/missions$/);
    // The list has loaded (its lazy chunk too) before the back end goes away.
    await expect(page.getByTestId('mission-list')).toBeVisible();
    await robot.restart();
    await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
    await expect(page.getByText('La sessione è terminata. Inserisci il PIN per continuare.')).toBeVisible();
    await checkScreen(page, '245-login-session-ended-it');
  });
});
