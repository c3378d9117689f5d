/**
 * The whole first use as a new person meets it, against a fresh simulated robot: disclaimer, startup, every
 * wizard page with its disabled-until-valid buttons, both PIN errors, the dashboard, the new PIN, login.
 */
import { test, expect, waitForShell } from './fixtures';
import { checkScreen } from './helpers/screens';
import { seedMap, tapKeys, tapPin } from './helpers/kiosk';

test('first use, from / to /missions', async ({ page, sim }) => {
  test.setTimeout(150_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const next = page.getByTestId('next');

  await page.goto(`${sim.url}/`);
  await waitForShell(page);
  await expect(page).toHaveURL(/\/disclaimer$/);
  await checkScreen(page, '01-disclaimer');
  await page.getByRole('button', { name: "Let's start!" }).click();

  // Startup: the logo fades in after 2 s, then 10 s later the empty settings send us to the wizard.
  await expect(page).toHaveURL(/\/startup$/);
  await expect(page.getByTestId('startup-logo')).toHaveAttribute('data-visible', 'false');
  await expect(page.getByTestId('startup-logo')).toHaveAttribute('data-visible', 'true', { timeout: 4_000 });
  await checkScreen(page, '02-startup');
  await expect(page).toHaveURL(/\/fux\/hello$/, { timeout: 15_000 });

  await expect(page.getByRole('heading', { name: 'Hello!' })).toBeVisible();
  await checkScreen(page, '03-fux-hello');
  await page.getByRole('button', { name: "Let's start", exact: true }).click();

  await expect(page).toHaveURL(/choose-language$/);
  await expect(next).toBeDisabled();
  await checkScreen(page, '04-fux-choose-language');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(next).toBeEnabled();
  await next.click();

  await expect(page).toHaveURL(/choose-country$/);
  await expect(next).toBeDisabled();
  await page.getByRole('button', { name: 'Italy' }).click();
  await checkScreen(page, '05-fux-choose-country');
  await next.click();

  await expect(page).toHaveURL(/choose-date-time$/);
  await expect(page.getByRole('heading', { name: 'Set date and time' })).toBeVisible();
  const hour = page.getByTestId('hour').locator('output');
  const before = Number(await hour.textContent());
  await page.getByRole('button', { name: 'One hour later' }).click();
  await expect(hour).toHaveText(String((before + 1) % 24).padStart(2, '0'));
  await checkScreen(page, '06-fux-choose-date-time');
  await next.click();

  await expect(page).toHaveURL(/robot-name$/);
  await expect(page.getByRole('heading', { name: 'My name' })).toBeVisible();
  await expect(next).toBeDisabled();
  await expect(page.getByTestId('keyboard')).toBeVisible();
  await tapKeys(page, 'Node');
  await expect(page.getByTestId('robot-name-input')).toHaveValue('Node');
  // The field typed into stays above the on-screen keyboard.
  const field = (await page.getByTestId('robot-name-input').boundingBox())!;
  const keyboard = (await page.getByTestId('keyboard').boundingBox())!;
  expect(field.y + field.height).toBeLessThanOrEqual(keyboard.y);
  await expect(next).toBeVisible();
  await checkScreen(page, '07-fux-robot-name');
  await next.click();

  for (const [side, pick, shot] of [['right', 'Double', '08-fux-load-step-right'], ['left', 'Triple', '09-fux-load-step-left']] as const) {
    await expect(page).toHaveURL(new RegExp(`load-step-${side}$`));
    await expect(next).toBeDisabled();
    await page.getByRole('button', { name: new RegExp(`^${pick}`) }).click();
    await checkScreen(page, shot);
    await next.click();
  }

  await expect(page).toHaveURL(/hello-robot$/);
  await expect(page.getByRole('heading', { name: 'I am Node' })).toBeVisible();
  await expect(page.getByText('the intelligent agent, working by your side')).toBeVisible();
  await checkScreen(page, '10-fux-hello-robot');
  await page.getByRole('button', { name: 'Discover the features' }).click();

  await expect(page).toHaveURL(/carousel$/);
  const goToLogin = page.getByRole('button', { name: 'Go to login' });
  await expect(goToLogin).toBeDisabled();
  await checkScreen(page, '11-fux-carousel-1');
  await page.getByTestId('carousel-exit').click();
  await expect(page.getByRole('alertdialog', { name: 'Are you sure you want to exit?' })).toBeVisible();
  await checkScreen(page, '12-fux-carousel-exit');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Next slide' }).click();
  await expect(goToLogin).toBeDisabled();
  await page.getByRole('button', { name: 'Next slide' }).click();
  await expect(page.getByTestId('slide-3')).toBeVisible();
  await expect(goToLogin).toBeEnabled();
  await checkScreen(page, '13-fux-carousel-3');
  await goToLogin.click();

  await expect(page).toHaveURL(/first-access$/);
  await expect(page.getByRole('heading', { name: 'Make your first access' })).toBeVisible();
  await expect(next).toBeDisabled();
  await tapPin(page, '111111');
  await next.click();
  await expect(page.getByTestId('pin-error')).toHaveText('Ops! The pin does not seem to be correct. Please try again.');
  await expect(page.getByTestId('pin-input')).toHaveValue('');
  await checkScreen(page, '14-fux-first-access-wrong');
  await tapPin(page, '123456');
  await next.click();

  await expect(page).toHaveURL(/\/fux\/tos$/);
  await expect(page.getByTestId('tos-text')).toContainText('at most 5 years');
  await checkScreen(page, '15-fux-tos');
  await page.getByRole('button', { name: 'Accept and Continue' }).click();

  await expect(page).toHaveURL(/complete-profile$/);
  await expect(page.getByText('Super administrator')).toBeVisible();
  await expect(next).toBeDisabled();
  // A physical keyboard works too.
  await page.getByTestId('complete-profile-input').pressSequentially('Ada');
  await checkScreen(page, '16-fux-complete-profile');
  await next.click();

  await expect(page).toHaveURL(/user-dashboard$/);
  await expect(page.getByRole('heading', { name: "Let's start collaborating together" })).toBeVisible();
  await checkScreen(page, '17-user-dashboard');
  await page.getByTestId('avatar-card').click();

  await expect(page).toHaveURL(/choose-new-pin$/);
  await expect(next).toBeDisabled();
  await tapPin(page, '246810');
  await expect(next).toBeEnabled();
  await checkScreen(page, '18-fux-choose-new-pin');
  await next.click();

  await expect(page).toHaveURL(/confirm-pin$/);
  await expect(page.getByRole('heading', { name: 'Confirm the new pin' })).toBeVisible();
  await tapPin(page, '246811');
  await next.click();
  await expect(page.getByTestId('pin-error')).toHaveText('Ops! The pin does not match. Please try again.');
  await checkScreen(page, '19-fux-confirm-pin-mismatch');
  await tapPin(page, '246810');
  await next.click();

  await expect(page).toHaveURL(/user-dashboard$/);
  await page.getByTestId('avatar-card').click();
  await expect(page).toHaveURL(/\/login$/);
  await tapPin(page, '123456');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByTestId('pin-error')).toHaveText('Ops! The pin does not match. Please try again.');
  await checkScreen(page, '20-login-mismatch');
  // The robot was mapped meanwhile: login lands on the missions list.
  seedMap(sim);
  await tapPin(page, '246810');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/missions$/);
  await expect(page.getByRole('heading', { name: "I'm ready for new missions!" })).toBeVisible();
  await expect(page.getByText('Press + and assign me a task!')).toBeVisible();
  await checkScreen(page, '21-missions-empty');

  // The PIN never reached the address bar, storage or the event log.
  const leaks = await page.evaluate(async () => {
    const log = await (window as unknown as { __kiosk: { exportLog(): Promise<string> } }).__kiosk.exportLog();
    return [location.href, JSON.stringify(localStorage), JSON.stringify(sessionStorage), log].filter((s) => /246810|123456/.test(s)).length;
  });
  expect(leaks).toBe(0);
  expect(errors).toEqual([]);
});
