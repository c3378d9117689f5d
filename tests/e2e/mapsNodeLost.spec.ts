/** The lost robot: from the lost overlay's Manage to /node-lost, a spot and a direction, back to /missions. */
import { test, expect } from './fixtures';
import { loginDemo } from './helpers/kiosk';
import { checkScreen } from './helpers/screens';
import { tapMetres, waitForMap } from './helpers/mapView';
import { groundTruth, planToMap } from '../../backend/robots/sim/floorPlan';
import { worldToPixel } from '../../backend/grid';

test.use({ simOptions: { demo: true, speed: 1 }, hasTouch: true });

test('relocalize a lost robot: read-only map, a free spot, Confirm once a direction is chosen; a failed call stays', async ({ page, sim, control }) => {
  await loginDemo(page, sim);
  await control('alerts', { activate: { errors: ['node_lost'] } });
  const overlay = page.getByRole('alertdialog');
  await expect(overlay.getByRole('heading', { name: "I'm lost" })).toBeVisible();
  await overlay.getByRole('button', { name: 'Manage' }).click();
  await expect(page).toHaveURL(/\/node-lost$/);
  await waitForMap(page);
  await expect(page.getByRole('heading', { name: 'Show me where I am' })).toBeVisible();
  // Read-only: pins only show, no editing tools.
  await expect(page.getByRole('button', { name: 'Base' })).toHaveCount(0);
  await expect(page.getByTestId('tool-destination')).toHaveCount(0);
  await checkScreen(page, '80-node-lost');

  const truth = groundTruth();
  const wall = planToMap(12.1, 5);
  await tapMetres(page, truth, wall.x, wall.y);
  await expect(page.getByTestId('orientation-picker')).toHaveCount(0);
  const spot = planToMap(17, 8);
  await tapMetres(page, truth, spot.x, spot.y);
  const picker = page.getByTestId('orientation-picker');
  await expect(picker).toBeVisible();
  await expect(picker.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await picker.getByRole('radio', { name: 'South-west' }).click();
  await checkScreen(page, '81-node-lost-orientation');

  await control('calls', { path: '/api/position', mode: 'fail' });
  await picker.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('map-error')).toContainText('I could not take the position');
  await expect(page).toHaveURL(/\/node-lost$/);
  await control('calls', { path: '/api/position', mode: 'ok' });

  await picker.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/missions$/);
  const c = worldToPixel(truth, spot);
  const pose = sim.app.world.pose();
  expect(pose.x).toBeCloseTo(truth.origin.x + (c.px + 0.5) * truth.resolution, 6);
  expect(pose.y).toBeCloseTo(truth.origin.y + (truth.height - c.py - 0.5) * truth.resolution, 6);
  expect(pose.orientation).toBeCloseTo(-135, 6);
  // The robot resolved node_lost: no lost overlay any more.
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect(sim.app.world.alerts.snapshot().activated_errors).not.toContain('node_lost');
});
