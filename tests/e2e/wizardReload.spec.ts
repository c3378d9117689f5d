/**
 * The first use reloaded at every step (issue 34): each page survives the reload with its choices, Back shows
 * what was chosen before, and the wizard ends with every setting saved, so the next start is the dashboard.
 */
import { test, expect, waitForShell } from './fixtures';
import type { Page } from '@playwright/test';
import { tapKeys, tapPin } from './helpers/kiosk';
import { authedFetch } from './helpers/session';

async function reload(page: Page, path: RegExp) {
  await page.reload();
  await waitForShell(page);
  await expect(page).toHaveURL(path);
}

test('the wizard keeps its progress and its choices across a reload at every step', async ({ page, sim }) => {
  test.setTimeout(180_000);
  const next = page.getByTestId('next');
  // The screen speaks Italian once it is chosen.
  const back = page.getByRole('button', { name: /^(Back|Indietro)$/ });
  const settings = async () => (await (await authedFetch(sim, `${sim.url}/api/settings`)).json()).data as Record<string, unknown>;

  await page.goto(`${sim.url}/fux/hello`);
  await waitForShell(page);
  await reload(page, /\/fux\/hello$/);
  await page.getByRole('button', { name: "Let's start", exact: true }).click();

  await expect(page).toHaveURL(/choose-language$/);
  await reload(page, /choose-language$/);
  await page.getByRole('button', { name: 'Italiano' }).click();
  await next.click();

  await expect(page).toHaveURL(/choose-country$/);
  // The language was saved with Continue: after a reload the screen still speaks it, and Back shows it chosen.
  await reload(page, /choose-country$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await back.click();
  await expect(page).toHaveURL(/choose-language$/);
  await expect(page.getByTestId('choice-it')).toHaveAttribute('aria-pressed', 'true');
  await next.click();
  await expect(page).toHaveURL(/choose-country$/);
  await page.getByTestId('choice-IT').click();
  await next.click();

  // The walk: a reload on the date page, then Back showed no country.
  await expect(page).toHaveURL(/choose-date-time$/);
  await reload(page, /choose-date-time$/);
  await back.click();
  await expect(page).toHaveURL(/choose-country$/);
  await expect(page.getByTestId('choice-IT')).toHaveAttribute('aria-pressed', 'true');
  await next.click();
  await expect(page).toHaveURL(/choose-date-time$/);
  await next.click();

  await expect(page).toHaveURL(/robot-name$/);
  await reload(page, /robot-name$/);
  await tapKeys(page, 'Robo');
  await next.click();

  await expect(page).toHaveURL(/load-step-right$/);
  await reload(page, /load-step-right$/);
  await back.click();
  await expect(page).toHaveURL(/robot-name$/);
  await expect(page.getByTestId('robot-name-input')).toHaveValue('Robo');
  await next.click();
  await expect(page).toHaveURL(/load-step-right$/);
  await page.getByTestId('choice-1').click();
  await next.click();

  await expect(page).toHaveURL(/load-step-left$/);
  await reload(page, /load-step-left$/);
  await back.click();
  await expect(page).toHaveURL(/load-step-right$/);
  await expect(page.getByTestId('choice-1')).toHaveAttribute('aria-pressed', 'true');
  await next.click();
  await expect(page).toHaveURL(/load-step-left$/);
  await page.getByTestId('choice-2').click();
  await next.click();

  await expect(page).toHaveURL(/hello-robot$/);
  await reload(page, /hello-robot$/);
  await expect(page.getByRole('heading', { name: /Robo/ })).toBeVisible();
  await page.getByTestId('next').click();

  await expect(page).toHaveURL(/carousel$/);
  await reload(page, /carousel$/);
  await page.locator('.dots .dot').nth(2).click();
  await next.click();

  await expect(page).toHaveURL(/first-access$/);
  await reload(page, /first-access$/);
  await tapPin(page, '123456');
  await next.click();

  await expect(page).toHaveURL(/\/fux\/tos$/);
  await reload(page, /\/fux\/tos$/);
  await page.getByTestId('next').click();

  await expect(page).toHaveURL(/complete-profile$/);
  await reload(page, /complete-profile$/);
  await page.getByTestId('complete-profile-input').pressSequentially('Ada');
  await next.click();

  await expect(page).toHaveURL(/user-dashboard$/);
  await reload(page, /user-dashboard$/);
  await page.getByTestId('avatar-card').click();

  await expect(page).toHaveURL(/choose-new-pin$/);
  await reload(page, /choose-new-pin$/);
  await tapPin(page, '246810');
  await next.click();

  // The new PIN is never stored: a reload on its confirmation asks for it again.
  await expect(page).toHaveURL(/confirm-pin$/);
  await page.reload();
  await waitForShell(page);
  await expect(page).toHaveURL(/choose-new-pin$/);
  await tapPin(page, '246810');
  await next.click();
  await expect(page).toHaveURL(/confirm-pin$/);
  await tapPin(page, '246810');
  await next.click();
  await expect(page).toHaveURL(/user-dashboard$/);

  expect(await settings()).toMatchObject({
    language: 'it',
    country: 'IT',
    robot_name: 'Robo',
    load_location_layout_right: 1,
    load_location_layout_left: 2,
    accepted_terms_of_service: true,
    admin_name: 'Ada',
    has_superadmin_pin: true,
  });

  // A robot whose settings are complete never starts into the wizard.
  await page.goto(`${sim.url}/startup`);
  await expect(page).toHaveURL(/user-dashboard$/, { timeout: 20_000 });
});

test('a robot whose setup lost a setting asks only for it', async ({ page, sim, settings }) => {
  await settings({ language: null, country: 'IT', robot_name: 'Node', admin_name: 'Ada', accepted_terms_of_service: true, load_location_layout_left: 0, load_location_layout_right: 1 });
  await page.goto(`${sim.url}/startup`);
  await waitForShell(page);
  await expect(page).toHaveURL(/\/fux\/hello$/, { timeout: 20_000 });
  await page.getByRole('button', { name: "Let's start", exact: true }).click();
  await expect(page).toHaveURL(/choose-language$/);
  await page.getByTestId('choice-en').click();
  await page.getByTestId('next').click();
  // Nothing else is missing: the dashboard, where the new PIN is made.
  await expect(page).toHaveURL(/user-dashboard$/);
});
