/**
 * The missions list tells the truth (issue 18): each row's status after a completed, a failed and a stopped
 * mission, the finished mission's message on the list, Run again (and its absence on a back end without the
 * call), a queued mission that waits and says why, and a row's movement page that stays.
 */
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { checkScreen } from './helpers/screens';
import { loginDemo, tapPin } from './helpers/kiosk';
import { expectMovement, postQuick as quick, readyWithReception as ready } from './helpers/missions';

async function logInAgain(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/login$/);
  await tapPin(page, '123456');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/missions$/);
}

/** Mission `id` departs; a tap pauses it, Stop stops it (which logs out), and the PIN logs in again. */
async function stopDuringDeparture(page: Page, id: number): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/movement/${id}$`), { timeout: 10_000 });
  await page.getByTestId('movement-tap').click();
  await page.getByTestId('pause-dialog').getByRole('button', { name: 'Stop the mission' }).click();
  await page.getByTestId('stop-dialog').getByRole('button', { name: 'Yes, stop and go to mission control' }).click();
  await logInAgain(page);
}

test.use({ simOptions: { demo: false, speed: 5 } });

test('rows say completed, failed (with the reason) and stopped; the list shows the finished mission; Run again runs it again without a cancel of an ended mission', async ({ page, sim, control }) => {
  const cancels: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/current_mission/cancel')) cancels.push(r.url());
  });
  const { reception, giulia } = await ready(page, sim);
  const id = await quick(sim, reception, giulia);
  await expect(page).toHaveURL(new RegExp(`/movement/${id}$`), { timeout: 10_000 });
  await expectMovement(page, 'inActivity');
  await page.getByRole('button', { name: 'Manage delivery' }).click();
  await page.getByTestId('select-all').check();
  await page.getByTestId('objects-done').click();
  await expect(page).toHaveURL(/\/missions$/);
  const notice = page.getByTestId('mission-notice');
  await expect(notice).toHaveText('Mission completed');
  const status = page.getByTestId(`run-status-${id}`);
  await expect(status).toHaveText(/^Completed · today at \d\d:\d\d$/);
  await checkScreen(page, '180-missions-completed');
  // The message goes after a few seconds; the row keeps the outcome.
  await expect(notice).toBeHidden({ timeout: 10_000 });
  await expect(status).toHaveText(/^Completed/);

  // Run again, told to fail: the failed dialog says why; Ok cancels nothing (the back end ended it).
  await control('fail-next-mission');
  await page.getByRole('button', { name: 'Run again: Quick mission' }).click();
  await expect(page).toHaveURL(new RegExp(`/movement/${id}$`), { timeout: 10_000 });
  const failed = page.getByTestId('mission-failed');
  await expect(failed).toContainText('Reason: path blocked', { timeout: 15_000 });
  await checkScreen(page, '181-movement-failed-reason');
  await failed.getByRole('button', { name: 'Ok' }).click();
  await logInAgain(page);
  await expect(notice).toContainText('Mission failed');
  await expect(notice).toContainText('Reason: path blocked');
  // Run again does not hide how the earlier run ended (issue 42).
  await expect(status).toHaveText(/^Failed · today at \d\d:\d\dReason: path blocked$/);
  await expect(page.getByTestId(`run-before-${id}`)).toHaveText(/^Before: completed today at \d\d:\d\d$/);
  await checkScreen(page, '182-missions-failed');
  expect(cancels).toEqual([]);

  // Run again and stop it during the departure.
  await page.getByRole('button', { name: 'Run again: Quick mission' }).click();
  await expect(page).toHaveURL(new RegExp(`/movement/${id}$`), { timeout: 10_000 });
  await expectMovement(page, 'departing');
  await page.getByTestId('movement-tap').click();
  await page.getByTestId('pause-dialog').getByRole('button', { name: 'Stop the mission' }).click();
  await page.getByTestId('stop-dialog').getByRole('button', { name: 'Yes, stop and go to mission control' }).click();
  await logInAgain(page);
  await expect(notice).toHaveText('Mission stopped');
  await expect(status).toHaveText(/^Stopped · today/);
  await expect(page.getByTestId(`run-before-${id}`)).toHaveText(/^Before: failed today at/);
  expect(cancels).toHaveLength(1);

  // After a reload (which ends the login) the back end's own record speaks.
  await page.reload();
  await loginDemo(page, sim);
  // The back end recorded how it ended (issue 34): still "Stopped", and the run before it failed.
  await expect(status).toHaveText(/^Stopped · today/);
  await expect(page.getByTestId(`run-before-${id}`)).toHaveText(/^Before: failed today at/);
});

test("a row's movement page stays on the mission's waiting state; a reload returns to /missions; a queued mission says why it waits", async ({ page, sim, control }) => {
  const { reception, giulia } = await ready(page, sim);
  const id = await quick(sim, reception, giulia);
  await stopDuringDeparture(page, id);

  // The robot is disconnected: a mission run again waits, and its row and page say why.
  await control('robot', { connected: false });
  await page.getByRole('button', { name: 'Run again: Quick mission' }).click();
  const status = page.getByTestId(`run-status-${id}`);
  await expect(status).toHaveText("Waiting: I'm not connected", { timeout: 10_000 });
  await page.getByRole('button', { name: 'Open Quick mission' }).click();
  await expect(page).toHaveURL(new RegExp(`/movement/${id}$`));
  await page.waitForTimeout(1_000);
  await expect(page).toHaveURL(new RegExp(`/movement/${id}$`));
  await expect(page.getByText('My next destination will be Reception to Giulia Rossi')).toBeVisible();
  await expect(page.getByTestId('movement-info')).toContainText('Reception');
  await expect(status).toHaveText("Waiting: I'm not connected");
  await checkScreen(page, '183-movement-waiting-reason');
  // The robot comes back: the mission departs from this very page.
  await control('robot', { connected: true });
  await expectMovement(page, 'departing', 15_000);
  await page.getByTestId('movement-tap').click();
  await page.getByTestId('pause-dialog').getByRole('button', { name: 'Stop the mission' }).click();
  await page.getByTestId('stop-dialog').getByRole('button', { name: 'Yes, stop and go to mission control' }).click();
  await logInAgain(page);

  // Opened from the row, an ended mission stays, with Run again; a reload of that page goes back to the list.
  await page.getByRole('button', { name: 'Open Quick mission' }).click();
  await expect(page).toHaveURL(new RegExp(`/movement/${id}$`));
  await page.waitForTimeout(1_000);
  await expect(page.getByTestId('run-again')).toBeVisible();
  await expect(page.getByTestId(`run-status-${id}`)).toHaveText(/^Stopped · today/);
  await checkScreen(page, '184-movement-row-page');
  await page.reload();
  // Back to the list by replace (a reload also ends the login: the guard then asks for it).
  await expect(page).toHaveURL(/\/(missions|user-dashboard)$/);
});

test('Run again is hidden once the back end answers 405 (it lacks the call)', async ({ page, sim, control }) => {
  const { reception, giulia } = await ready(page, sim);
  const id = await quick(sim, reception, giulia);
  await stopDuringDeparture(page, id);
  await control('calls', { path: '/api/mission/definition/*/run', mode: 'fail', status: 405 });
  const again = page.getByRole('button', { name: 'Run again: Quick mission' });
  await again.click();
  await expect(again).toBeHidden();
  await expect(page.getByTestId(`run-status-${id}`)).toHaveText(/^Stopped/);
});
