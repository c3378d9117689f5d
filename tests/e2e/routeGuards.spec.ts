/**
 * Every route, logged out (issue 34): pages that change the robot or show staff data lead to the dashboard and,
 * after the login, back to themselves; the side menu offers none of them; /replay is open, its own log is not.
 */
import { test, expect, waitForShell } from './fixtures';
import { checkScreen } from './helpers/screens';
import { logIn, setUpRobot } from './helpers/login';

const GUARDED = [
  '/missions',
  '/missions/new-quick-mission',
  '/missions/new-path-mission',
  '/map',
  '/mapping',
  '/mapping/wait',
  '/mapping/track',
  '/mapping/edit?type=edit',
  '/node-lost',
  '/mission-data',
  '/diagnostic',
  '/control',
  '/joints',
  '/settings',
  '/fux/start-mapping',
  '/fux/robot-name',
  '/replay?log=own',
];

test('logged out, every guarded route leads to the dashboard, and the login leads back', async ({ page, sim }) => {
  test.setTimeout(150_000);
  await setUpRobot(sim);
  for (const path of GUARDED) {
    await page.goto(`${sim.url}${path}`);
    await waitForShell(page);
    await expect(page, path).toHaveURL(/\/user-dashboard$/);
  }
  // (/movement/{id} is open too, but with no mission running it sends on to the missions list.)
  for (const path of ['/disclaimer', '/login', '/replay']) {
    await page.goto(`${sim.url}${path}`);
    await waitForShell(page);
    await expect(page, path).toHaveURL(new RegExp(`${path}$`));
  }
  // The editor's page, query and all, is where the login returns to.
  await page.goto(`${sim.url}/mapping/edit?type=end`);
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await logIn(page, /\/mapping\/edit\?type=end$/);
  await expect(page.getByRole('button', { name: 'End mapping' })).toBeVisible();
});

test('the side menu offers no guarded page before the login', async ({ page, sim }) => {
  await setUpRobot(sim);
  await page.goto(`${sim.url}/user-dashboard`);
  await waitForShell(page);
  await page.getByTestId('menu-handle').click();
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByTestId('menu-locked-note')).toHaveText('Log in to open these pages.');
  for (const name of ['Home', 'Map Management', 'Diagnostic', 'Missions Data', 'Settings']) {
    await expect(menu.getByRole('button', { name }), name).toBeDisabled();
  }
  await expect(menu.getByRole('link')).toHaveCount(0);
  await checkScreen(page, 'guards-01-menu-logged-out');
  await page.getByTestId('menu-backdrop').click();
  await logIn(page);
  await page.getByTestId('menu-handle').click();
  await expect(menu.getByRole('link', { name: 'Diagnostic' })).toBeVisible();
  await expect(menu.getByTestId('menu-locked-note')).toHaveCount(0);
});

test('mid-wizard the side menu cannot reach the dashboard', async ({ page, sim, settings }) => {
  await settings({ language: 'en', country: 'IT', robot_name: 'Node', load_location_layout_left: 0, load_location_layout_right: 1 });
  await page.goto(`${sim.url}/fux/tos`);
  await waitForShell(page);
  await page.getByTestId('menu-handle').click();
  await expect(page.getByTestId('side-menu').getByRole('link')).toHaveCount(0);
  // Nor does the address: before the terms there is no dashboard yet.
  await page.goto(`${sim.url}/user-dashboard`);
  await expect(page).toHaveURL(/\/fux\/hello-robot$/);
});

test("/replay opens a brought log to anyone, the kiosk's own log after the login", async ({ page, sim }) => {
  await setUpRobot(sim);
  await page.goto(`${sim.url}/replay`);
  await waitForShell(page);
  await page.getByRole('button', { name: "Open the kiosk's own log" }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await logIn(page, /\/replay\?log=own$/);
});
