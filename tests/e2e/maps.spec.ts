/** /map against the simulator: destinations with recipients, no-go zones the planner respects, gestures. */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { loginDemo, tapKeys } from './helpers/kiosk';
import { checkScreen } from './helpers/screens';
import { pixelToPage, tapMetres, tapPixel, viewTransform, waitForMap } from './helpers/mapView';
import { groundTruth, planToMap } from '../../backend/robots/sim/floorPlan';
import { worldToPixel, type Point } from '../../backend/grid';
import type { Simulator } from '../../backend/server';

// The kiosk is a touch screen: touches make clicks, as they do on the robot.
test.use({ simOptions: { demo: true, speed: 1 }, hasTouch: true });

async function openMap(page: Page, sim: Simulator): Promise<void> {
  await loginDemo(page, sim);
  await page.getByTestId('menu-handle').click();
  await page.getByRole('link', { name: 'Map Management' }).click();
  await expect(page).toHaveURL(/\/map$/);
  await waitForMap(page);
  await expect(page.getByTestId('destination-list').getByRole('button', { name: 'Base' })).toBeVisible();
}

test('add, edit and delete a destination with recipients', async ({ page, sim, control }) => {
  await openMap(page, sim);
  await checkScreen(page, '60-map');
  const truth = groundTruth();
  // Taps on a wall or outside the image do nothing.
  const wall = planToMap(12.1, 5);
  await tapMetres(page, truth, wall.x, wall.y);
  await expect(page.getByTestId('destination-editor')).toHaveCount(0);

  const spot = planToMap(4, 6);
  await tapMetres(page, truth, spot.x, spot.y);
  const editor = page.getByTestId('destination-editor');
  await expect(editor.getByRole('heading', { name: 'New destination' })).toBeVisible();
  await expect(editor.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await editor.getByRole('radio', { name: 'North-east' }).click();
  await editor.getByRole('radio', { name: 'Green' }).click();
  await expect(editor.getByText('Colour: Green')).toBeVisible();
  await checkScreen(page, '61-map-new-destination');
  await editor.getByRole('button', { name: 'Continue' }).click();
  await expect(editor.getByRole('button', { name: 'Add' })).toBeDisabled();
  await page.getByTestId('destination-name').click();
  await tapKeys(page, 'Print room');
  await checkScreen(page, '62-map-naming');
  await editor.getByRole('button', { name: 'Add' }).click();
  const list = page.getByTestId('destination-list');
  await expect(list.getByRole('button', { name: 'Print room' })).toBeVisible();
  const saved = sim.app.store.places.destinations().find((d) => d.name === 'Print room');
  expect(saved).toMatchObject({ orientation: 45, color: '#43a047', resolution: truth.resolution });
  const centre = worldToPixel(truth, spot);
  expect(Math.abs(saved!.x - (truth.origin.x + (centre.px + 0.5) * truth.resolution))).toBeLessThan(1e-6);

  // The search: a case-insensitive substring; nothing for an empty query.
  await page.getByTestId('destination-search').click();
  await tapKeys(page, 'PRINT');
  await expect(page.getByTestId('search-results').getByRole('button')).toHaveText(['Print room']);

  // Recipients of the new destination, opened from its pin.
  await page.getByTestId(`pin-${saved!.id}`).click();
  await expect(editor.getByRole('heading', { name: 'Destination Print room' })).toBeVisible();
  await page.getByTestId('recipient-name').click();
  await tapKeys(page, 'Ada');
  await editor.getByRole('button', { name: 'Add person' }).click();
  await expect(editor.getByText('Ada', { exact: true })).toBeVisible();
  await expect.poll(() => sim.app.store.places.recipients(saved!.id).map((r) => r.name)).toEqual(['Ada']);
  await checkScreen(page, '63-map-recipients');
  await editor.getByRole('button', { name: 'Remove Ada' }).click();
  await expect(editor.getByText('Ada', { exact: true })).toHaveCount(0);
  await expect.poll(() => sim.app.store.places.recipients(saved!.id)).toEqual([]);

  // A failed update keeps what was typed and says so; it goes through once the back end answers again.
  await editor.getByRole('button', { name: 'Continue' }).click();
  await page.getByTestId('destination-name').click();
  await tapKeys(page, ' 2');
  await control('calls', { path: `/api/destination/${saved!.id}`, mode: 'fail' });
  await editor.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByTestId('map-error')).toContainText('The destination was not saved');
  await expect(page.getByTestId('destination-name')).toHaveValue('Print room 2');
  await control('calls', { path: `/api/destination/${saved!.id}`, mode: 'ok' });
  await editor.getByRole('button', { name: 'Update' }).click();
  await expect(list.getByRole('button', { name: 'Print room 2' })).toBeVisible();

  // Delete asks first.
  await list.getByRole('button', { name: 'Print room 2' }).click();
  await editor.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByTestId('delete-dialog');
  await expect(dialog).toBeVisible();
  await checkScreen(page, '64-map-delete');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  // The list shows again once the editor closes, which it does when the back end has deleted it (while the
  // editor is open there is no list to count in).
  await expect(editor).toHaveCount(0);
  await expect(list).toBeVisible();
  await expect(list.getByRole('button', { name: /Print room/ })).toHaveCount(0);
  expect(sim.app.store.places.destinations().some((d) => d.name.startsWith('Print room'))).toBe(false);
});

/** The point half-way along a polyline. */
function halfway(points: Point[]): Point {
  const total = points.slice(1).reduce((sum, b, i) => sum + Math.hypot(b.x - points[i]!.x, b.y - points[i]!.y), 0);
  let left = total / 2;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (left <= len) return { x: a.x + ((b.x - a.x) * left) / len, y: a.y + ((b.y - a.y) * left) / len };
    left -= len;
  }
  return points[points.length - 1]!;
}

/** Whether a polyline passes through a rectangle (metres), sampled every 2 cm. */
function crosses(points: Point[], r: { x0: number; y0: number; x1: number; y1: number }): boolean {
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const n = Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / 0.02) || 1;
    for (let s = 0; s <= n; s++) {
      const x = a.x + ((b.x - a.x) * s) / n;
      const y = a.y + ((b.y - a.y) * s) / n;
      if (x >= r.x0 && x <= r.x1 && y >= r.y0 && y <= r.y1) return true;
    }
  }
  return false;
}

test('draw a no-go zone across the planned route: the planner goes round it; delete it', async ({ page, sim }) => {
  await openMap(page, sim);
  const truth = groundTruth();
  const goal = planToMap(9, 4.5);
  const before = sim.robot.planTo(goal);
  expect(before).not.toBeNull();
  // A 1 m square on the middle of today's route.
  const mid = halfway(before!.points);
  const c = worldToPixel(truth, mid);
  await page.getByTestId('tool-zone').click();
  await expect(page.getByTestId('tool-hint')).toHaveText('Drag across the no-go zone, or tap its first corner.');
  await tapPixel(page, c.px - 10, c.py - 10);
  await expect(page.getByTestId('tool-hint')).toHaveText('Now tap the opposite corner.');
  await tapPixel(page, c.px + 9, c.py + 9);
  await expect(page.getByTestId('zone-list').getByRole('listitem')).toHaveCount(1);
  expect(sim.app.store.places.zones()).toEqual([expect.objectContaining({ x: c.px - 10, y: c.py - 10, width: 20, height: 20 })]);
  await checkScreen(page, '65-map-no-go-zone');

  const zoneMetres = {
    x0: truth.origin.x + (c.px - 10) * truth.resolution,
    x1: truth.origin.x + (c.px + 10) * truth.resolution,
    y0: truth.origin.y + (truth.height - (c.py + 10)) * truth.resolution,
    y1: truth.origin.y + (truth.height - (c.py - 10)) * truth.resolution,
  };
  expect(crosses(before!.points, zoneMetres)).toBe(true);
  const after = sim.robot.planTo(goal);
  expect(after).not.toBeNull();
  expect(crosses(after!.points, zoneMetres)).toBe(false);

  // Sizes and places in metres (issue 18): 20 px at 0.05 m/px is 1 m.
  await expect(page.getByTestId('zone-list').getByRole('listitem')).toContainText(/^Zone 1: 1 x 1 m at -?\d+(\.\d)?, -?\d+(\.\d)? m$/);
  // Delete asks first; Keep keeps it.
  await page.getByRole('button', { name: 'Delete zone 1' }).click();
  const ask = page.getByTestId('zone-delete-dialog');
  await expect(ask.getByRole('heading', { name: 'Delete zone 1?' })).toBeVisible();
  await checkScreen(page, '66-map-zone-delete');
  await ask.getByRole('button', { name: 'Keep it' }).click();
  await expect(page.getByTestId('zone-list').getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Delete zone 1' }).click();
  await ask.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('zone-list').getByRole('listitem')).toHaveCount(0);
  expect(sim.app.store.places.zones()).toEqual([]);
});

test('pinch zooms about the fingers and a drag pans, with CDP touch events; taps in pan mode do nothing', async ({ page, sim }) => {
  await openMap(page, sim);
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ ...p, id })) });
  const fit = await viewTransform(page);
  await expect(page.getByTestId('zoom-percent')).toHaveText('100%');
  const box = (await page.getByTestId('map-view').boundingBox())!;
  const mid = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  // The image point under the fingers' midpoint before the pinch.
  const before = { px: (mid.x - box.x - fit.x) / fit.k, py: (mid.y - box.y - fit.y) / fit.k };
  await touch('touchStart', [{ x: mid.x - 50, y: mid.y }, { x: mid.x + 50, y: mid.y }]);
  for (let i = 1; i <= 5; i++) await touch('touchMove', [{ x: mid.x - 50 - 10 * i, y: mid.y }, { x: mid.x + 50 + 10 * i, y: mid.y }]);
  await touch('touchEnd', []);
  const pinched = await viewTransform(page);
  expect(pinched.k / fit.k).toBeCloseTo(2, 1);
  await expect(page.getByTestId('zoom-percent')).toHaveText('200%');
  const after = { px: (mid.x - box.x - pinched.x) / pinched.k, py: (mid.y - box.y - pinched.y) / pinched.k };
  expect(Math.abs(after.px - before.px)).toBeLessThan(1);
  expect(Math.abs(after.py - before.py)).toBeLessThan(1);
  await checkScreen(page, '66-map-pinched');

  // Further than 3 times the fit does not go.
  await touch('touchStart', [{ x: mid.x - 20, y: mid.y }, { x: mid.x + 20, y: mid.y }]);
  for (let i = 1; i <= 10; i++) await touch('touchMove', [{ x: mid.x - 20 - 30 * i, y: mid.y }, { x: mid.x + 20 + 30 * i, y: mid.y }]);
  await touch('touchEnd', []);
  expect((await viewTransform(page)).k / fit.k).toBeCloseTo(3, 5);
  await page.getByRole('button', { name: 'Zoom out' }).click();
  expect((await viewTransform(page)).k / fit.k).toBeCloseTo(2.8, 5);

  // One finger drags the map along.
  const start = await viewTransform(page);
  await touch('touchStart', [{ x: mid.x, y: mid.y }]);
  for (let i = 1; i <= 8; i++) await touch('touchMove', [{ x: mid.x - 15 * i, y: mid.y - 5 * i }]);
  await touch('touchEnd', []);
  const dragged = await viewTransform(page);
  expect(dragged.x - start.x).toBeCloseTo(-120, 0);
  expect(dragged.y - start.y).toBeCloseTo(-40, 0);
  await expect(page.getByTestId('destination-editor')).toHaveCount(0);

  // In pan mode a tap on free space does nothing; in destination mode the same tap opens the editor.
  for (let i = 0; i < 10; i++) await page.getByRole('button', { name: 'Zoom out' }).click();
  expect((await viewTransform(page)).k).toBeCloseTo(fit.k, 5);
  const free = worldToPixel(groundTruth(), planToMap(4, 6));
  await page.getByTestId('tool-pan').click();
  const p = await pixelToPage(page, free.px, free.py);
  await page.touchscreen.tap(p.x, p.y);
  await page.waitForTimeout(300);
  await expect(page.getByTestId('destination-editor')).toHaveCount(0);
  await page.getByTestId('tool-destination').click();
  await page.touchscreen.tap(p.x, p.y);
  await expect(page.getByTestId('destination-editor')).toBeVisible();
});
