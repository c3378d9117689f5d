/**
 * The destination editor at 1920x1080 with two recipients (issue 34): its buttons and the field typed into stay
 * in view and clear of the on-screen keyboard, with the keyboard shut and open, in both steps; while more of
 * the editor runs on under the buttons, their bar says so.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { loginDemo } from './helpers/kiosk';
import { waitForMap } from './helpers/mapView';
import { checkScreen } from './helpers/screens';

test.use({ simOptions: { demo: true, speed: 1 }, hasTouch: true });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The element's box, checked to lie inside the window, clear of the keyboard, and not drawn under anything. */
async function expectInView(page: Page, el: Locator, what: string): Promise<void> {
  const box = (await el.boundingBox())!;
  expect(box, what).not.toBeNull();
  expect(box.x, `${what} left`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what} top`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} right`).toBeLessThanOrEqual(1920);
  expect(box.y + box.height, `${what} bottom`).toBeLessThanOrEqual(1080);
  const keyboard = page.getByTestId('keyboard');
  if (await keyboard.isVisible()) expect(overlaps(box, (await keyboard.boundingBox())!), `${what} under the keyboard`).toBe(false);
  // Nothing else (the sticky buttons' bar, the sidebar's edge) is drawn over its top and bottom.
  for (const y of [box.y + 4, box.y + box.height / 2, box.y + box.height - 4]) {
    const onTop = await el.evaluate((node, { x, y }) => {
      const top = document.elementFromPoint(x, y);
      return !!top && (node === top || node.contains(top));
    }, { x: box.x + box.width / 2, y });
    expect(onTop, `${what} covered at y=${Math.round(y)}`).toBe(true);
  }
}

test('the destination editor with two recipients: buttons and field in view, keyboard shut and open', async ({ page, sim }) => {
  const reception = sim.app.store.places.destinations().find((d) => d.name === 'Reception')!;
  expect(sim.app.store.places.recipients(reception.id)).toHaveLength(2);
  await loginDemo(page, sim);
  await page.getByTestId('menu-handle').click();
  await page.getByRole('link', { name: 'Map Management' }).click();
  await waitForMap(page);
  await page.getByTestId('destination-list').getByRole('button', { name: 'Reception' }).click();
  const editor = page.getByTestId('destination-editor');
  await expect(editor.locator('.recipient')).toHaveCount(2);
  const actions = page.getByTestId('editor-actions');
  const buttons = ['Cancel', 'Delete', 'Continue'].map((n) => editor.getByRole('button', { name: n, exact: true }));

  // Keyboard shut: the three buttons in view on one row; the compass runs on under them, and the bar says so.
  for (const [i, b] of buttons.entries()) await expectInView(page, b, `${['Cancel', 'Delete', 'Continue'][i]} (keyboard shut)`);
  const rows = new Set(await Promise.all(buttons.map(async (b) => Math.round((await b.boundingBox())!.y))));
  expect(rows.size).toBe(1);
  await expect(actions).toHaveClass(/map-editor-actions-more/);
  await checkScreen(page, '37-editor-two-recipients');
  // Scrolled to its end, nothing is under the bar any more and the cue goes.
  await page.locator('.map-side').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(actions).not.toHaveClass(/map-editor-actions-more/);
  await expectInView(page, editor.getByRole('radio', { name: 'Purple' }), 'the last colour, scrolled to');

  // The recipient's field focused: the keyboard opens under the page, the field and the buttons stay above it.
  await page.locator('.map-side').evaluate((el) => el.scrollTo(0, 0));
  await page.getByTestId('recipient-name').click();
  await expect(page.getByTestId('keyboard')).toBeVisible();
  await expectInView(page, page.getByTestId('recipient-name'), 'the recipient field');
  await expectInView(page, editor.getByRole('button', { name: 'Add person' }), 'Add person');
  for (const [i, b] of buttons.entries()) await expectInView(page, b, `${['Cancel', 'Delete', 'Continue'][i]} (keyboard open)`);
  await checkScreen(page, '38-editor-recipient-keyboard');
  await page.getByTestId('keyboard').getByRole('button', { name: 'Done' }).click();

  // The name step: its field takes the focus and the keyboard; Back and Update stay in view above it.
  await editor.getByRole('radio', { name: 'North-east' }).click();
  await editor.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('keyboard')).toBeVisible();
  await expect(page.getByTestId('destination-name')).toBeFocused();
  await expectInView(page, page.getByTestId('destination-name'), 'the name field');
  for (const n of ['Back', 'Update']) await expectInView(page, editor.getByRole('button', { name: n, exact: true }), `${n} (keyboard open)`);
  await checkScreen(page, '39-editor-name-keyboard');
});
