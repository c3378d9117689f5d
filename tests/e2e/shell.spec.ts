/** The app shell on a set-up robot: side menu, power-off, the inactivity lock, alert overlays, one tab. */
import { test, expect, waitForShell } from './fixtures';
import { checkScreen } from './helpers/screens';
import { advanceWorkerClock, loginDemo, tapPin } from './helpers/kiosk';
import { authedFetch } from './helpers/session';

test.use({ simOptions: { demo: true, speed: 1 } });

test('the side menu opens by its handle, navigates, closes outside, and powers off after a confirm', async ({ page, sim }) => {
  await loginDemo(page, sim);
  await page.getByTestId('menu-handle').click();
  const menu = page.getByTestId('side-menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByText('You and Node')).toBeVisible();
  await expect(menu.getByText('Alex')).toBeVisible();
  await checkScreen(page, '30-side-menu');
  await menu.getByRole('link', { name: 'Diagnostic' }).click();
  await expect(page).toHaveURL(/\/diagnostic$/);
  await expect(menu).toBeHidden();

  await page.getByTestId('menu-handle').click();
  await page.mouse.click(1800, 600);
  await expect(menu).toBeHidden();

  await page.getByTestId('menu-handle').click();
  await menu.getByRole('link', { name: 'Node: go to the missions' }).click();
  await expect(page).toHaveURL(/\/missions$/);

  await page.getByTestId('menu-handle').click();
  await page.getByTestId('power-off').click();
  const dialog = page.getByRole('alertdialog', { name: 'Node will power off. Do you confirm?' });
  await expect(dialog).toBeVisible();
  await checkScreen(page, '31-power-off');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await (await authedFetch(sim, `${sim.url}/control/state`)).json()).data.connected).toBe(true);

  await page.getByTestId('power-off').click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  // Confirm says at once that the robot is shutting down (issue 34).
  const notice = page.getByTestId('shutting-down');
  await expect(notice.getByRole('heading')).toHaveText("I'm shutting down");
  // The simulated robot goes dark shortly after the shutdown call.
  await expect.poll(async () => (await (await authedFetch(sim, `${sim.url}/control/state`)).json()).data.connected, { timeout: 5_000 }).toBe(false);
  await expect(notice).toContainText('I have switched off.');
  // Past the first disconnect's 5 s debounce: no sync alert for a shutdown the operator asked for.
  await page.waitForTimeout(6_000);
  await expect(page.getByTestId('alert-sync')).toHaveCount(0);
  await expect(page.getByTestId('connection')).toHaveText('Shutting down');
  await checkScreen(page, '31b-shutting-down');
  // The simulator boots again after 15 s: the notice goes.
  await expect(notice).toBeHidden({ timeout: 15_000 });
});

test('900 s without a touch locks and logs out; a greeting follows; Let’s collaborate asks for the PIN again', async ({ page, sim }) => {
  await loginDemo(page, sim);
  // Well short of 900 s since the last touch (the Login press): nothing happens.
  await advanceWorkerClock(page, 880_000);
  await page.waitForTimeout(1_500);
  await expect(page.getByTestId('lock-screen')).toBeHidden();
  await advanceWorkerClock(page, 20_000);
  const lock = page.getByTestId('lock-screen');
  await expect(lock).toBeVisible();
  await expect(lock.getByRole('heading')).toHaveText(/Hello! Nice to see you again\.|Hi there! Ready to work together\?|Welcome back! Shall we get going\?/);
  await checkScreen(page, '32-lock');
  await lock.getByRole('button', { name: "Let's collaborate" }).click();
  await expect(lock).toBeHidden();
  await expect(page).toHaveURL(/\/login$/);
  await loginDemo(page, sim);
});

test('each alert overlay pushed from the robot, with its texts and buttons', async ({ page, sim, control }) => {
  await loginDemo(page, sim);
  const push = (over: Record<string, string[]>) =>
    control('push', {
      event: 'robot/alert_update',
      data: { activated_errors: [], activated_warnings: [], resolved_errors: [], resolved_warnings: [], ...over },
    });

  await push({ activated_warnings: ['battery_1_low'] });
  const batteries = page.getByTestId('alert-batteries');
  await expect(batteries.getByRole('heading', { name: 'Limited range' })).toBeVisible();
  await expect(batteries).toContainText('10% battery remaining');
  await checkScreen(page, '33-alert-batteries');
  await batteries.getByRole('button', { name: 'Continue' }).click();
  await expect(batteries).toBeHidden();

  await push({ activated_warnings: ['lidar_dirty'], resolved_warnings: ['battery_1_low'] });
  const warnings = page.getByTestId('alert-warnings');
  await expect(warnings.getByRole('heading', { name: 'Warnings: lidar_dirty' })).toBeVisible();
  await checkScreen(page, '34-alert-warnings');
  await warnings.getByRole('button', { name: 'Cancel' }).click();
  await expect(warnings).toBeHidden();

  await push({ activated_errors: ['motor_fault', 'bumper_pressed'] });
  const errors = page.getByTestId('alert-errors');
  await expect(errors.getByRole('heading', { name: 'Errors: motor_fault, bumper_pressed' })).toBeVisible();
  await checkScreen(page, '35-alert-errors');
  await errors.getByRole('button', { name: 'Manage' }).click();
  await expect(page).toHaveURL(/\/diagnostic$/);

  await push({ activated_errors: ['node_lost'] });
  const lost = page.getByTestId('alert-lost');
  await expect(lost.getByRole('heading', { name: "I'm lost" })).toBeVisible();
  await expect(lost).toContainText('I need you to show me where I am.');
  await checkScreen(page, '36-alert-lost');
  await lost.getByRole('button', { name: 'Manage' }).click();
  await expect(page).toHaveURL(/\/node-lost$/);

  await control('push', { event: 'robot/disconnected', data: {} });
  await control('push', { event: 'robot/disconnected', data: {} });
  await expect(page.getByTestId('alert-sync')).toContainText("I'm looking into some synchronization issues");
  await checkScreen(page, '37-alert-sync');
});

test('the low-battery overlay starts a charging mission', async ({ page, sim, control }) => {
  await loginDemo(page, sim);
  // The simulated robot raises battery_2_low itself when the charge drops under its threshold.
  await control('battery', { charges: [0.5, 0.08] });
  await page.getByRole('button', { name: 'Start charging mission' }).click();
  // One confirmation, then the robot goes to Base (no wizard: tests/e2e/charging.spec.ts follows the trip).
  await page.getByTestId('charging-confirm').getByRole('button', { name: 'Go to Base' }).click();
  await expect(page.getByTestId('alert-batteries')).toBeHidden();
  await expect(page).toHaveURL(/\/missions$/);
  await expect.poll(() => sim.app.store.missions.definitions().length).toBe(5);
});

test('a second tab shows a notice instead of a second live session', async ({ page, sim, context }) => {
  await page.goto(`${sim.url}/missions`);
  await waitForShell(page);
  const second = await context.newPage();
  await second.goto(`${sim.url}/missions`);
  await expect(second.getByRole('heading', { name: 'Node is already open in another tab' })).toBeVisible();
  await expect(second.locator('.topbar')).toHaveCount(0);
  await checkScreen(second, '38-second-tab');
  await second.close();
});

test('after five wrong PINs the back end refuses for a while and the page says how long to wait', async ({ page, sim }) => {
  await page.goto(`${sim.url}/login`);
  await waitForShell(page);
  for (let i = 0; i < 5; i++) {
    await tapPin(page, '999999');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByTestId('pin-error')).toHaveText('Ops! The pin does not match. Please try again.');
    await expect(page.getByTestId('pin-input')).toHaveValue('');
  }
  await tapPin(page, '123456');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByTestId('pin-error')).toHaveText(/Too many wrong PINs\. Please wait \d+ seconds, then try again\./);
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();
  await checkScreen(page, '39-login-too-many');
});
