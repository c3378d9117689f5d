/**
 * Long names in browser tests: the longest the back end accepts (backend/http/schemas.ts: 100 characters for
 * destination, recipient, mission, robot and admin names; 200 for a load item), in Latin with no spaces, in a
 * right-to-left script and in emoji; and the checks that every shown name stays inside its screen and shows
 * whole on a tap.
 */
import { expect, type Page } from '@playwright/test';

export const NAME_MAX = 100;
export const ITEM_MAX = 200;

/** `unit` repeated to exactly `length` UTF-16 units, as the back end counts. */
export function fill(unit: string, length: number): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

export interface Script {
  id: 'latin' | 'rtl' | 'emoji';
  unit: string;
}

/** Each emoji is two UTF-16 units, so a name holds 50 of them. */
export const SCRIPTS: Script[] = [
  { id: 'latin', unit: 'NodeRobotUnitWard7' },
  { id: 'rtl', unit: 'روبوتالمستشفى' },
  { id: 'emoji', unit: '🤖🚀' },
];

/**
 * Every visible name on the page (each NameText) and each of its containers up to the page: nothing wider
 * inside than it shows, every name across the screen's width, and the page itself not scrolling sideways.
 * Map pins are left out: the map may pan a pin off its edge, which clips it on purpose.
 * Returns how many names it looked at.
 */
export async function expectNamesInside(page: Page): Promise<number> {
  const found = await page.evaluate(() => {
    const problems: string[] = [];
    let names = 0;
    for (const el of document.querySelectorAll<HTMLElement>('.name-text')) {
      if (el.getClientRects().length === 0 || el.closest('.map-pin')) continue;
      names++;
      for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) {
        if (e.scrollWidth > e.clientWidth + 1) problems.push(`${e.tagName.toLowerCase()}.${e.className} ${e.scrollWidth}>${e.clientWidth}`);
      }
      const r = el.getBoundingClientRect();
      if (r.left < -0.5 || r.right > window.innerWidth + 0.5) problems.push(`${el.textContent?.slice(0, 20)} at ${r.left}..${r.right}`);
    }
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) problems.push(`page ${doc.scrollWidth}>${doc.clientWidth}`);
    return { problems: [...new Set(problems)], names };
  });
  expect(found.problems).toEqual([]);
  return found.names;
}

/** Whether the first name inside `within` is cut (its clip holds more than it shows). */
export function isCut(page: Page, within: string): Promise<boolean> {
  return page
    .locator(`${within} .name-text-clip`)
    .first()
    .evaluate((el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1);
}

/**
 * The name `name` inside `within` shows whole: as it stands where it fits, otherwise it is a button whose tap
 * shows it whole in a dialog, which a tap closes. Says whether it was a button.
 */
export async function expectWhole(page: Page, within: string, name: string): Promise<boolean> {
  const clip = page.locator(`${within} .name-text-clip`).filter({ hasText: name }).first();
  await expect(clip).toHaveText(name);
  const button = page.locator(within).locator('.name-text-button', { hasText: name });
  // Once found cut, a name stays a button (NameText), even where the button's own drawing happens to fit it.
  if ((await button.count()) === 0) {
    expect(await clip.evaluate((el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1), 'a name cut with no button').toBe(false);
    return false;
  }
  await button.first().click();
  const dialog = page.getByRole('dialog', { name: 'The whole name' });
  await expect(dialog.locator('p')).toHaveText(name);
  const shown = await dialog.locator('p').evaluate((p) => {
    const r = p.getBoundingClientRect();
    return p.scrollWidth <= p.clientWidth && r.left >= 0 && r.right <= window.innerWidth && r.bottom <= window.innerHeight;
  });
  expect(shown, 'the whole name fits the screen').toBe(true);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  return true;
}
