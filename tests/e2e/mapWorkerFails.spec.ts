/**
 * The live map's worker (worker/mapWorker.ts) whose script does not load: /map shows no picture and the core's
 * worker says why in the console, a press on the map is not held for ever (the intents after it go through), and
 * the next map starts another worker, which shows it.
 */
import { test, expect } from './fixtures';
import { loginDemo } from './helpers/kiosk';
import { tapMetres, waitForMap } from './helpers/mapView';
import { groundTruth, planToMap } from '../../backend/robots/sim/floorPlan';
import { gridToBase64Png } from '../../backend/grid';

test.use({ simOptions: { demo: true, speed: 1 }, hasTouch: true });

test('a map worker that does not load: no picture, the reason logged, presses not held, and the next map shows', async ({ page, sim, control }) => {
  // The simulator's control surface fails the map worker's script (Playwright's routes do not reach a worker's workers).
  await control('calls', { path: '/assets/mapWorker-', mode: 'fail', status: 404 });
  // The core's worker says what went wrong in the console, as it does for a map image that does not decode.
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  await loginDemo(page, sim);
  await page.getByTestId('menu-handle').click();
  await page.getByRole('link', { name: 'Map Management' }).click();
  await expect(page).toHaveURL(/\/map$/);
  await expect.poll(() => logged.join('\n'), { timeout: 15_000 }).toMatch(/map image \d+ could not be decoded: Error: the map worker failed/);
  expect(logged.join('\n')).toContain('map worker failed (');
  await expect(page.getByTestId('map-view')).not.toHaveAttribute('data-map-version', /^[1-9]/);

  // A press on the map (its grid never came) is ignored, not held: the navigation queued after it goes through.
  // (With no picture the view is not fitted yet: a tap anywhere on it is a press on some pixel of the map.)
  const view = (await page.getByTestId('map-view').boundingBox())!;
  await page.touchscreen.tap(view.x + 200, view.y + 150);
  await page.getByTestId('menu-handle').click();
  await page.getByRole('link', { name: 'Diagnostic' }).click();
  await expect(page).toHaveURL(/\/diagnostic$/);
  await expect.poll(() => logged.join('\n')).toMatch(/not decoded yet; press ignored/);
  await page.getByTestId('menu-handle').click();
  await page.getByRole('link', { name: 'Map Management' }).click();
  await expect(page).toHaveURL(/\/map$/);

  // The script loads again: the next map version starts another worker, which decodes and shows it.
  const truth = groundTruth();
  const room = planToMap(17, 8);
  await control('calls', { path: '/assets/mapWorker-', mode: 'ok' });
  sim.app.hub.broadcast('mapping/mapUpdate', { image: gridToBase64Png(truth), origin: truth.origin, resolution: truth.resolution, robot: { x: 0, y: 0, orientation: 0 } });
  await waitForMap(page, 2);
  await tapMetres(page, truth, room.x, room.y);
  await expect(page.getByTestId('destination-editor')).toBeVisible();
});
