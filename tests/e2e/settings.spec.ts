/**
 * /settings (issue 19): behind the login, in the side menu; each value shows and changes on its own with the
 * wizard's controls and rules (language, country, date and time, both names, both shelf layouts) and the PIN
 * changes in three steps. The back end holds every change; no PIN reaches the event log.
 */
import { test, expect } from './fixtures';
import { loginDemo, tapKeys, tapPin } from './helpers/kiosk';
import { exportLog } from './helpers/missions';
import { checkScreen } from './helpers/screens';
import type { Page } from '@playwright/test';
import { authedFetch } from './helpers/session';

test.use({ simOptions: { demo: true, speed: 1 } });

async function robotSettings(url: string) {
  return ((await (await fetch(`${url}/api/settings`)).json()) as { data: Record<string, unknown> }).data;
}

async function open(page: Page, row: string) {
  await page.getByTestId(`setting-${row}`).click();
  await expect(page.getByTestId(`setting-${row}`)).toHaveAttribute('aria-pressed', 'true');
}

async function save(page: Page) {
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('saved')).toBeVisible();
}

test('every setting shows its value and changes on its own, the PIN in three steps', async ({ page, sim }) => {
  test.setTimeout(90_000);
  const before = await robotSettings(sim.url);
  await page.goto(`${sim.url}/settings`);
  // Behind the login.
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await loginDemo(page, sim);
  await page.getByTestId('menu-handle').click();
  await page.getByTestId('side-menu').getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to missions' })).toBeVisible();

  // Each row shows the current value; the open editor is preset to it.
  await expect(page.getByTestId('setting-language')).toContainText('English');
  await expect(page.getByTestId('setting-admin_name')).toContainText(String(before.admin_name));
  await expect(page.getByTestId('setting-robot_name')).toContainText(String(before.robot_name));
  await expect(page.getByTestId('setting-pin')).toContainText('Set, hidden');
  const editor = page.getByTestId('settings-editor');
  await expect(editor.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('settings-save')).toBeDisabled();
  await checkScreen(page, 's1-settings');

  await open(page, 'country');
  await editor.getByRole('button', { name: 'Switzerland' }).click();
  await save(page);
  await expect(page.getByTestId('setting-country')).toContainText('Switzerland');
  expect((await robotSettings(sim.url)).country).toBe('CH');

  await open(page, 'robot_name');
  const robotName = page.getByTestId('robot_name-input');
  await expect(robotName).toHaveValue(String(before.robot_name));
  await robotName.fill('');
  await expect(page.getByTestId('settings-save')).toBeDisabled();
  await robotName.click();
  await tapKeys(page, 'Robo');
  await checkScreen(page, 's2-settings-name-keyboard');
  await save(page);
  await expect(page.getByTestId('setting-robot_name')).toContainText('Robo');
  expect((await robotSettings(sim.url)).robot_name).toBe('Robo');

  await open(page, 'admin_name');
  await page.getByTestId('admin_name-input').fill('  Bea ');
  await save(page);
  expect((await robotSettings(sim.url)).admin_name).toBe('Bea');

  for (const [row, pick, value] of [
    ['load_location_layout_right', 'Free', 0],
    ['load_location_layout_left', 'Triple', 2],
  ] as const) {
    await open(page, row);
    await editor.getByRole('button', { name: new RegExp(`^${pick}`) }).click();
    await save(page);
    await expect(page.getByTestId(`setting-${row}`)).toContainText(pick);
    expect((await robotSettings(sim.url))[row]).toBe(value);
  }

  await open(page, 'date_time');
  await expect(page.getByTestId('date')).toBeVisible();
  const hourBefore = Number(await page.getByTestId('hour').locator('output').textContent());
  await page.getByRole('button', { name: 'One hour later' }).click();
  await expect(page.getByTestId('hour').locator('output')).toHaveText(String((hourBefore + 1) % 24).padStart(2, '0'));
  const clockBefore = sim.app.clock.now();
  await save(page);
  // The robot's clock was set to the chosen time (about an hour on, give or take the minute).
  const moved = sim.app.clock.now() - clockBefore;
  expect(Math.abs(moved - 3_600_000) < 3 * 60_000 || Math.abs(moved + 23 * 3_600_000) < 3 * 60_000).toBe(true);

  // The PIN: the back end checks the current PIN as soon as it is entered (POST api/auth/check, counted like a
  // login) and again with the save (`current_pin`). A wrong one is said at once: no new PIN is asked for.
  await open(page, 'pin');
  await expect(editor.getByRole('heading', { name: 'Enter your current PIN' })).toBeVisible();
  await tapPin(page, '999999');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('pin-error')).toHaveText('Ops! The current pin is not correct. Please try again.');
  await expect(editor.getByRole('heading', { name: 'Enter your current PIN' })).toBeVisible();
  await expect(editor.getByRole('heading', { name: 'Choose a new pin' })).toHaveCount(0);
  await expect(editor.getByText('Saved')).toHaveCount(0);
  const loginWith = async (pin: string) =>
    ((await (await authedFetch(sim, `${sim.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pin }) })).json()) as {
      data: { isCorrect: boolean };
    }).data.isCorrect;
  expect(await loginWith('135790')).toBe(false);
  await tapPin(page, '123456');
  await page.getByTestId('settings-save').click();
  await expect(editor.getByRole('heading', { name: 'Choose a new pin' })).toBeVisible();
  await tapPin(page, '246810');
  await page.getByTestId('settings-save').click();
  await expect(editor.getByRole('heading', { name: 'Confirm the new pin' })).toBeVisible();
  await tapPin(page, '246811');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('pin-error')).toHaveText('Ops! The pin does not match. Please try again.');
  await tapPin(page, '246810');
  await checkScreen(page, 's3-settings-pin-confirm');
  await page.getByTestId('settings-save').click();
  await expect(editor.getByRole('heading', { name: 'Your new PIN is saved' })).toBeVisible();
  const check = async (pin: string) =>
    ((await (await authedFetch(sim, `${sim.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pin }) })).json()) as {
      data: { isCorrect: boolean };
    }).data.isCorrect;
  expect(await check('246810')).toBe(true);
  expect(await check('123456')).toBe(false);

  // Last, the language: the page speaks Italian at once.
  await open(page, 'language');
  await editor.getByRole('button', { name: 'Italiano' }).click();
  await page.getByTestId('settings-save').click();
  await expect(page.getByRole('heading', { name: 'Impostazioni', exact: true })).toBeVisible();
  await expect(page.getByTestId('saved')).toHaveText('Salvato');
  await expect(page.getByTestId('setting-country')).toContainText('Svizzera');
  expect((await robotSettings(sim.url)).language).toBe('it');
  await checkScreen(page, 's4-settings-it');

  // No PIN typed on this page is anywhere in the event log.
  const log = await exportLog(page);
  for (const pin of ['999999', '123456', '246810', '246811']) expect(log).not.toContain(pin);
});
