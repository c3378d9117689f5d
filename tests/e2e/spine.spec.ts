import { test, expect, waitForShell } from './fixtures';
import { loginDemo, tapPin } from './helpers/kiosk';
import { setUpRobot } from './helpers/missions';

test('the built app boots, the worker answers, and a pushed /ws message changes the page', async ({ page, sim, control }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The missions list needs a login: a set-up robot, and the PIN.
  await setUpRobot(sim);
  await loginDemo(page, sim);
  await expect(page.getByRole('heading', { name: "I'm ready for new missions!" })).toBeVisible();
  await expect(page.getByTestId('connection')).toHaveText('Connected to the robot');

  await control('push', { event: 'robot/battery_state', data: { batteries: [{ charge: 0.83, health: 0.97 }, { charge: 0.05, health: 0.5 }] } });
  await expect(page.getByRole('img', { name: 'Battery 1: 83%' })).toHaveAttribute('data-level', 'higher');
  await expect(page.getByRole('img', { name: 'Battery 2: 5%' })).toHaveAttribute('data-level', 'empty');

  await control('push', { event: 'robot/disconnected', data: {} });
  await control('push', { event: 'robot/disconnected', data: {} });
  await expect(page.getByTestId('connection')).toHaveText('Connecting to the robot…');
  expect(errors).toEqual([]);
});

test('the index redirects to /disclaimer and an unknown path to /missions, in the address bar too', async ({ page, sim }) => {
  await setUpRobot(sim);
  await page.goto(`${sim.url}/`);
  await waitForShell(page);
  await expect(page).toHaveURL(/\/disclaimer$/);
  // /missions needs a login: the guard sends a logged-out person to the dashboard, and login goes on there.
  await page.goto(`${sim.url}/no/such/page`);
  await waitForShell(page);
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await page.getByTestId('avatar-card').click();
  await expect(page).toHaveURL(/\/login$/);
  await tapPin(page, '123456');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/missions$/);
});

test('a dropped socket reconnects and the page is current again', async ({ page, sim, control }) => {
  await page.goto(`${sim.url}/missions`);
  await waitForShell(page);
  await expect(page.getByTestId('connection')).toHaveText('Connected to the robot');
  await control('drop-sockets');
  await expect(page.getByTestId('connection')).toHaveText('Connecting to the robot…');
  await expect(page.getByTestId('connection')).toHaveText('Connected to the robot', { timeout: 12_000 });
});

test('browser back and forward go through the core, and the exported log replays to the same route', async ({ page, sim, control }) => {
  const { parseLog } = await import('../../core/log/eventLog');
  const { replay } = await import('../../core/log/replay');
  const routeNow = async () => {
    const text = await page.evaluate(() => (window as unknown as { __kiosk: { exportLog(): Promise<string> } }).__kiosk.exportLog());
    const log = parseLog(text);
    expect(log.bad).toEqual([]);
    return replay(log.events).route.path;
  };
  await setUpRobot(sim);
  await loginDemo(page, sim);
  await expect(page.getByTestId('connection')).toHaveText('Connected to the robot');
  // The robot announces a departure: after 1 s the core opens the movement page (a pushed history entry).
  await control('push', { event: 'movement/ready', data: { mission_definition_id: 3, step_index: 0, duration: 30 } });
  await expect(page).toHaveURL(/\/movement\/3$/);
  expect(await routeNow()).toBe('/movement/3');
  await page.goBack();
  await expect(page).toHaveURL(/\/missions$/);
  await expect.poll(routeNow).toBe('/missions');
  await page.goForward();
  await expect(page).toHaveURL(/\/movement\/3$/);
  await expect.poll(routeNow).toBe('/movement/3');
});
