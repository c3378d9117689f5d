/**
 * Issue 34's names: a renamed robot is called by its own name (top bar, side menu, power-off question), in
 * English and Italian; and a name field counts as the on-screen keyboard types and says when 40 is reached,
 * the counter in sight above the field, never under the keyboard.
 */
import { test, expect } from './fixtures';
import { loginDemo, tapKeys } from './helpers/kiosk';
import { checkScreen } from './helpers/screens';
import { authedFetch } from './helpers/session';

test.use({ simOptions: { demo: true, speed: 1 } });

test('the robot renamed in settings is called by its name; the name field counts to 40 and says the limit', async ({ page, sim }) => {
  test.setTimeout(90_000);
  await page.goto(`${sim.url}/settings`);
  await loginDemo(page, sim);
  await page.getByTestId('menu-handle').click();
  await page.getByTestId('side-menu').getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByTestId('setting-robot_name').click();
  const field = page.getByTestId('robot_name-input');
  await field.fill('');
  await field.click();
  const count = page.getByTestId('field-count');
  await expect(count).toHaveText('0/40');
  await tapKeys(page, 'ugo');
  await expect(count).toHaveText('3/40');
  // Up to the limit: the counter says so in words; one more key adds nothing, and the counter still says why.
  await tapKeys(page, 'x'.repeat(37));
  await expect(field).toHaveValue(`ugo${'x'.repeat(37)}`);
  await expect(count).toHaveText('40/40 · Limit reached: 40 characters at most');
  await tapKeys(page, 'y');
  await expect(field).toHaveValue(`ugo${'x'.repeat(37)}`);
  // The counter stands above the field, clear of the docked keyboard.
  const countBox = (await count.boundingBox())!;
  const keyboardBox = (await page.getByTestId('keyboard').boundingBox())!;
  expect(countBox.y + countBox.height).toBeLessThanOrEqual(keyboardBox.y);
  await expect(count).toBeInViewport();
  await checkScreen(page, 's2-settings-name-limit');

  for (let i = 0; i < 37; i++) await page.getByTestId('keyboard').getByRole('button', { name: 'Delete' }).click();
  await expect(count).toHaveText('3/40');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('saved')).toBeVisible();

  // The robot's own name, where 'Node' stood.
  await expect(page.locator('.topbar')).toContainText('ugo');
  await expect(page.locator('.topbar')).not.toContainText('Node');
  await page.getByTestId('menu-handle').click();
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByText('You and ugo')).toBeVisible();
  await menu.getByRole('button', { name: 'Power Off' }).click();
  await expect(page.getByRole('alertdialog', { name: 'ugo will power off. Do you confirm?' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  // And in Italian.
  await authedFetch(sim, `${sim.url}/api/settings`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ language: 'it' }) });
  await page.reload();
  await expect(page.locator('.topbar')).toContainText('ugo', { timeout: 15_000 });
  await page.getByTestId('menu-handle').click();
  await expect(page.getByTestId('side-menu').getByText('Tu e ugo')).toBeVisible();
  await page.getByTestId('side-menu').getByRole('button', { name: 'Spegni' }).click();
  await expect(page.getByRole('alertdialog', { name: 'ugo si spegnerà. Confermi?' })).toBeVisible();
  await checkScreen(page, 's3-power-off-renamed-it');
});
