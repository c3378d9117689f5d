/**
 * A moving robot can be paused from its screen (issue 18): the large Pause control while departing, moving and
 * arriving opens the pause dialog of spec 2.4; and Power Off while a mission runs stops the mission first.
 */
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import type { Simulator } from '../../backend/server';
import { checkScreen } from './helpers/screens';
import { loginDemo } from './helpers/kiosk';
import { expectMovement, setUpRobot } from './helpers/missions';
import { authedFetch } from './helpers/session';

async function start(page: Page, sim: Simulator): Promise<number> {
  await setUpRobot(sim);
  const at = new Date().toISOString();
  const lab = sim.app.store.places.createDestination({ name: 'Lab', x: 15.8, y: 2.2, orientation: 0, resolution: 0.05 }, at).id;
  await loginDemo(page, sim);
  const res = await authedFetch(sim, `${sim.url}/api/mission/definition/quick`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ destination_id: lab, activity_id: 1, recipient_id: 1, load_location_left: [[], []], load_location_right: [[], [], []], message: '', message_read_required: false }),
  });
  const id = ((await res.json()) as { data: { id: number } }).data.id;
  await expect(page).toHaveURL(new RegExp(`/movement/${id}$`), { timeout: 10_000 });
  return id;
}

async function robot(sim: Simulator) {
  return ((await (await authedFetch(sim, `${sim.url}/control/state`)).json()) as { data: { pose: { x: number; y: number }; current_mission: { status: string } | null } }).data;
}

test.use({ simOptions: { demo: false, speed: 2 } });

test('Pause while moving stops the robot and opens the pause dialog; Resume drives on', async ({ page, sim }) => {
  await start(page, sim);
  // Already on screen during the departure, above the whole-page tap target.
  await expect(page.getByTestId('movement-pause')).toBeVisible();
  await expectMovement(page, 'moving', 20_000);
  await checkScreen(page, '185-movement-moving-pause');
  await page.getByTestId('movement-pause').click();
  const dialog = page.getByTestId('pause-dialog');
  await expect(dialog.getByRole('heading', { name: 'Hey! You paused me...' })).toBeVisible();
  await expect(page.getByTestId('movement-pause')).toBeHidden();
  await expect.poll(async () => (await robot(sim)).current_mission?.status).toBe('paused');
  const a = (await robot(sim)).pose;
  await page.waitForTimeout(600);
  expect((await robot(sim)).pose).toEqual(a);
  await dialog.getByRole('button', { name: 'Resume the mission' }).click();
  await expect.poll(async () => (await robot(sim)).current_mission?.status).toBe('running');
  await expect.poll(async () => (await robot(sim)).pose.x, { timeout: 5_000 }).toBeGreaterThan(a.x);
  await expect(page.getByTestId('movement-pause')).toBeVisible();
});

test('Power Off while a mission runs asks to stop it first, then stops it and powers off', async ({ page, sim }) => {
  await start(page, sim);
  await page.getByTestId('menu-handle').click();
  await page.getByTestId('power-off').click();
  const dialog = page.getByTestId('power-off-dialog');
  await expect(dialog.getByRole('heading', { name: 'A mission is running' })).toBeVisible();
  await expect(dialog).toContainText('Stop it before I power off?');
  await checkScreen(page, '186-power-off-mission');
  await dialog.getByRole('button', { name: 'Stop the mission and power off' }).click();
  await expect(page).toHaveURL(/\/missions$/);
  await expect.poll(async () => (await robot(sim)).current_mission).toBeNull();
  await expect(page.getByTestId('mission-notice')).toHaveText('Mission stopped');
});
