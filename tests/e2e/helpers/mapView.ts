/** Reading and touching the map view in browser tests: image pixels to screen points through its transform. */
import { expect, type Page } from '@playwright/test';
import { worldToPixel, type MapGeometry } from '../../../backend/grid';
import type { Simulator } from '../../../backend/server';
import { authedFetch } from './session';

export interface ViewTransform {
  k: number;
  x: number;
  y: number;
}

/**
 * The view transform the map view last drew with (image pixels to view pixels), read after two animation
 * frames: the view writes it when it draws, in the frame after an input changed it.
 */
export async function viewTransform(page: Page): Promise<ViewTransform> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const raw = await page.getByTestId('map-view').getAttribute('data-transform');
  const [k, x, y] = (raw ?? '').split(' ').map(Number);
  if (!(k! > 0)) throw new Error(`no transform yet: ${raw}`);
  return { k: k!, x: x!, y: y! };
}

/** Waits until a map picture is drawn (its version on the element) and the view is fitted. */
export async function waitForMap(page: Page, minVersion = 1): Promise<void> {
  await expect.poll(async () => Number(await page.getByTestId('map-view').getAttribute('data-map-version')), { timeout: 15_000 }).toBeGreaterThanOrEqual(minVersion);
  await expect.poll(async () => (await page.getByTestId('map-view').getAttribute('data-transform')) !== null).toBe(true);
}

/**
 * A page point inside an image pixel, on whole CSS pixels: input events land on whole pixels, so the centre
 * of an image pixel 1.6 screen pixels wide could fall into its neighbour once rounded.
 */
export async function pixelToPage(page: Page, px: number, py: number): Promise<{ x: number; y: number }> {
  const box = await page.getByTestId('map-view').boundingBox();
  if (!box) throw new Error('map view not visible');
  const t = await viewTransform(page);
  const inside = (origin: number, offset: number, p: number) => {
    const lo = origin + offset + p * t.k;
    const hi = lo + t.k;
    const whole = Math.round(lo + t.k / 2);
    return whole > lo && whole < hi ? whole : lo + t.k / 2;
  };
  return { x: inside(box.x, t.x, px), y: inside(box.y, t.y, py) };
}

/** Taps (clicks) the map at an image pixel. */
export async function tapPixel(page: Page, px: number, py: number): Promise<void> {
  const p = await pixelToPage(page, px, py);
  await page.mouse.click(p.x, p.y);
}

/** Taps the map at a map-frame point in metres. */
export async function tapMetres(page: Page, geometry: MapGeometry, x: number, y: number): Promise<void> {
  const { px, py } = worldToPixel(geometry, { x, y });
  await tapPixel(page, px, py);
}

/**
 * Sends the simulated robot on a quick mission to `destination` and follows it there: resolves with every
 * image pixel it was seen on (polled every 200 ms) once it is within 0.3 m.
 */
export async function driveTo(
  sim: Simulator,
  destination: { id: number; x: number; y: number },
  recipientId: number,
  timeout: number,
): Promise<{ px: number; py: number }[]> {
  const res = await authedFetch(sim, `${sim.url}/api/mission/definition/quick`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ destination_id: destination.id, activity_id: 1, recipient_id: recipientId, load_location_left: [], load_location_right: [], message: '', message_read_required: false }),
  });
  expect(res.status).toBe(200);
  const truth = sim.robot.knownMap()!;
  const seen: { px: number; py: number }[] = [];
  await expect
    .poll(
      () => {
        const p = sim.app.world.pose();
        seen.push(worldToPixel(truth, p));
        return Math.hypot(p.x - destination.x, p.y - destination.y);
      },
      { timeout, intervals: [200] },
    )
    .toBeLessThan(0.3);
  return seen;
}
