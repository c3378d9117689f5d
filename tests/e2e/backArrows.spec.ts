/**
 * One way back (issue 19): every page that leads back has a back arrow at the top left beside its title, found
 * by its role and name, and it goes where its name says; the wizards keep their Exit where the specification
 * puts it (the quick wizard's top right, the path wizard's activity stage and overview).
 */
import { test, expect } from './fixtures';
import { loginDemo, tapKeys } from './helpers/kiosk';
import { checkScreen } from './helpers/screens';
import type { Page } from '@playwright/test';

test.use({ simOptions: { demo: true, speed: 1 } });

/** The back arrow: named `name`, at the top left, left of and level with the page's title. */
async function expectBackArrow(page: Page, name: string, heading: string | RegExp) {
  const arrow = page.getByRole('button', { name, exact: true });
  await expect(arrow).toBeVisible();
  const a = (await arrow.boundingBox())!;
  const h = (await page.getByRole('heading', { name: heading, exact: typeof heading === 'string' }).first().boundingBox())!;
  expect(a.x + a.width, 'arrow left of the title').toBeLessThanOrEqual(h.x + 1);
  expect(Math.abs(a.y + a.height / 2 - (h.y + h.height / 2)), 'arrow level with the title').toBeLessThan(h.height / 2 + 8);
  expect(a.y, 'arrow at the top').toBeLessThan(300);
  return arrow;
}

async function openMenuLink(page: Page, name: string) {
  await page.getByTestId('menu-handle').click();
  await page.getByTestId('side-menu').getByRole('link', { name, exact: true }).click();
}

test('diagnostic, teleop, joints, mission data, map and replay lead back by an arrow beside their title', async ({ page, sim }) => {
  await loginDemo(page, sim);

  await openMenuLink(page, 'Diagnostic');
  await expectBackArrow(page, 'Back to missions', 'Diagnostic');
  await checkScreen(page, 'b1-diagnostic-back');
  await page.getByRole('link', { name: 'Teleop Control' }).click();
  await expect(page).toHaveURL(/\/control$/);
  await expectBackArrow(page, 'Back to diagnostic', 'Teleop Control');
  await page.getByRole('link', { name: 'Joints State' }).click();
  await expect(page).toHaveURL(/\/joints$/);
  await (await expectBackArrow(page, 'Back to teleop control', 'Joints State')).click();
  await expect(page).toHaveURL(/\/control$/);
  await page.getByRole('button', { name: 'Back to diagnostic' }).click();
  await expect(page).toHaveURL(/\/diagnostic$/);
  await page.getByRole('button', { name: 'Back to missions' }).click();
  await expect(page).toHaveURL(/\/missions$/);

  await openMenuLink(page, 'Missions Data');
  await (await expectBackArrow(page, 'Back to missions', 'Mission Data')).click();
  await expect(page).toHaveURL(/\/missions$/);

  await openMenuLink(page, 'Map Management');
  await expect(page).toHaveURL(/\/map$/);
  await checkScreen(page, 'b2-map-back');
  await (await expectBackArrow(page, 'Back to missions', 'Map Management')).click();
  await expect(page).toHaveURL(/\/missions$/);

  // The replay page has no menu entry: reached by its address, without a reload (which would log out).
  await page.evaluate(() => {
    history.pushState(null, '', '/replay');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await (await expectBackArrow(page, 'Back to missions', /replay|log/i)).click();
  await expect(page).toHaveURL(/\/missions$/);
});

test('the lost robot screen leads back to the missions', async ({ page, sim, control }) => {
  await loginDemo(page, sim);
  await control('alerts', { activate: { errors: ['node_lost'] } });
  await page.getByRole('alertdialog').getByRole('button', { name: 'Manage' }).click();
  await expect(page).toHaveURL(/\/node-lost$/);
  await (await expectBackArrow(page, 'Back to missions', 'Show me where I am')).click();
  await expect(page).toHaveURL(/\/missions$/);
});

test('the wizards: quick Exit at the top right; path stages back one stage by the arrow, Exit out of the wizard', async ({ page, sim }) => {
  await loginDemo(page, sim);
  await page.getByTestId('new-mission').click();
  await page.getByRole('menuitem', { name: 'Quick Mission' }).click();
  const exit = page.getByRole('button', { name: 'Exit', exact: true });
  const box = (await exit.boundingBox())!;
  expect(box.x).toBeGreaterThan(1400);
  expect(box.y).toBeLessThan(300);
  await exit.click();
  await expect(page).toHaveURL(/\/missions$/);

  await page.getByTestId('new-mission').click();
  await page.getByRole('menuitem', { name: 'Path' }).click();
  await expectBackArrow(page, 'Back to missions', 'Configure the path');
  await page.getByTestId('destination-search').click();
  await tapKeys(page, 'la');
  await page.getByRole('button', { name: 'Add Lab' }).click();
  await page.getByTestId('save-continue').click();
  await (await expectBackArrow(page, 'Back to the destinations', 'Configure activities for Lab')).click();
  await expect(page.getByRole('heading', { name: 'Configure the path' })).toBeVisible();
  await expect(page.getByTestId('step-1')).toContainText('Lab');
  await page.getByTestId('save-continue').click();
  const card = page.getByTestId('activity-0');
  await card.getByRole('group', { name: 'Activity' }).getByRole('button', { name: 'Delivery' }).click();
  await card.getByRole('group', { name: 'Recipients' }).getByRole('button', { name: 'Anyone in the area' }).click();
  await checkScreen(page, 'b3-path-activities-back');
  await page.getByTestId('go-overview').click();
  await (await expectBackArrow(page, 'Back to the activities', /overview/)).click();
  await expect(page.getByRole('heading', { name: 'Configure activities for Lab' })).toBeVisible();
  await page.getByRole('button', { name: 'Exit', exact: true }).click();
  await expect(page).toHaveURL(/\/missions$/);
});
