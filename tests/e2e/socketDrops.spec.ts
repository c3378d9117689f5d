/** Twenty drops of /ws in a row: each one reconnects, and the person stays logged in on the page they were on. */
import { test, expect, waitForShell } from './fixtures';
import { advanceWorkerClock, loginDemo } from './helpers/kiosk';

test.use({ simOptions: { demo: true, speed: 1 } });

const DROPS = 20;

test(`/ws dropped ${DROPS} times: ${DROPS} reconnects, route and login kept`, async ({ page, sim, control }) => {
  test.setTimeout(180_000);
  await loginDemo(page, sim);
  await waitForShell(page);
  // A page behind the login guard: a lost login would send the person to /user-dashboard.
  await page.getByRole('button', { name: /open the menu/i }).click();
  await page.getByRole('link', { name: 'Diagnostic' }).click();
  await expect(page).toHaveURL(/\/diagnostic$/);
  const status = page.getByTestId('connection');
  await expect(status).toHaveText('Connected to the robot');
  const exported = () => page.evaluate(() => (window as unknown as { __kiosk: { exportLog(): Promise<string> } }).__kiosk.exportLog());
  const opens = async () => (await exported()).split('\n').filter((line) => line.includes('"type":"ws/opened"')).length;
  const before = await opens();

  for (let i = 1; i <= DROPS; i++) {
    await control('drop-sockets');
    await expect(status, `drop ${i}`).toHaveText('Connecting to the robot…');
    // The retry waits 5 s of the core's time: the worker's clock jumps there, and its next tick fires it.
    await advanceWorkerClock(page, 5_000);
    await expect(status, `reconnect ${i}`).toHaveText('Connected to the robot', { timeout: 10_000 });
  }

  expect(await opens()).toBe(before + DROPS);
  await expect(page).toHaveURL(/\/diagnostic$/);
  // Still logged in: another guarded page opens instead of the login's dashboard.
  await page.getByRole('button', { name: /open the menu/i }).click();
  await page.getByRole('link', { name: 'Missions Data' }).click();
  await expect(page).toHaveURL(/\/mission-data$/);
});
