/**
 * /mapping/track paused, in Italian (its longest button labels): the paused panel leaves the map's pins in
 * sight, Base's first of all, and the header says how to go on rather than how to pause (issue 34).
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, waitForShell } from './fixtures';
import { waitForMap } from './helpers/mapView';
import { checkScreen } from './helpers/screens';

test.use({ simOptions: { demo: false, speed: 10 }, hasTouch: true });

test('paused mapping in Italian: the panel covers no pin, the header says mapping is paused', async ({ page, sim, settings }) => {
  test.setTimeout(90_000);
  await settings({ language: 'it', country: 'IT', robot_name: 'Node', admin_name: 'Ada', accepted_terms_of_service: true, load_location_layout_left: 0, load_location_layout_right: 1, superadmin_pin: '135790' });
  await page.goto(`${sim.url}/login`);
  await waitForShell(page);
  await page.getByTestId('pin-input').pressSequentially('135790');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/fux\/start-mapping$/);
  await page.getByTestId('next').click();
  await expect(page).toHaveURL(/\/mapping\/track$/, { timeout: 20_000 });
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
