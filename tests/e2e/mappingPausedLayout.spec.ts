/**
 * /mapping/track paused, in Italian (its longest button labels): the paused panel leaves the map's pins in
 * sight, Base's first of all, and the header says how to go on rather than how to pause (issue 34).
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { waitForMap } from './helpers/mapView';
import { startMappingWalk } from './helpers/mappingStart';
import { checkScreen } from './helpers/screens';

test.use({ simOptions: { demo: false, speed: 10 }, hasTouch: true });

test('paused mapping in Italian: the panel covers no pin, the header says mapping is paused', async ({ page, sim, settings }) => {
  test.setTimeout(90_000);
  await startMappingWalk(page, sim, settings, 'it');
  await waitForMap(page, 2);
  const base = page.locator('[data-testid^="pin-"]').filter({ hasText: 'Base' });
  await expect(base).toBeVisible();

  await page.getByTestId('map-view').click();
  const panel = page.getByTestId('track-panel');
  await expect(panel.getByRole('heading', { name: 'Mappatura in pausa' })).toBeVisible();
  await expect(page.getByTestId('track-hint')).toHaveText('La mappatura è in pausa: tocca Riprendi per continuare, o Termina per finire.');
  await page.waitForTimeout(500); // the map refits to the room the panel leaves it
  await page.screenshot({ path: test.info().outputPath('paused-it.png') });
  await expectNoPinUnder(page, panel);
  await checkScreen(page, '72-mapping-paused-it');

  // The ending question (its text under the title) leaves the pins in sight too.
  await panel.getByRole('button', { name: 'Termina' }).click();
  await expect(panel.getByRole('heading', { name: 'Terminare la mappatura?' })).toBeVisible();
  await page.waitForTimeout(500);
  await expectNoPinUnder(page, panel);
  await checkScreen(page, '72b-mapping-ending-it');
});

async function expectNoPinUnder(page: Page, panel: Locator): Promise<void> {
  const panelBox = (await panel.boundingBox())!;
  const view = (await page.getByTestId('map-view').boundingBox())!;
  const pins = page.locator('[data-testid^="pin-"]');
  expect(await pins.count()).toBeGreaterThan(0);
  for (const pin of await pins.all()) {
    const box = (await pin.boundingBox())!;
    const overlaps = box.x < panelBox.x + panelBox.width && panelBox.x < box.x + box.width && box.y < panelBox.y + panelBox.height && panelBox.y < box.y + box.height;
    expect(overlaps, `${await pin.textContent()} under the panel`).toBe(false);
    // And inside the map's view, not pushed off it.
    expect(box.y + box.height / 2).toBeLessThan(view.y + view.height);
  }
}
