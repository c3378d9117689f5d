/**
 * Scrolled pages at 1920x1080 (issue 34): the missions list's last card shows whole above the + button while a
 * banner shows, its status badges keep to their lines; the page heads of /control and /settings are not drawn
 * over content scrolled under them; in Italian /diagnostic's header buttons stay on one row.
 */
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { checkScreen } from './helpers/screens';
import { loginDemo } from './helpers/kiosk';

test.use({ simOptions: { demo: true, speed: 1 } });

/** Lines a box's text takes, from its height and line height. */
async function lines(page: Page, selector: string): Promise<number[]> {
  return page.locator(selector).evaluateAll((els) =>
    els.map((el) => {
      const s = getComputedStyle(el);
      const line = parseFloat(s.lineHeight) || parseFloat(s.fontSize) * 1.2;
      const pad = parseFloat(s.paddingTop) + parseFloat(s.paddingBottom);
      return Math.round((el.getBoundingClientRect().height - pad) / line);
    }),
  );
}

test('the missions list scrolled to its end with a banner: the last card whole, badges on their lines', async ({ page, sim, control }) => {
  await loginDemo(page, sim);
  await expect(page.locator('.mission-row').first()).toBeVisible();
  await control('robot', { connected: false });
  await expect(page.getByTestId('alert-sync')).toBeVisible({ timeout: 10_000 });
  const list = page.locator('.missions-groups');
  // Enough missions that the list scrolls at all, or the rest would prove nothing.
  expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight + 100)).toBe(true);
  await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await page.waitForTimeout(300);
  const last = (await page.locator('.mission-row').last().boundingBox())!;
  const view = (await list.boundingBox())!;
  const fab = (await page.locator('.fab').boundingBox())!;
  const banner = (await page.getByTestId('alert-sync').boundingBox())!;
  const head = (await page.locator('.missions-head').boundingBox())!;
  // Whole inside the list's visible box, which lies under the banner and the search head.
  expect(last.y).toBeGreaterThanOrEqual(view.y);
  expect(last.y + last.height).toBeLessThanOrEqual(view.y + view.height);
  expect(view.y).toBeGreaterThanOrEqual(banner.y + banner.height);
  expect(last.y).toBeGreaterThanOrEqual(head.y + head.height);
  expect(last.y + last.height).toBeLessThanOrEqual(1080);
  // Not under the + button either.
  expect(last.y + last.height).toBeLessThanOrEqual(fab.y);
  // Scrolled, the search head draws its edge over the cards going under it.
  await expect(page.locator('.missions-head')).toHaveClass(/missions-head-scrolled/);
  for (const n of await lines(page, '.mission-status')) expect(n).toBeLessThanOrEqual(2);
  await checkScreen(page, '35-missions-end-banner');
});

for (const path of ['/control', '/settings']) {
  test(`${path} scrolled: its head is not drawn over the content under it`, async ({ page, sim }) => {
    await loginDemo(page, sim);
    await page.getByTestId('menu-handle').click();
    const menu = page.getByTestId('side-menu');
    if (path === '/settings') await menu.getByRole('link', { name: 'Settings' }).click();
    else {
      await menu.getByRole('link', { name: 'Diagnostic' }).click();
      await page.getByRole('link', { name: 'Teleop Control' }).click();
    }
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.locator('.page-head h1')).toBeVisible();
    const body = page.locator('.page-body');
    const overflows = () => body.evaluate((el) => el.scrollHeight > el.clientHeight);
    if (path === '/settings') {
      // Its rows (the date on two lines once the settings load) run past 1080: the body scrolls. Scroll only then,
      // or the scroll is lost on a body that still fits.
      await expect.poll(overflows).toBe(true);
      await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await expect.poll(() => body.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
      await expect(page.locator('.page-head')).toHaveClass(/page-head-scrolled/);
      // The first row, scrolled partly away, is cut at the body's top edge, below the head, not drawn over it.
      const head = (await page.locator('.page-head').boundingBox())!;
      const view = (await body.boundingBox())!;
      expect(view.y).toBeGreaterThanOrEqual(head.y + head.height - 1);
      const lastRow = (await page.locator('.settings-row').last().boundingBox())!;
      expect(lastRow.y + lastRow.height).toBeLessThanOrEqual(view.y + view.height);
    } else {
      // /control fits 1920x1080 whole: nothing scrolls, so nothing can pass under its head.
      await page.waitForTimeout(300);
      expect(await overflows()).toBe(false);
      const head = (await page.locator('.page-head').boundingBox())!;
      const view = (await body.boundingBox())!;
      expect(view.y).toBeGreaterThanOrEqual(head.y + head.height - 1);
    }
    await checkScreen(page, `36-scrolled${path.replace('/', '-')}`);
  });
}
