/** Waits and failures a person may meet in the first use: slow and failed saves, failed startup data, no map. */
import { test, expect, waitForShell } from './fixtures';
import { checkScreen } from './helpers/screens';
import { tapPin } from './helpers/kiosk';
import { authedFetch } from './helpers/session';

test('a slow save shows progress; a failed one says so and keeps what was typed', async ({ page, sim, control }) => {
  await page.goto(`${sim.url}/fux/robot-name`);
  await waitForShell(page);
  const input = page.getByTestId('robot-name-input');
  await input.pressSequentially('Robo Uno');
  await control('calls', { path: '/api/settings', mode: 'stall' });
  await page.getByTestId('next').click();
  await expect(page.getByTestId('busy')).toBeVisible();
  await expect(page.getByTestId('next')).toBeDisabled();
  await checkScreen(page, '40-save-progress');
  // Releasing the stall lets the held save through, and the wizard goes on.
  await control('calls', { path: '/api/settings', mode: 'ok' });
  await expect(page).toHaveURL(/load-step-right$/);

  await page.goto(`${sim.url}/fux/robot-name`);
  await waitForShell(page);
  await input.fill('');
  await input.pressSequentially('Robo Due');
  await control('calls', { path: '/api/settings', mode: 'fail' });
  await page.getByTestId('next').click();
  await expect(page.getByTestId('save-error')).toHaveText('Could not save. Check the connection and try again: what you typed is kept.');
  await expect(input).toHaveValue('Robo Due');
  await expect(page).toHaveURL(/robot-name$/);
  await checkScreen(page, '41-save-failed');
  await control('calls', { path: '/api/settings', mode: 'ok' });
  await page.getByTestId('next').click();
  await expect(page).toHaveURL(/load-step-right$/);
});

test("startup data that cannot be read shows 'Faild to get startup data' and a retry", async ({ page, sim, control }) => {
  await control('calls', { path: '/api/settings', mode: 'fail' });
  await page.goto(`${sim.url}/startup`);
  await waitForShell(page);
  await expect(page.getByText('Faild to get startup data')).toBeVisible();
  await expect(page.getByTestId('startup-logo')).toHaveAttribute('data-visible', 'true', { timeout: 4_000 });
  await checkScreen(page, '42-startup-failed');
  await control('calls', { path: '/api/settings', mode: 'ok' });
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/fux\/hello$/, { timeout: 15_000 });
});

test('login without a map leads to start-mapping, whose Continue starts mapping and follow-me', async ({ page, sim, settings }) => {
  await settings({ language: 'en', country: 'IT', robot_name: 'Node', admin_name: 'Ada', accepted_terms_of_service: true, load_location_layout_left: 0, load_location_layout_right: 1, superadmin_pin: '135790' });
  await page.goto(`${sim.url}/user-dashboard`);
  await waitForShell(page);
  await page.getByTestId('avatar-card').click();
  await expect(page).toHaveURL(/\/login$/);
  await checkScreen(page, '43-login');
  // A physical keyboard types into the boxes and Enter logs in.
  await page.getByTestId('pin-input').pressSequentially('135790');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/fux\/start-mapping$/);
  await expect(page.getByText('I must first map my work area')).toBeVisible();
  await checkScreen(page, '44-fux-start-mapping');
  await page.getByTestId('next').click();
  await expect(page).toHaveURL(/\/mapping\/wait$/);
  await expect.poll(async () => (await (await authedFetch(sim, `${sim.url}/control/state`)).json()).data.mapping).toBe(true);
});

test('the PIN boxes take digits only, one per box, and Backspace moves back', async ({ page, sim }) => {
  await page.goto(`${sim.url}/login`);
  await waitForShell(page);
  const input = page.getByTestId('pin-input');
  await input.pressSequentially('12a3');
  await expect(input).toHaveValue('123');
  const boxes = page.getByTestId('pin-boxes').locator('.pin-box');
  // The last digit shows for a second, then is masked like the others.
  await expect(boxes.nth(2)).toHaveText('3');
  await expect(boxes.nth(0)).toHaveText('•');
  await expect(boxes.nth(2)).toHaveText('•', { timeout: 2_000 });
  await page.keyboard.press('Backspace');
  await expect(input).toHaveValue('12');
  await tapPin(page, '34567');
  await expect(input).toHaveValue('123456');
  await page.getByRole('button', { name: 'Delete the last digit' }).click();
  await expect(input).toHaveValue('12345');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();
});
