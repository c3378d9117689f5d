/**
 * bench:map's page probe (map/pageProbe.js: frame times, long animation frames) and its gestures: a finger
 * dragging and two pinching over the map view, and the stored map's pages panned and pinched (/map, /node-lost).
 */
import type { CDPSession, Page } from 'playwright-core';
import { percentile } from '../lib/report';
import { sleep } from './threadSamples';

/** Idle frames sampled before the gestures. */
export const IDLE_FRAMES_MS = 2_000;

export interface Probe {
  frames: number[];
  loaf: number[];
  /** The longest animation frame's breakdown (diagnosis), if any. */
  longest: unknown;
}
/** Starts (with or without the frame-time loop) or stops the page probe (map/pageProbe.js). */
export const probe = (page: Page, what: 'start' | 'startQuiet' | 'stop') =>
  page.evaluate(what === 'startQuiet' ? 'window.__mapBench.start(false)' : `window.__mapBench.${what}()`) as Promise<Probe>;
export const version = async (page: Page) => Number(await page.getByTestId('map-view').getAttribute('data-map-version'));

/** 2 s of one-finger drag and 2 s of pinching over the map view (CDP touch events every 16 ms), with the probe's frame loop on. */
export async function gestures(page: Page, cdp: CDPSession): Promise<Probe> {
  const box = (await page.getByTestId('map-view').boundingBox())!;
  const mid = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const touch = (type: string, points: { x: number; y: number }[]) =>
    cdp.send('Input.dispatchTouchEvent', { type: type as 'touchStart', touchPoints: points.map((p, id) => ({ ...p, id })) });
  await probe(page, 'start');
  await touch('touchStart', [mid]);
  for (let i = 0; i < 120; i++) {
    await touch('touchMove', [{ x: mid.x + 200 * Math.sin(i / 12), y: mid.y + 120 * Math.cos(i / 15) }]);
    await sleep(16);
  }
  await touch('touchEnd', []);
  await touch('touchStart', [{ x: mid.x - 60, y: mid.y }, { x: mid.x + 60, y: mid.y }]);
  for (let i = 0; i < 120; i++) {
    const spread = 60 + 200 * Math.abs(Math.sin(i / 20));
    await touch('touchMove', [{ x: mid.x - spread, y: mid.y }, { x: mid.x + spread, y: mid.y }]);
    await sleep(16);
  }
  await touch('touchEnd', []);
  return probe(page, 'stop');
}

/** Frame figures of panning and pinching the stored map on /map or /node-lost. */
export interface PageRun {
  idleFrameP95: number;
  gestureFrameP95: number;
  gestureLoafMax: number;
  gestureLongest: unknown;
}

/**
 * The stored map (the last of `maps`, as a finished mapping leaves it) on `path` of a demo robot: /map after a
 * login on the keypad (it needs one) and a tap on its menu entry, /node-lost directly. Idle frames for 2 s, then
 * the gestures.
 */
export async function storedMapRun(page: Page, cdp: CDPSession, url: string, path: '/map' | '/node-lost'): Promise<PageRun> {
  if (path === '/map') {
    await page.goto(`${url}/login`);
    const keypad = page.getByRole('group', { name: /keypad/i });
    for (const digit of '123456') await keypad.getByRole('button', { name: digit, exact: true }).click();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(/\/missions$/);
    await page.getByTestId('menu-handle').click();
    await page.getByRole('link', { name: 'Map Management' }).click();
  } else await page.goto(`${url}${path}`);
  await page.waitForURL(new RegExp(`${path}$`));
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="map-view"]')?.getAttribute('data-map-version')) >= 1, undefined, { timeout: 30_000 });
  await sleep(1_000);
  await probe(page, 'start');
  await sleep(IDLE_FRAMES_MS);
  const idle = await probe(page, 'stop');
  const gesture = await gestures(page, cdp);
  return { idleFrameP95: percentile(idle.frames, 95), gestureFrameP95: percentile(gesture.frames, 95), gestureLoafMax: Math.max(0, ...gesture.loaf), gestureLongest: gesture.longest };
}

