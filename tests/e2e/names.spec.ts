/**
 * Names as long as the back end accepts (100 characters, backend/http/schemas.ts), with no spaces, in a
 * right-to-left script and in emoji, on every screen that shows one today: nothing runs off its container or
 * the screen, and a cut name shows whole on a tap.
 */
import type { Page } from '@playwright/test';
import { test, expect, waitForShell } from './fixtures';
import { checkScreen } from './helpers/screens';
import { loginDemo } from './helpers/kiosk';

test.use({ simOptions: { demo: true, speed: 1 } });

const MAX = 100;
const fill = (unit: string) => unit.repeat(Math.ceil(MAX / unit.length)).slice(0, MAX);
const CASES = [
  { id: 'latin', robot: fill('NodeRobotUnitWard7'), admin: 'amministratore.principale@ospedale-esempio.it' },
  { id: 'rtl', robot: fill('روبوتالمستشفى'), admin: fill('מנהלהמערכת') },
  // Each emoji is two UTF-16 units, as the back end counts: 50 of them.
  { id: 'emoji', robot: fill('🤖🚀'), admin: fill('👩‍⚕️🏥') },
];

/** The element and each container up to the page: nothing wider inside than it shows, all on screen. */
async function expectInside(page: Page, selector: string): Promise<void> {
  const found = await page.locator(selector).first().evaluate((el) => {
    const overflowing: string[] = [];
    for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) {
      if (e.scrollWidth > e.clientWidth + 1) overflowing.push(`${e.tagName.toLowerCase()}.${e.className} ${e.scrollWidth}>${e.clientWidth}`);
    }
    const r = el.getBoundingClientRect();
    return {
      overflowing,
      onScreen: r.left >= 0 && r.top >= 0 && r.right <= window.innerWidth && r.bottom <= window.innerHeight ? true : `${r.left},${r.top},${r.right},${r.bottom}`,
      page: document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    };
  });
  expect(found, selector).toEqual({ overflowing: [], onScreen: true, page: true });
}

/** Whether the name in `within` is cut (its clip holds more than it shows). */
function isCut(page: Page, within: string): Promise<boolean> {
  return page.locator(`${within} .name-text-clip`).first().evaluate((el) => el.scrollHeight > el.clientHeight + 1);
}

/** A name shows whole where it fits; a cut one is a button whose tap shows it whole. */
async function expectWhole(page: Page, within: string, name: string, screen: string): Promise<boolean> {
  const cut = await isCut(page, within);
  const button = page.locator(within).getByRole('button', { name });
  if (!cut) {
    await expect(button).toHaveCount(0);
    return false;
  }
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'The whole name' });
  await expect(dialog).toContainText(name);
  await checkScreen(page, screen);
  await expectInside(page, '.name-text-whole p');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  return true;
}

for (const c of CASES) {
  test(`the longest ${c.id} names stay inside every screen and show whole on a tap`, async ({ page, sim, settings }) => {
    await settings({ robot_name: c.robot, admin_name: c.admin });
    // Once a PIN exists the wizard's pages need the login (issue 34); a reload keeps it (the session lives).
    await loginDemo(page, sim);

    await page.goto(`${sim.url}/fux/hello-robot`);
    await waitForShell(page);
    await expect(page.locator('.robot-name')).toHaveText(c.robot);
    await expectInside(page, '.robot-name');
    await checkScreen(page, `70-names-${c.id}-hello-robot`);
    // Two lines hold most 100-character names here; the rest are cut and show whole on a tap.
    await expectWhole(page, '.page-head', c.robot, `71-names-${c.id}-hello-robot-whole`);

    await page.goto(`${sim.url}/user-dashboard`);
    await expect(page.getByTestId('avatar-card')).toContainText(c.admin);
    expect(await isCut(page, '.avatar-card'), 'the card shows the whole name').toBe(false);
    await expectInside(page, '.avatar-card-name');
    await expectInside(page, '.avatar-card-role');
    await checkScreen(page, `72-names-${c.id}-dashboard`);

    await page.goto(`${sim.url}/missions`);
    // The reload's session check brings the page back to /missions: open the menu once it is there (a route
    // change closes the menu).
    await expect(page.getByTestId('new-mission')).toBeVisible();
    await page.getByRole('button', { name: /open the menu/i }).click();
    const foot = page.locator('.side-menu-foot');
    await expect(foot).toContainText(c.admin);
    await checkScreen(page, `73-names-${c.id}-side-menu`); // after the menu has slid in
    await expectInside(page, '.side-menu-admin');
    // One line of the menu's foot cannot hold these: the cut name is a button.
    expect(await expectWhole(page, '.side-menu-foot', c.admin, `74-names-${c.id}-side-menu-whole`)).toBe(true);
  });
}
