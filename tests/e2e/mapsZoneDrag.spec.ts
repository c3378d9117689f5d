/**
 * /map's no-go tool against the simulator (issue 18): press, drag and release draw a zone from the press to the
 * release, with a live preview in metres, by mouse and by touch; a short tap is still a corner of two presses;
 * two fingers still pinch. Each zone is checked against the one the back end stored.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { loginDemo } from './helpers/kiosk';
import { checkScreen } from './helpers/screens';
import { pixelToPage, viewTransform, waitForMap } from './helpers/mapView';
import { groundTruth, planToMap } from '../../backend/robots/sim/floorPlan';
import { worldToPixel } from '../../backend/grid';
import type { Simulator } from '../../backend/server';

test.use({ simOptions: { demo: true, speed: 1 }, hasTouch: true });

async function openZoneTool(page: Page, sim: Simulator): Promise<void> {
  await loginDemo(page, sim);
  await page.getByTestId('menu-handle').click();
  await page.getByRole('link', { name: 'Map Management' }).click();
  await expect(page).toHaveURL(/\/map$/);
  await waitForMap(page);
  await page.getByTestId('tool-zone').click();
  await expect(page.getByTestId('tool-hint')).toHaveText('Drag across the no-go zone, or tap its first corner.');
}

/** The floor's west room, 3 m and more from every destination's pin (plan metres, see floorPlan.ts). */
const AWAY_FROM_PINS = planToMap(8, 11);

/** The zones as the back end stores them, without their ids. */
const stored = (sim: Simulator) => sim.app.store.places.zones().map(({ x, y, width, height }) => ({ x, y, width, height }));

/** A stored zone as a person reads it: size and centre in metres, from the simulator's own map geometry. */
function inMetres(z: { x: number; y: number; width: number; height: number }) {
  const g = groundTruth();
  const fmt = (v: number) => (Math.round(v * 10) / 10).toLocaleString('en', { maximumFractionDigits: 1 });
  return {
    width: fmt(z.width * g.resolution),
    height: fmt(z.height * g.resolution),
    x: fmt(g.origin.x + (z.x + z.width / 2) * g.resolution),
    y: fmt(g.origin.y + (g.height - z.y - z.height / 2) * g.resolution),
  };
}

test('a mouse drag draws the zone from press to release with a live preview; the map does not pan', async ({ page, sim }) => {
  await openZoneTool(page, sim);
  // An area with no pin on or near it (a press on a pin opens its destination); image pixels. The first zone
  // is 60 x 40 px, 3 x 2 m at 0.05 m/px.
  const c = worldToPixel(groundTruth(), AWAY_FROM_PINS);
  const a = { px: c.px + 29, py: c.py + 19 };
  const b = { px: c.px - 30, py: c.py - 20 };
  const before = await viewTransform(page);
  const from = await pixelToPage(page, a.px, a.py);
  const to = await pixelToPage(page, b.px, b.py);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  // Half-way: the preview shows the zone so far, in metres.
  const half = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
  await page.mouse.move(half.x, half.y, { steps: 5 });
  const draft = page.getByTestId('zone-draft');
  await expect(draft).toBeVisible();
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await expect(draft).toHaveText('3 x 2 m');
  const box = (await draft.boundingBox())!;
  const k = before.k;
  expect(box.width).toBeCloseTo(60 * k, 0);
  expect(box.height).toBeCloseTo(40 * k, 0);
  await checkScreen(page, '67-map-zone-dragging');
  await page.mouse.up();

  await expect(page.getByTestId('zone-list').getByRole('listitem')).toHaveCount(1);
  await expect(draft).toHaveCount(0);
  const zone = { x: b.px, y: b.py, width: 60, height: 40 };
  expect(stored(sim)).toEqual([zone]);
  const m = inMetres(zone);
  await expect(page.getByTestId('zone-list').getByRole('listitem')).toHaveText(`Zone 1: ${m.width} x ${m.height} m at ${m.x}, ${m.y} m`);
  expect(m).toMatchObject({ width: '3', height: '2' });
  // The drag drew; it neither panned the map nor counted as a press (no first corner waits).
  expect(await viewTransform(page)).toEqual(before);
  await expect(page.getByTestId('tool-hint')).toHaveText('Drag across the no-go zone, or tap its first corner.');

  // Two presses still draw one, and a press that wobbles less than a tap's slop is a press.
  const p1 = await pixelToPage(page, c.px + 40, c.py - 20);
  const p2 = await pixelToPage(page, c.px + 59, c.py + 9);
  await page.mouse.move(p1.x, p1.y);
  await page.mouse.down();
  await page.mouse.move(p1.x + 3, p1.y + 2);
  await page.mouse.move(p1.x, p1.y);
  await page.mouse.up();
  await expect(page.getByTestId('tool-hint')).toHaveText('Now tap the opposite corner.');
  await expect(page.getByTestId('zone-draft')).toHaveCount(0);
  await page.mouse.click(p2.x, p2.y);
  await expect(page.getByTestId('zone-list').getByRole('listitem')).toHaveCount(2);
  expect(stored(sim)).toEqual([zone, { x: c.px + 40, y: c.py - 20, width: 20, height: 30 }]);
  expect(await viewTransform(page)).toEqual(before);

  // Dragging past the map's edge clamps the zone to the image.
  const g = groundTruth();
  const edge = await pixelToPage(page, g.width - 10, 5);
  const view = (await page.getByTestId('map-view').boundingBox())!;
  await page.mouse.move(edge.x, edge.y);
  await page.mouse.down();
  await page.mouse.move(view.x + view.width - 2, view.y + 2, { steps: 4 });
  await page.mouse.up();
  await expect(page.getByTestId('zone-list').getByRole('listitem')).toHaveCount(3);
  expect(stored(sim)[2]).toEqual({ x: g.width - 10, y: 0, width: 10, height: 6 });

  // In the other tools a drag pans, as before (zoomed in: at the fit the whole map is in view and stays put).
  await page.getByTestId('tool-destination').click();
  for (let i = 0; i < 5; i++) await page.getByRole('button', { name: 'Zoom in' }).click();
  const zoomed = await viewTransform(page);
  await page.mouse.move(half.x, half.y);
  await page.mouse.down();
  await page.mouse.move(half.x - 100, half.y - 50, { steps: 5 });
  await page.mouse.up();
  const panned = await viewTransform(page);
  expect(panned.x - zoomed.x).toBeCloseTo(-100, 0);
  expect(panned.y - zoomed.y).toBeCloseTo(-50, 0);
  expect(stored(sim)).toHaveLength(3);
});

test('by touch: one finger draws, a tap is a corner, two fingers pinch without drawing', async ({ page, sim }) => {
  await openZoneTool(page, sim);
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ ...p, id })) });
  const c = worldToPixel(groundTruth(), AWAY_FROM_PINS);
  const fit = await viewTransform(page);

  const from = await pixelToPage(page, c.px - 20, c.py - 10);
  const to = await pixelToPage(page, c.px + 19, c.py + 9);
  await touch('touchStart', [from]);
  for (let i = 1; i <= 6; i++) await touch('touchMove', [{ x: from.x + ((to.x - from.x) * i) / 6, y: from.y + ((to.y - from.y) * i) / 6 }]);
  await expect(page.getByTestId('zone-draft')).toHaveText('2 x 1 m');
  // The finger rests before it lifts: Chrome takes the first tap after a moving lift as stopping a fling.
  await page.waitForTimeout(200);
  await touch('touchMove', [to]);
  await touch('touchEnd', []);
  await expect(page.getByTestId('zone-list').getByRole('listitem')).toHaveCount(1);
  const zone = { x: c.px - 20, y: c.py - 10, width: 40, height: 20 };
  expect(stored(sim)).toEqual([zone]);
  expect(await viewTransform(page)).toEqual(fit);

  // Two taps: a corner, then the opposite one.
  const t1 = await pixelToPage(page, c.px + 30, c.py - 30);
  const t2 = await pixelToPage(page, c.px + 49, c.py - 21);
  await page.touchscreen.tap(t1.x, t1.y);
  await expect(page.getByTestId('tool-hint')).toHaveText('Now tap the opposite corner.');
  await page.touchscreen.tap(t2.x, t2.y);
  await expect(page.getByTestId('zone-list').getByRole('listitem')).toHaveCount(2);
  expect(stored(sim)).toEqual([zone, { x: c.px + 30, y: c.py - 30, width: 20, height: 10 }]);

  // A pinch in the zone tool zooms (about the fingers) and draws nothing.
  const box = (await page.getByTestId('map-view').boundingBox())!;
  const mid = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await touch('touchStart', [{ x: mid.x - 50, y: mid.y }]);
  await touch('touchStart', [{ x: mid.x - 50, y: mid.y }, { x: mid.x + 50, y: mid.y }]);
  for (let i = 1; i <= 5; i++) await touch('touchMove', [{ x: mid.x - 50 - 10 * i, y: mid.y }, { x: mid.x + 50 + 10 * i, y: mid.y }]);
  await touch('touchEnd', []);
  expect((await viewTransform(page)).k / fit.k).toBeCloseTo(2, 1);
  await page.waitForTimeout(300);
  expect(stored(sim)).toHaveLength(2);
  await expect(page.getByTestId('zone-draft')).toHaveCount(0);
  await expect(page.getByTestId('tool-hint')).toHaveText('Drag across the no-go zone, or tap its first corner.');

  // Zoomed in, a drag still makes the zone under the finger (near the middle, which stays in view).
  const m = worldToPixel(groundTruth(), planToMap(16, 10));
  const z1 = await pixelToPage(page, m.px - 5, m.py + 20);
  const z2 = await pixelToPage(page, m.px + 4, m.py + 29);
  await touch('touchStart', [z1]);
  for (let i = 1; i <= 4; i++) await touch('touchMove', [{ x: z1.x + ((z2.x - z1.x) * i) / 4, y: z1.y + ((z2.y - z1.y) * i) / 4 }]);
  await touch('touchEnd', []);
  await expect(page.getByTestId('zone-list').getByRole('listitem')).toHaveCount(3);
  expect(stored(sim)[2]).toEqual({ x: m.px - 5, y: m.py + 20, width: 10, height: 10 });
});
