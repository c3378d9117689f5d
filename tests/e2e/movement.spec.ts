/**
 * The movement screen against the simulator: pause, resume and stop during the departure; a failed mission;
 * a kiosk reloaded at a destination; the section 8 error on a page of its own.
 */
import { test, expect } from './fixtures';
import type { Simulator } from '../../backend/server';
import { checkScreen } from './helpers/screens';
import { expectMovement, lastEnded, postQuick as quick, readyWithReception as ready } from './helpers/missions';
import { authedFetch } from './helpers/session';

async function current(sim: Simulator): Promise<Record<string, unknown>> {
  return ((await (await authedFetch(sim, `${sim.url}/api/current_mission`)).json()) as { data: Record<string, unknown> }).data;
}

test.describe('at the speed of a real robot', () => {
  test.use({ simOptions: { demo: false, speed: 1 } });

  test('a tap during departure pauses; Resume goes on; Stop asks, Cancel goes back, and the confirmed stop cancels and logs out', async ({ page, sim }) => {
    const { reception, giulia } = await ready(page, sim);
    const id = await quick(sim, reception, giulia);
    await expect(page).toHaveURL(new RegExp(`/movement/${id}$`), { timeout: 10_000 });
    await expectMovement(page, 'departing');
    await expect(page.getByText('Press anywhere on the screen to stop the current mission')).toBeVisible();
    await expect(page.getByTestId('countdown')).toHaveText(/^0'0\d"$/);
    await checkScreen(page, '61-movement-departing');

    await page.getByTestId('movement-tap').click();
    const pause = page.getByTestId('pause-dialog');
    await expect(pause.getByRole('heading', { name: 'Hey! You paused me...' })).toBeVisible();
    await expect(pause).toContainText('How do you want to proceed?');
    await expect.poll(async () => (await current(sim)).status).toBe('paused');
    await checkScreen(page, '62-movement-paused');
    // Held where it was paused (issue 34), not back to the full 10 s.
    const seconds = async () => Number((await page.getByTestId('countdown').textContent())?.match(/^0'(\d\d)"$/)?.[1]);
    const held = await seconds();
    expect(held).toBeLessThan(10);
    await page.waitForTimeout(1_500);
    expect(await seconds()).toBe(held);
    await pause.getByRole('button', { name: 'Resume the mission' }).click();
    await expect(pause).toBeHidden();
    await expect.poll(async () => (await current(sim)).status).toBe('running');
    // Resumed: on from where it was, one second a step, none skipped.
    const shown: number[] = [];
    for (let i = 0; i < 25; i++) {
      const s = await seconds();
      if (shown[shown.length - 1] !== s) shown.push(s);
      await page.waitForTimeout(100);
    }
    expect(shown.slice(0, 3)).toEqual([held, held - 1, held - 2]);

    await page.getByTestId('movement-tap').click();
    await pause.getByRole('button', { name: 'Stop the mission' }).click();
    const stop = page.getByTestId('stop-dialog');
    await expect(stop.getByRole('heading', { name: 'Stop "Reception" mission?' })).toBeVisible();
    await expect(stop).toContainText('The interrupted mission will not be completed.');
    await expect(stop.getByTestId('stop-login-note')).toHaveText('After the stop you log in again with your PIN to reach mission control.');
    await checkScreen(page, '63-movement-stop');
    await stop.getByRole('button', { name: 'Cancel' }).click();
    await expect(pause).toBeVisible();
    await pause.getByRole('button', { name: 'Stop the mission' }).click();
    await stop.getByRole('button', { name: 'Yes, stop and go to mission control' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(async () => current(sim)).toEqual({});
    expect(await lastEnded(sim)).toMatchObject({ definition_id: id, status: 'uncompleted' });
    // Logged out: the list needs the PIN again.
    await page.goto(`${sim.url}/missions`);
    await expect(page).toHaveURL(/\/user-dashboard$/);
  });
});

test.describe('fast', () => {
  test.use({ simOptions: { demo: false, speed: 3 } });

  test('a failed departure shows Mission Failed; Ok cancels and logs out', async ({ page, sim, control }) => {
    const { reception, giulia } = await ready(page, sim);
    await control('fail-next-mission');
    const id = await quick(sim, reception, giulia);
    await expect(page).toHaveURL(new RegExp(`/movement/${id}$`), { timeout: 10_000 });
    const failed = page.getByTestId('mission-failed');
    await expect(failed.getByRole('heading', { name: 'Mission Failed' })).toBeVisible({ timeout: 15_000 });
    await expect(failed).toContainText('The current mission will be cancelled');
    await checkScreen(page, '64-movement-failed');
    await failed.getByRole('button', { name: 'Ok' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await lastEnded(sim)).toMatchObject({ definition_id: id, status: 'uncompleted' });
  });

  test('a kiosk reloaded at the destination comes back to the activity, and the task goes on from there', async ({ page, sim }) => {
    const { reception, giulia } = await ready(page, sim);
    const id = await quick(sim, reception, giulia, 'Hello Giulia');
    await expectMovement(page, 'inActivity');
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`/movement/${id}$`));
    await expectMovement(page, 'inActivity');
    await expect(page.getByText('Giulia Rossi can manage the delivery')).toBeVisible();
    await page.getByRole('button', { name: 'Manage delivery' }).click();
    await expect(page.getByTestId('message-text')).toHaveText('Hello Giulia');
    // No read confirmation was asked for: the button works at once.
    await page.getByRole('button', { name: 'I read the message' }).click();
    await expect(page.getByRole('heading', { name: 'Pick up the objects from robot' })).toBeVisible();
    await expect(page.getByText('parcel · Right, shelf 1')).toBeVisible();
    // Done with the parcel unticked asks first (issue 18); back to the list, then everything ticked.
    await page.getByTestId('objects-done').click();
    const partial = page.getByTestId('partial-dialog');
    await expect(partial.getByRole('heading', { name: 'Not everything was taken. Finish anyway?' })).toBeVisible();
    await checkScreen(page, '66-movement-partial');
    await partial.getByRole('button', { name: 'Back to the list' }).click();
    await expect(partial).toBeHidden();
    await page.getByTestId('select-all').check();
    await page.getByTestId('objects-done').click();
    await expect(partial).toHaveCount(0);
    await expect.poll(async () => (await lastEnded(sim))?.status).toBe('completed');
  });

  test('a departure announced for an unknown mission says so on the movement page', async ({ page, sim, control }) => {
    await ready(page, sim);
    await control('push', { event: 'movement/ready', data: { mission_definition_id: 77, step_index: 0, duration: 30 } });
    await expect(page).toHaveURL(/\/movement\/77$/);
    await expect(page.getByTestId('movement-error')).toHaveText('Mission definition not found');
    await checkScreen(page, '65-movement-not-found');
  });
});
