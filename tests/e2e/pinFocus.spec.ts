/**
 * After a wrong PIN the boxes keep the focus, so a physical keyboard goes on typing (issue 42): on /login, whether
 * the PIN was sent with Enter or with a click on Login, and on the wizard's confirm step.
 */
import { test, expect, waitForShell } from './fixtures';
import type { Page } from '@playwright/test';
import { SET_UP, setUpRobot } from './helpers/login';

const pinFocused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);

test('/login: after a wrong PIN, sent with Enter or with a click, the keyboard types the next one', async ({ page, sim }) => {
  await setUpRobot(sim);
  await page.goto(`${sim.url}/login`);
  await waitForShell(page);
  // The login page loads lazily and then takes the focus: typing before that would go nowhere.
  await expect.poll(() => pinFocused(page)).toBe('pin-input');
  await page.keyboard.type('000000');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pin-error')).toHaveText('Ops! The pin does not match. Please try again.');
  await expect.poll(() => pinFocused(page)).toBe('pin-input');

  await page.keyboard.type('111111');
  await expect(page.getByTestId('pin-input')).toHaveValue('111111');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByTestId('pin-error')).toBeVisible();
  await expect(page.getByTestId('pin-input')).toHaveValue('');
  await expect.poll(() => pinFocused(page)).toBe('pin-input');

  await page.keyboard.type(SET_UP.superadmin_pin);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/missions$/);
});

test('the wizard: after a confirmation that does not match, the keyboard types the next one', async ({ page, sim, settings }) => {
  const { superadmin_pin: _none, ...withoutPin } = SET_UP;
  await settings(withoutPin);
  // The first-access PIN's session, as the wizard's first-access page would have opened it.
  const first = await page.request.post(`${sim.url}/api/auth`, { data: { pin: '123456' } });
  expect((await first.json()).data).toEqual({ isCorrect: true });
  await page.goto(`${sim.url}/user-dashboard`);
  await waitForShell(page);
  await page.getByTestId('avatar-card').click();
  await expect(page).toHaveURL(/choose-new-pin$/);
  await expect.poll(() => pinFocused(page)).toBe('pin-input');
  await page.keyboard.type('246810');
  await page.getByTestId('next').click();
  await expect(page).toHaveURL(/confirm-pin$/);
  await expect.poll(() => pinFocused(page)).toBe('pin-input');

  await page.keyboard.type('246811');
  await page.getByTestId('next').click();
  await expect(page.getByTestId('pin-error')).toHaveText('Ops! The pin does not match. Please try again.');
  await expect.poll(() => pinFocused(page)).toBe('pin-input');
  await page.keyboard.type('246810');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/user-dashboard$/);
});
