/**
 * One walk on a real building's map (the Willow Garage office, tests/sim/realMap.ts): a destination placed on
 * the map by touch, then the robot drives there through the building. Skipped, saying why, where the map is
 * not beside the repository.
 */
import { test, expect } from './fixtures';
import { loginDemo, tapKeys } from './helpers/kiosk';
import { checkScreen } from './helpers/screens';
import { driveTo, tapPixel, waitForMap } from './helpers/mapView';
import { FREE, pixelToWorld, worldToPixel } from '../../backend/grid';
import { HAVE_REAL_MAP, NO_REAL_MAP, REAL_MAP } from '../sim/realMap';

test.skip(!HAVE_REAL_MAP, NO_REAL_MAP);
test.use({ simOptions: { demo: true, speed: 20, map: REAL_MAP }, hasTouch: true });

test('a destination on the Willow Garage map, and the robot drives to it through the office', async ({ page, sim }) => {
  test.setTimeout(120_000);
  const truth = sim.robot.knownMap()!;
  const dock = worldToPixel(truth, sim.app.world.pose());
  // A reachable spot 12 to 25 m from the dock, whose way is longer than the straight line (round walls), with
  // free floor a metre around it, so the planner does not have to stop short of it for the robot's size.
  const clear = (px: number, py: number) => {
    for (let dy = -10; dy <= 10; dy++)
      for (let dx = -10; dx <= 10; dx++) if (truth.data[(py + dy) * truth.width + px + dx] !== FREE) return false;
    return true;
  };
  let target: { px: number; py: number } | null = null;
  for (let py = 20; py < truth.height - 20 && !target; py += 15)
    for (let px = 20; px < truth.width - 20 && !target; px += 15) {
      if (!clear(px, py)) continue;
      const straight = Math.hypot(px - dock.px, py - dock.py) * truth.resolution;
      if (straight < 12 || straight > 25) continue;
      const path = sim.robot.planTo(pixelToWorld(truth, px, py));
      if (path && path.length > straight + 1) target = { px, py };
    }
  expect(target, 'a spot round a wall from the dock').not.toBeNull();

  await loginDemo(page, sim);
  await page.getByTestId('menu-handle').click();
  await page.getByRole('link', { name: 'Map Management' }).click();
  await waitForMap(page);
  await tapPixel(page, target!.px, target!.py);
  const editor = page.getByTestId('destination-editor');
  await editor.getByRole('radio', { name: 'East', exact: true }).click();
  await editor.getByRole('button', { name: 'Continue' }).click();
  await page.getByTestId('destination-name').click();
  await tapKeys(page, 'Office');
  await editor.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByTestId('destination-list').getByRole('button', { name: 'Office' })).toBeVisible();
  await checkScreen(page, '90-map-willow');

  const office = sim.app.store.places.destinations().find((d) => d.name === 'Office')!;
  const placed = worldToPixel(truth, office);
  expect(Math.abs(placed.px - target!.px) + Math.abs(placed.py - target!.py)).toBeLessThanOrEqual(1);
  const seen = await driveTo(sim, office, 1, 90_000);
  // Every pose on the way was on the office's free floor.
  expect(seen.every(({ px, py }) => truth.data[py * truth.width + px] === FREE)).toBe(true);
  await expect(page).toHaveURL(/\/movement\/\d+$/);
});
