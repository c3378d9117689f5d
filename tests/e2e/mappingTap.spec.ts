/**
 * The kiosk is used in a browser too (issue 42): a mouse click anywhere on the tracking screen pauses mapping, as
 * a finger's tap does: on the map, and on the header that says "tap the screen".
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { waitForMap } from './helpers/mapView';
import { startMappingWalk } from './helpers/mappingStart';

test.use({ simOptions: { demo: false, speed: 10 } });

async function tracking(page: Page, sim: { url: string }, settings: (p: Record<string, unknown>) => Promise<void>) {
  await startMappingWalk(page, sim, settings);
  await expect(page.getByTestId('track-status')).toHaveText("I'm mapping...");
}

const panel = (page: Page) => page.getByTestId('track-panel');

test('a mouse click on the header pauses mapping, and on the map too', async ({ page, sim, settings }) => {
  test.setTimeout(90_000);
  await tracking(page, sim, settings);
  await page.getByTestId('track-hint').click();
  await expect(panel(page).getByRole('heading', { name: 'Mapping paused' })).toBeVisible();
  await expect(page.getByTestId('track-status')).toHaveText('Mapping paused');
  // While paused, a click on the header changes nothing: Resume goes on.
  await page.getByTestId('track-status').click();
  await expect(page.getByTestId('track-status')).toHaveText('Mapping paused');
  await panel(page).getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByTestId('track-status')).toHaveText("I'm mapping...", { timeout: 10_000 });

  await waitForMap(page, 2);
  await page.getByTestId('map-view').click({ position: { x: 300, y: 200 } });
  await expect(page.getByTestId('track-status')).toHaveText('Mapping paused');
});

test.describe('on the touch screen', () => {
  test.use({ hasTouch: true });

  test('a finger on the header pauses mapping', async ({ page, sim, settings }) => {
    test.setTimeout(90_000);
    await tracking(page, sim, settings);
    const box = (await page.getByTestId('track-hint').boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.getByTestId('track-status')).toHaveText('Mapping paused');
  });
});
