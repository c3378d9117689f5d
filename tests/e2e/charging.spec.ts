/**
 * Charging (issue 18): a new robot gets "Base" at its dock when its first map starts; the map shows it with the
 * home icon; deleting it asks twice; "Start charging mission" sends the robot to Base after one confirmation.
 */
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import type { Simulator } from '../../backend/server';
import { checkScreen } from './helpers/screens';
import { loginDemo } from './helpers/kiosk';
import { waitForMap } from './helpers/mapView';
import { authedFetch } from './helpers/session';

test.use({ simOptions: { demo: false, speed: 5 }, hasTouch: true });

/** A fresh robot set up by the wizard, whose first map is made through the api (Base appears at the dock). */
async function firstMap(sim: Simulator): Promise<void> {
  const call = (method: string, path: string, body: unknown = {}) =>
    authedFetch(sim, `${sim.url}/api/${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await call('PATCH', 'settings', { language: 'en', country: 'IT', robot_name: 'Node', admin_name: 'Alex', accepted_terms_of_service: true, load_location_layout_left: 1, load_location_layout_right: 2, superadmin_pin: '123456' });
  expect(sim.app.store.places.destinations()).toEqual([]);
  expect((await call('POST', 'mapping/start')).status).toBe(200);
  expect((await call('POST', 'mapping/stop')).status).toBe(200);
}

async function openMap(page: Page): Promise<void> {
  await page.getByTestId('menu-handle').click();
  await page.getByRole('link', { name: 'Map Management' }).click();
  await expect(page).toHaveURL(/\/map$/);
  await waitForMap(page);
}

test('Base is made at the dock with the first map, wears the home icon, and deleting it asks twice', async ({ page, sim }) => {
  await firstMap(sim);
  const base = sim.app.store.places.destinations()[0]!;
  expect(base).toMatchObject({ name: 'Base', x: 0, y: 0 });
  await loginDemo(page, sim);
  await openMap(page);
  const pin = page.getByTestId(`pin-${base.id}`);
  await expect(pin).toContainText('Base');
  await expect(pin.locator('.map-pin-dot svg')).toHaveCount(1);
  await checkScreen(page, '187-map-base');

  await page.getByTestId('destination-list').getByRole('button', { name: 'Base' }).click();
  const editor = page.getByTestId('destination-editor');
  await editor.getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('delete-dialog').getByRole('button', { name: 'Delete' }).click();
  const again = page.getByTestId('delete-base-dialog');
  await expect(again.getByRole('heading', { name: 'Delete Base for good?' })).toBeVisible();
  await checkScreen(page, '188-map-delete-base');
  // Keep: Base stays.
  await again.getByRole('button', { name: 'Keep' }).click();
  await expect(again).toBeHidden();
  expect(sim.app.store.places.destinations()).toHaveLength(1);
  await editor.getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('delete-dialog').getByRole('button', { name: 'Delete' }).click();
  await again.getByRole('button', { name: 'Delete Base' }).click();
  await expect.poll(() => sim.app.store.places.destinations().length).toBe(0);
});

test.describe('the charging mission from the alert to arrival (issue 34)', () => {
  // Fast enough that the dock's charging shows in whole percents within seconds.
  test.use({ simOptions: { demo: false, speed: 60 } });

  test('Start charging mission goes to Base, says it is charging with the charge rising, and is not a saved mission', async ({ page, sim, control }) => {
    await firstMap(sim);
    // The robot is away from its dock, so the trip to Base is a real one.
    await authedFetch(sim, `${sim.url}/api/position`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ x: 7.8, y: 2.5, orientation: 0 }) });
    await loginDemo(page, sim);
    await control('battery', { charges: [0.5, 0.08] });
    await page.getByRole('button', { name: 'Start charging mission' }).click();
    const confirm = page.getByTestId('charging-confirm');
    await expect(confirm.getByRole('heading', { name: 'Go to Base to charge?' })).toBeVisible();
    await checkScreen(page, '189-charging-confirm');
    await confirm.getByRole('button', { name: 'Go to Base' }).click();
    await expect(page).toHaveURL(/\/movement\/\d+$/, { timeout: 15_000 });
    const info = page.getByTestId('movement-info');
    await expect(info).toContainText('DIRECTION');
    await expect(info).toContainText('Base');
    // For no one: no TO.
    await expect(info).not.toContainText('TO');
    const base = sim.app.store.places.destinations()[0]!;
    const defs = sim.app.store.missions.definitions();
    expect(defs).toHaveLength(1);
    expect(defs[0]).toMatchObject({ kind: 'charging', steps: [{ destination_id: base.id, activities: [] }] });

    // Arrived: charging, no recipient task, the secondary battery's charge rising.
    const panel = page.getByTestId('charging-panel');
    await expect(panel).toBeVisible({ timeout: 20_000 });
    await expect(panel.getByRole('status')).toHaveText("I'm charging");
    await expect(page.getByTestId('manage')).toHaveCount(0);
    await expect(page.getByText('can manage')).toHaveCount(0);
    const pose = sim.app.world.pose();
    expect(Math.hypot(pose.x - base.x, pose.y - base.y)).toBeLessThan(0.3);
    const level = page.getByTestId('charging-level-1');
    const percent = async () => Number((await level.textContent())?.match(/(\d+)%/)?.[1]);
    const first = await percent();
    expect(first).toBeGreaterThanOrEqual(8);
    await expect.poll(percent, { timeout: 15_000 }).toBeGreaterThan(first);
    await checkScreen(page, '189-charging-at-base');

    // Stop charging: back to the missions, where the charging mission is not listed.
    await page.getByTestId('charging-stop').click();
    await expect(page).toHaveURL(/\/missions$/);
    await expect(page.getByText("I'm ready for new missions!")).toBeVisible();
    await expect.poll(() => sim.app.world.runner.current).toBeNull();
  });
});
