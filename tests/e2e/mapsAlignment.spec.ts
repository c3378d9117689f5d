/**
 * The map view's layers line up at every zoom: the picture (its own composited canvas, moved by a CSS
 * transform), the overlay canvas (the chosen spot), the robot marker and taps all go through the one d3-zoom
 * transform the view writes on its element. Checked on screenshots, against the simulator's own map.
 */
import type { Page } from '@playwright/test';
import { decode } from 'fast-png';
import { test, expect } from './fixtures';
import { loginDemo } from './helpers/kiosk';
import { checkScreen } from './helpers/screens';
import { tapPixel, viewTransform, waitForMap, type ViewTransform } from './helpers/mapView';
import { groundTruth, planToMap } from '../../backend/robots/sim/floorPlan';
import { worldToPixel } from '../../backend/grid';
import type { Simulator } from '../../backend/server';
import { authedFetch } from './helpers/session';
import { metresToImage } from '../../core/map/geometry';

test.use({ simOptions: { demo: true, speed: 1 }, hasTouch: true });

/** The map the app shows, as grey levels (what the worker decodes and the picture shows). */
interface Picture {
  width: number;
  height: number;
  grey(px: number, py: number): number;
}

async function latestMap(sim: Simulator): Promise<{ picture: Picture; origin: { x: number; y: number }; resolution: number }> {
  const body = (await (await authedFetch(sim, `${sim.url}/api/map/latest`)).json()) as { data: { image: string; origin: { x: number; y: number }; resolution: number } };
  const map = body.data;
  const img = decode(Buffer.from(map.image, 'base64'));
  const ch = img.channels;
  const colours = ch === 2 || ch === 4 ? ch - 1 : ch;
  const grey = (px: number, py: number) => {
    let v = 0;
    for (let c = 0; c < colours; c++) v += Number(img.data[(py * img.width + px) * ch + c]);
    return Math.round(v / colours);
  };
  return { picture: { width: img.width, height: img.height, grey }, origin: map.origin, resolution: map.resolution };
}

/** A screenshot of the map view, as RGB at view coordinates (CSS pixels; the tests run at a device ratio of 1). */
async function shot(page: Page, hide: string[]): Promise<(x: number, y: number) => [number, number, number]> {
  const box = (await page.getByTestId('map-view').boundingBox())!;
  await page.evaluate((sel) => sel.forEach((s) => document.querySelectorAll<HTMLElement>(s).forEach((e) => (e.style.visibility = 'hidden'))), hide);
  const png = decode(await page.screenshot({ clip: box, animations: 'disabled' }));
  await page.evaluate((sel) => sel.forEach((s) => document.querySelectorAll<HTMLElement>(s).forEach((e) => (e.style.visibility = ''))), hide);
  const ch = png.channels;
  return (x, y) => {
    const o = (Math.floor(y) * png.width + Math.floor(x)) * ch;
    return [Number(png.data[o]), Number(png.data[o + 1]), Number(png.data[o + 2])];
  };
}

const OVERLAYS = ['.map-canvas', '.map-layer', '.map-zoom'];
const near = (a: [number, number, number], b: [number, number, number], tolerance: number) => a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);

/**
 * Every 5th image pixel on screen whose neighbourhood is one grey (so rounding to screen pixels cannot
 * change the answer) shows that grey where the transform puts its centre. Returns how many were checked and
 * how many of those lie next to a different grey (the ones an offset would break).
 */
async function checkPicture(page: Page, picture: Picture, t: ViewTransform, view: { width: number; height: number }) {
  const at = await shot(page, OVERLAYS);
  const r = Math.max(1, Math.ceil(1.5 / t.k));
  const wrong: string[] = [];
  let checked = 0;
  let edges = 0;
  for (let py = r; py < picture.height - r; py += 5)
    for (let px = r; px < picture.width - r; px += 5) {
      const sx = t.x + (px + 0.5) * t.k;
      const sy = t.y + (py + 0.5) * t.k;
      if (sx < 0 || sy < 0 || sx >= view.width || sy >= view.height) continue;
      const g = picture.grey(px, py);
      let uniform = true;
      for (let dy = -r; dy <= r && uniform; dy++) for (let dx = -r; dx <= r && uniform; dx++) uniform = picture.grey(px + dx, py + dy) === g;
      if (!uniform) continue;
      checked++;
      const e = r + 2;
      if (px >= e && py >= e && px < picture.width - e && py < picture.height - e && [[-e, 0], [e, 0], [0, -e], [0, e]].some(([dx, dy]) => picture.grey(px + dx!, py + dy!) !== g)) edges++;
      const seen = at(sx, sy);
      if (!near(seen, [g, g, g], 4) && wrong.length < 5) wrong.push(`(${px}, ${py}) is ${g}, shows ${seen.join(',')}`);
    }
  expect(wrong).toEqual([]);
  return { checked, edges };
}

const SPOT: [number, number, number] = [217, 119, 6];
const ROBOT: [number, number, number] = [11, 92, 173];

/** The centre of the chosen spot's ring on screen (the mean of its orange pixels). */
async function ringCentre(page: Page, view: { width: number; height: number }): Promise<{ x: number; y: number; n: number }> {
  const at = await shot(page, ['.map-pin', '.map-zoom']);
  let x = 0;
  let y = 0;
  let n = 0;
  for (let sy = 0; sy < view.height; sy++)
    for (let sx = 0; sx < view.width; sx++)
      if (near(at(sx, sy), SPOT, 30)) {
        x += sx + 0.5;
        y += sy + 0.5;
        n++;
      }
  return { x: x / n, y: y / n, n };
}

test('the picture, the overlay and taps line up at three zoom levels', async ({ page, sim }) => {
  await loginDemo(page, sim);
  await page.getByTestId('menu-handle').click();
  await page.getByRole('link', { name: 'Map Management' }).click();
  await waitForMap(page);
  const { picture, origin, resolution } = await latestMap(sim);
  const frame = { origin, resolution, height: picture.height };
  const box = (await page.getByTestId('map-view').boundingBox())!;
  const view = { width: box.width, height: box.height };
  const free = worldToPixel(groundTruth(), planToMap(4, 6));
  expect(picture.grey(free.px, free.py)).toBeGreaterThanOrEqual(206);
  const editor = page.getByTestId('destination-editor');
  const fit = await viewTransform(page);

  const pose = sim.app.world.pose();
  const p = metresToImage(frame, pose.x, pose.y);
  /** Drags the map (a mouse drag pans, as a finger does) so that image point (px, py) is mid-view. */
  const centre = async (px: number, py: number) => {
    const t = await viewTransform(page);
    const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + (box.width / 2 - (t.x + px * t.k)), from.y + (box.height / 2 - (t.y + py * t.k)), { steps: 8 });
    await page.mouse.up();
    return viewTransform(page);
  };

  for (const [level, clicks] of [['fit', 0], ['twice', 5], ['three times', 5]] as const) {
    for (let i = 0; i < clicks; i++) await page.getByRole('button', { name: 'Zoom in' }).click();
    let t = await centre(p.px, p.py);
    const name = `zoom ${level}`;
    expect(t.k / fit.k, name).toBeCloseTo(level === 'fit' ? 1 : level === 'twice' ? 2 : 3, 5);

    // The picture sits where the transform says.
    const { checked, edges } = await checkPicture(page, picture, t, view);
    expect(checked, name).toBeGreaterThan(300);
    expect(edges, name).toBeGreaterThan(30);

    // The robot marker is drawn where metresToImage puts the robot: its disc around that point, nothing
    // behind or beside it further than its radius (14 px).
    const c = { x: t.x + p.px * t.k, y: t.y + p.py * t.k };
    expect(c.x > 40 && c.y > 40 && c.x < view.width - 40 && c.y < view.height - 40, `${name}: robot on screen at ${c.x}, ${c.y}`).toBe(true);
    const at = await shot(page, ['.map-pin', '.map-zoom']);
    const a = (-pose.orientation * Math.PI) / 180;
    const dir = (d: number, angle: number) => at(c.x + Math.cos(a + angle) * d, c.y + Math.sin(a + angle) * d);
    for (const angle of [0, Math.PI / 2, Math.PI, -Math.PI / 2]) expect(near(dir(9, angle), ROBOT, 20), `${name}: robot at 9 px, ${angle}`).toBe(true);
    expect(near(at(c.x, c.y), ROBOT, 20), `${name}: robot centre`).toBe(true);
    for (const angle of [Math.PI / 2, Math.PI, -Math.PI / 2]) expect(near(dir(21, angle), ROBOT, 60), `${name}: robot at 21 px, ${angle}`).toBe(false);

    t = await centre(free.px + 0.5, free.py + 0.5);
    // A tap on a free pixel chooses that pixel: the spot's ring is centred on it, at every zoom.
    await tapPixel(page, free.px, free.py);
    await expect(editor.getByRole('heading', { name: 'New destination' })).toBeVisible();
    if (level === 'three times') await checkScreen(page, '67-map-aligned-zoomed');
    const ring = await ringCentre(page, view);
    expect(ring.n, name).toBeGreaterThan(50);
    expect(Math.abs(ring.x - (t.x + (free.px + 0.5) * t.k)), `${name}: ring x`).toBeLessThan(1);
    expect(Math.abs(ring.y - (t.y + (free.py + 0.5) * t.k)), `${name}: ring y`).toBeLessThan(1);
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor).toHaveCount(0);
  }
});
