/**
 * "I will leave for Base at once", and the robot goes (issue 42): a path mission waits at Warehouse for its
 * recipient, the battery falls to 8 %, and the charging request stops that mission (said before the tap), shows
 * the charge while it waits to leave, and sends the robot to Base.
 */
import type { Page } from '@playwright/test';
import { test, expect, type SimFixture } from './fixtures';
import { loginDemo } from './helpers/kiosk';
import { expectMovement, lastEnded } from './helpers/missions';
import { authedFetch } from './helpers/session';
import { checkScreen } from './helpers/screens';

test.use({ simOptions: { demo: true, speed: 10 }, hasTouch: true });

type Sim = SimFixture['sim'];
const api = (sim: Sim, method: string, path: string, body?: unknown) =>
  authedFetch(sim, `${sim.url}/api/${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

/** A path mission to Warehouse for its recipient, started as the wizard does; waits until the robot is there. */
async function waitingAtWarehouse(page: Page, sim: Sim): Promise<number> {
  const warehouse = sim.app.store.places.destinations().find((d) => d.name === 'Warehouse')!;
  const recipient = sim.app.store.places.recipients(warehouse.id)[0]!;
  const res = await api(sim, 'POST', 'mission/definition/path', {
    name: 'Mission 07',
    steps: [{ destination_id: warehouse.id, activities: [{ activity_id: 2, recipients: [recipient.id], message: '', message_read_required: false, load_location_left: [[], []], load_location_right: [[], [], []] }] }],
  });
  const id = ((await res.json()) as { data: { id: number } }).data.id;
  await expect(page).toHaveURL(new RegExp(`/movement/${id}$`), { timeout: 15_000 });
  await expectMovement(page, 'inActivity', 60_000);
  return id;
}

/** 'Start charging mission' on the low-battery overlay, and its confirmation. */
async function askCharge(page: Page) {
  await page.getByTestId('alert-batteries').getByRole('button', { name: 'Start charging mission' }).click();
  const confirm = page.getByTestId('charging-confirm');
  await expect(confirm.getByRole('heading', { name: 'Go to Base to charge?' })).toBeVisible();
  return confirm;
}

const distanceToBase = (sim: Sim) => {
  const base = sim.app.store.places.destinations().find((d) => d.name === 'Base')!;
  const pose = sim.app.world.pose();
  return Math.hypot(pose.x - base.x, pose.y - base.y);
};

test('the charge stops the mission waiting at Warehouse, as the dialog says, and the robot leaves for Base', async ({ page, sim, control }) => {
  await control('battery', { charges: [0.9, 0.9] });
  await loginDemo(page, sim);
  const mission = await waitingAtWarehouse(page, sim);
  const away = distanceToBase(sim);

  await control('battery', { charges: [0.08, 0.5] });
  const confirm = await askCharge(page);
  await expect(confirm).toContainText('I will stop the mission "Mission 07" and leave for Base at once: it will not be completed.');
  await checkScreen(page, '240-charge-stops-mission');
  await confirm.getByRole('button', { name: 'Go to Base' }).click();

  // The charge leaves: its movement page, to Base, and the robot on its way there.
  // The charge's own movement page: a page of another mission, or none (NaN), is not it.
  const shown = () => Number(/\/movement\/(\d+)$/.exec(page.url())?.[1]);
  await expect.poll(() => { const id = shown(); return Number.isInteger(id) && id !== mission; }, { timeout: 15_000 }).toBe(true);
  const charge = shown();
  expect(sim.app.store.missions.definition(charge)).toMatchObject({ kind: 'charging' });
  expect(sim.app.world.runner.current?.definition_id).toBe(charge);
  await expect(page.getByTestId('movement-info')).toContainText('Base');
  await expect.poll(() => distanceToBase(sim), { timeout: 30_000 }).toBeLessThan(away - 1);
  // Mission 07 was stopped, not left waiting.
  expect(await lastEnded(sim)).toMatchObject({ definition_id: mission, status: 'uncompleted' });
});

test('a charge that cannot leave yet is shown waiting, on the list and on a movement page, until it leaves', async ({ page, sim, control }) => {
  await control('battery', { charges: [0.9, 0.9] });
  await loginDemo(page, sim);
  const mission = await waitingAtWarehouse(page, sim);
  await control('battery', { charges: [0.08, 0.5] });
  await expect(page.getByTestId('alert-batteries')).toBeVisible();
  // The robot out of reach (its link down) holds it: the charge must wait.
  await control('robot', { connected: false });
  const confirm = await askCharge(page);
  await expect(confirm).toContainText('Mission 07');
  await confirm.getByRole('button', { name: 'Go to Base' }).click();

  await expect(page).toHaveURL(/\/missions$/);
  const queued = page.getByTestId('queued-charge');
  await expect(queued).toContainText('Charging mission');
  await expect(queued).toContainText("Waiting: I'm not connected", { timeout: 15_000 });
  await expect(page.getByTestId(`run-status-${mission}`)).toContainText('Stopped');
  await checkScreen(page, '241-charge-queued-list');
  // On a movement page too (the stopped mission's, opened from its row).
  await page.getByTestId(`mission-${mission}`).locator('.mission-open').click();
  await expect(page).toHaveURL(new RegExp(`/movement/${mission}$`));
  await expect(page.getByTestId('queued-charge')).toContainText('Charging mission');
  await checkScreen(page, '242-charge-queued-movement');

  // The robot is back: the charge leaves, and is no longer shown waiting.
  await control('robot', { connected: true });
  await expect.poll(() => Number(/\/movement\/(\d+)$/.exec(page.url())?.[1]), { timeout: 15_000 }).not.toBe(mission);
  await expect(page.getByTestId('queued-charge')).toHaveCount(0);
  await expect(page.getByTestId('movement-info')).toContainText('Base');
});
