/**
 * Feedback and details of issue 19: a lazy page answers at once with its frame and a loading indicator;
 * batteries show as unknown while the robot is out of reach; the velocity fields are ARIA spinbuttons; the
 * time steppers repeat while held; the destination editor's recipients, keyboard, Done and named colours,
 * and the colour on the quick wizard's buttons; the path overview's details and the message editor's one Done;
 * the + button clear of every row.
 */
import { test, expect } from './fixtures';
import { loginDemo, tapKeys } from './helpers/kiosk';
import { checkScreen } from './helpers/screens';
import type { Page } from '@playwright/test';

test.use({ simOptions: { demo: true, speed: 1 } });

async function go(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('a lazy page on its first visit shows its frame and a loading indicator at once', async ({ page, sim }) => {
  await loginDemo(page, sim);
  // Hold the data area's chunk back, as a slow start would.
  let release!: () => void;
  const held = new Promise<void>((ok) => (release = ok));
  await page.route(/\/assets\/DataRoutes-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId('menu-handle').click();
  await page.getByTestId('side-menu').getByRole('link', { name: 'Diagnostic' }).click();
  const loading = page.getByTestId('page-loading');
  await expect(loading).toBeVisible({ timeout: 250 });
  await expect(loading.getByRole('status')).toHaveText('Please wait…');
  await expect(page.getByTestId('menu-handle')).toBeVisible();
  await checkScreen(page, 'f1-page-loading');
  release();
  await expect(page.getByRole('heading', { name: 'Diagnostic', exact: true })).toBeVisible();
  await expect(loading).toHaveCount(0);
});

test('batteries show as unknown while the robot is disconnected, until a fresh battery state', async ({ page, sim, control }) => {
  await loginDemo(page, sim);
  await control('battery', { charges: [0.83, 0.5] });
  const first = page.getByRole('img', { name: /^Battery 1/ });
  await expect(first).toHaveAttribute('data-level', 'higher');
  await control('robot', { connected: false });
  // The first disconnect after start is held 5 s (spec), then both icons say unknown.
  await expect(first).toHaveAttribute('data-level', 'unknown', { timeout: 10_000 });
  await expect(page.getByRole('img', { name: 'Battery 2: unknown' })).toHaveAttribute('data-level', 'unknown');
  await checkScreen(page, 'f2-batteries-unknown');
  await control('robot', { connected: true });
  await control('battery', { charges: [0.83, 0.5] });
  await expect(first).toHaveAttribute('data-level', 'higher');
  await expect(page.getByRole('img', { name: 'Battery 2: 50%' })).toBeVisible();
});

test('the velocities are spinbuttons: bounds and value announced, arrow keys step by 0.1, keyboard and steppers kept', async ({ page, sim }) => {
  await loginDemo(page, sim);
  await go(page, '/control');
  const x = page.getByRole('spinbutton', { name: 'Linear velocity x (m/s)' });
  await expect(x).toHaveAttribute('aria-valuemin', '-1');
  await expect(x).toHaveAttribute('aria-valuemax', '1');
  await expect(x).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByRole('spinbutton')).toHaveCount(3);
  await x.click();
  await expect(page.getByTestId('keyboard')).toBeVisible();
  await x.press('ArrowUp');
  await x.press('ArrowUp');
  await expect(x).toHaveValue('0.2');
  await expect(x).toHaveAttribute('aria-valuenow', '0.2');
  for (let i = 0; i < 15; i++) await x.press('ArrowDown');
  await expect(x).toHaveValue('-1');
  await page.getByRole('button', { name: 'Linear velocity x (m/s): plus 0.1' }).click();
  await expect(x).toHaveAttribute('aria-valuenow', '-0.9');
});

test('the hour stepper repeats while held', async ({ page, sim }) => {
  await loginDemo(page, sim);
  await go(page, '/settings');
  await page.getByTestId('setting-date_time').click();
  const hour = page.getByTestId('hour').locator('output');
  const start = Number(await hour.textContent());
  const later = page.getByRole('button', { name: 'One hour later' });
  const box = (await later.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  // One step at the press, then one every 100 ms after 400 ms: a second's hold is well past five steps.
  await page.waitForTimeout(1_100);
  await page.mouse.up();
  await page.waitForTimeout(300);
  const moved = (Number(await hour.textContent()) - start + 24) % 24;
  expect(moved).toBeGreaterThanOrEqual(5);
  const settled = await hour.textContent();
  await page.waitForTimeout(400);
  await expect(hour).toHaveText(settled!);
  // A plain tap is one step.
  await later.click();
  await expect(hour).toHaveText(String((Number(settled) + 1) % 24).padStart(2, '0'));
  // Three taps in one task of the page, before the worker has answered the first: each is a step.
  const before = Number(await hour.textContent());
  await later.evaluate((button) => {
    for (let i = 0; i < 3; i++) {
      button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0, isPrimary: true }));
      button.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, button: 0, isPrimary: true }));
      button.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }));
    }
  });
  await expect(hour).toHaveText(String((before + 3) % 24).padStart(2, '0'));
  await page.waitForTimeout(300);
  await expect(hour).toHaveText(String((before + 3) % 24).padStart(2, '0'));
});

test('destination editor: recipients first, Add person above the keyboard, Done adds, named colours; the colour on the quick wizard', async ({ page, sim }) => {
  await loginDemo(page, sim);
  await go(page, '/map');
  const lab = sim.app.store.places.destinations().find((d) => d.name === 'Lab')!;
  await page.getByTestId('destination-list').getByRole('button', { name: 'Lab' }).click();
  const editor = page.getByTestId('destination-editor');
  const who = editor.getByRole('heading', { name: 'Who works here' });
  await expect(who).toBeVisible();
  expect((await who.boundingBox())!.y + 40).toBeLessThan(1080);
  expect((await who.boundingBox())!.y).toBeLessThan((await editor.getByRole('radiogroup', { name: 'Pin colour' }).boundingBox())!.y);
  await page.getByTestId('recipient-name').click();
  await tapKeys(page, 'Iris');
  const add = editor.getByRole('button', { name: 'Add person' });
  const keyboardTop = (await page.getByTestId('keyboard').boundingBox())!.y;
  const addBox = (await add.boundingBox())!;
  expect(addBox.y + addBox.height).toBeLessThanOrEqual(keyboardTop);
  await checkScreen(page, 'f3-editor-keyboard');
  await page.getByTestId('keyboard').getByRole('button', { name: 'Done' }).click();
  await expect(editor.getByText('Iris', { exact: true })).toBeVisible();
  await expect.poll(() => sim.app.store.places.recipients(lab.id).map((r) => r.name)).toContain('Iris');
  await expect(page.getByTestId('keyboard')).toBeHidden();

  const swatches = editor.getByRole('radiogroup', { name: 'Pin colour' }).getByRole('radio');
  expect(await swatches.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual(['Grey', 'Red', 'Orange', 'Yellow', 'Green', 'Teal', 'Blue', 'Purple']);
  await editor.getByRole('radio', { name: 'Purple' }).click();
  await expect(editor.getByText('Colour: Purple')).toBeVisible();
  await editor.getByRole('button', { name: 'Continue' }).click();
  await editor.getByRole('button', { name: 'Update' }).click();
  await expect.poll(() => sim.app.store.places.destinations().find((d) => d.id === lab.id)?.color).toBe('#8e24aa');

  // As a person goes: the list (which reloads the destinations), then + and Quick Mission.
  await go(page, '/missions');
  await page.getByTestId('new-mission').click();
  await page.getByRole('menuitem', { name: 'Quick Mission' }).click();
  const dot = page.getByTestId(`choice-${lab.id}`).locator('.destination-dot');
  await expect(dot).toHaveCSS('background-color', 'rgb(142, 36, 170)');
  await checkScreen(page, 'f4-quick-colours');
});

test('path wizard: one Done in the message editor, the overview lists what each step does; + clear of the rows', async ({ page, sim }) => {
  await loginDemo(page, sim);
  // The + button never lies over a row's chevron, at the top of the list or scrolled to its end.
  const fab = (await page.getByTestId('new-mission').boundingBox())!;
  const clear = async () => {
    // Only the part of a button the list shows: the list clips what is scrolled out of its box.
    const list = (await page.getByTestId('mission-list').boundingBox())!;
    for (const b of await page.locator('.mission-row button').all()) {
      const r = await b.boundingBox();
      if (!r) continue;
      const top = Math.max(r.y, list.y);
      const bottom = Math.min(r.y + r.height, list.y + list.height);
      if (bottom <= top) continue;
      const overlaps = r.x < fab.x + fab.width && fab.x < r.x + r.width && top < fab.y + fab.height && fab.y < bottom;
      expect(overlaps).toBe(false);
    }
  };
  await clear();
  await page.getByTestId('mission-list').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await clear();

  await page.getByTestId('new-mission').click();
  await page.getByRole('menuitem', { name: 'Path' }).click();
  await page.getByTestId('destination-search').click();
  await tapKeys(page, 'la');
  await page.getByRole('button', { name: 'Add Lab' }).click();
  await page.getByTestId('save-continue').click();
  const card = page.getByTestId('activity-0');
  await card.getByRole('group', { name: 'Activity' }).getByRole('button', { name: 'Delivery' }).click();
  await card.getByRole('group', { name: 'Recipients' }).getByRole('button', { name: 'Sara Ferri' }).click();
  // Delete is disabled with one activity, and looks it.
  const del = card.getByRole('button', { name: /^Delete activity/ });
  await expect(del).toBeDisabled();
  await expect(del).toHaveCSS('border-top-style', 'dashed');
  await card.getByRole('button', { name: 'Message' }).click();
  const editor = page.getByTestId('message-editor');
  await editor.getByTestId('path-message-input').click();
  await tapKeys(page, 'Samples');
  // While typing, the keyboard's Done is the only one; it keeps the message.
  await expect(page.getByRole('button', { name: 'Done', exact: true })).toHaveCount(1);
  await checkScreen(page, 'f5-message-one-done');
  await page.getByTestId('keyboard').getByRole('button', { name: 'Done' }).click();
  await expect(editor).toBeHidden();
  await expect(card).toContainText('Samples');
  await page.getByTestId('go-overview').click();
  const details = page.getByTestId('overview-details');
  await expect(details.getByTestId('overview-step-1')).toContainText('Lab');
  await expect(details.getByTestId('overview-step-1')).toContainText('Delivery');
  await expect(details.getByTestId('overview-step-1')).toContainText('To Sara Ferri');
  await expect(details.getByTestId('overview-step-1')).toContainText('Message: “Samples”');
  await checkScreen(page, 'f6-path-overview-details');
});
