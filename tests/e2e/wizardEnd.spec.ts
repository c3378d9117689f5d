/**
 * The wizard's end (issue 42): the first-access session ends with the new PIN saved, so the dashboard's card asks
 * for a real login (after a reload too), and that first login, on a robot with no map, leads to mapping first.
 */
import { test, expect, waitForShell } from './fixtures';
import { tapPin } from './helpers/kiosk';
import { checkScreen } from './helpers/screens';

test('after the new PIN: the first-access session is over, the login is real, and with no map mapping comes first', async ({ page, sim, settings }) => {
  // The wizard's settings up to its first access (answered without a session while no PIN exists).
  await settings({ language: 'en', country: 'IT', robot_name: 'Node', load_location_layout_left: 1, load_location_layout_right: 2 });
  await page.goto(`${sim.url}/fux/first-access`);
  await waitForShell(page);
  const next = page.getByTestId('next');
  await tapPin(page, '123456');
  await next.click();
  await expect(page).toHaveURL(/\/fux\/tos$/);
  await page.getByRole('button', { name: 'Accept and Continue' }).click();
  await expect(page).toHaveURL(/complete-profile$/);
  await page.getByTestId('complete-profile-input').pressSequentially('Ada');
  await next.click();
  await expect(page).toHaveURL(/user-dashboard$/);
  await page.getByTestId('avatar-card').click();
  await expect(page).toHaveURL(/choose-new-pin$/);
  await tapPin(page, '246810');
  await next.click();
  await expect(page).toHaveURL(/confirm-pin$/);
  await tapPin(page, '246810');
  await next.click();
  await expect(page).toHaveURL(/user-dashboard$/);

  // The wizard's session has ended on the back end too.
  const session = () => page.evaluate(async () => ((await (await fetch('/api/auth/session')).json()) as { data: { active: boolean } }).data.active);
  await expect.poll(session).toBe(false);
  // A reload is not a way in either.
  await page.reload();
  await waitForShell(page);
  await expect(page).toHaveURL(/user-dashboard$/);
  await page.getByTestId('avatar-card').click();
  await expect(page).toHaveURL(/\/login$/);
  await tapPin(page, '246810');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  // No map yet: the robot maps its work area first.
  await expect(page).toHaveURL(/\/fux\/start-mapping$/);
  await expect(page.getByText('I must first map my work area')).toBeVisible();
  await checkScreen(page, '243-wizard-end-start-mapping');
  expect(await session()).toBe(true);
});
