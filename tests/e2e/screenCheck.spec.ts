/**
 * The screen check itself (helpers/screens.ts): its axe run, which puts axe into a document once, must find what
 * `@axe-core/playwright` finds on the same page, find it again after the page changes and after a navigation
 * (a new document has no axe), and fail `checkScreen` on a bad screen.
 */
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { axeViolations, checkScreen } from './helpers/screens';

/** A page with faults of several kinds: a nameless button, grey on grey, an image without alt, a small target. */
const BAD_PAGE = `<!doctype html><html lang="en"><head><title>bad</title></head><body><main>
  <h1>Faults</h1>
  <button style="width:80px;height:80px"></button>
  <p style="color:#bbb;background:#ccc">hard to read</p>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="1" height="1">
  <button style="width:20px;height:20px">x</button>
</main></body></html>`;

const ids = (violations: { id: string }[]) => violations.map((v) => v.id).sort();

async function builderIds(page: Page): Promise<string[]> {
  return ids((await new AxeBuilder({ page }).analyze()).violations);
}

test('the screen check finds what axe-core/playwright finds, after changes and navigations too', async ({ page }) => {
  await page.setContent(BAD_PAGE);
  const found = ids(await axeViolations(page));
  expect(found).toEqual(expect.arrayContaining(['button-name', 'color-contrast', 'image-alt']));
  expect(found).toEqual(await builderIds(page));

  // The same document, changed: axe is not put in again (a mark on it stays), and the fixed fault is gone.
  type Marked = { axe: { mark?: number } };
  await page.evaluate(() => {
    (window as unknown as Marked).axe.mark = 1;
    document.querySelector('img')!.setAttribute('alt', 'dot');
  });
  const fixed = ids(await axeViolations(page));
  expect(await page.evaluate(() => (window as unknown as Marked).axe.mark)).toBe(1);
  expect(fixed).not.toContain('image-alt');
  expect(fixed).toEqual(await builderIds(page));

  // A new document has no axe until the check puts it there.
  await page.setContent('<!doctype html><html lang="en"><head><title>good</title></head><body><main><h1>Fine</h1></main></body></html>');
  expect(await axeViolations(page)).toEqual([]);

  await page.setContent(BAD_PAGE);
  await expect(checkScreen(page, 'screen-check-bad')).rejects.toThrow(/button-name/);
});
