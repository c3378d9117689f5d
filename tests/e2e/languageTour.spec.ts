/**
 * Every screen in both languages at 1920x1080 (issue 19): no text cut or hidden, no control covered, axe
 * clean, every target a finger's size. Italian words run longer than English ones, so each screen is looked at
 * in both. Screens are reached as a person reaches them, or by the address bar without a reload (which would
 * log out).
 *
 * Each language's tour is three tests (the shell and the wizards; data, settings, map and replay; the first-use
 * wizard), run in parallel, so that some fifty screens are not one long test on one worker.
 */
import { test, expect, waitForShell } from './fixtures';
import { checkScreen } from './helpers/screens';
import { clippedTexts } from './helpers/clipping';
import { tapKeys, tapPin } from './helpers/kiosk';
import type { Page } from '@playwright/test';

test.use({ simOptions: { demo: true, speed: 1 } });
test.describe.configure({ mode: 'parallel' });

async function go(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
}

for (const lang of ['it', 'en'] as const) {
  test.describe(`${lang === 'it' ? 'Italian' : 'English'}`, () => {
    async function look(page: Page, name: string) {
      await checkScreen(page, `t-${lang}-${name}`).catch((e: Error) => expect.soft(e.message, name).toBe(""));
      expect.soft(await clippedTexts(page), `clipped on ${lang} ${name}`).toEqual([]);
    }

    /** Logs in from the login page, looking at it first when `lookAtIt`. */
    async function logIn(page: Page, url: string, lookAtIt = false) {
      await page.goto(`${url}/login`);
      await waitForShell(page);
      await expect(page.getByTestId('pin-input')).toBeVisible();
      if (lookAtIt) await look(page, 'login');
      await tapPin(page, '123456');
      await page.getByTestId('next').or(page.getByRole('button', { name: /^(Login|Accedi)$/ })).first().click();
      await expect(page).toHaveURL(/\/missions$/);
    }

    test(`the shell, missions and both wizards in ${lang}: nothing clipped or covered`, async ({ page, sim, settings }) => {
      test.setTimeout(180_000);
      await settings({ language: lang });
      await page.goto(`${sim.url}/disclaimer`);
      await waitForShell(page);
      await look(page, 'disclaimer');
      await logIn(page, sim.url, true);
      await expect(page.locator('.mission-row').first()).toBeVisible();
      await look(page, 'missions');
      await page.getByTestId('menu-handle').click();
      await look(page, 'side-menu');
      await page.getByTestId('menu-backdrop').click();
      await page.getByTestId('new-mission').click();
      await look(page, 'new-mission-menu');
      await page.getByRole('menuitem').first().click();

      // The quick wizard, step by step: each looked at once the breadcrumb says it is there (a tap before the
      // worker's snapshot is back would land on the step before).
      const at = (step: string) => expect(page.getByTestId(`crumb-${step}`)).toHaveAttribute('aria-current', 'step');
      await at('destination');
      await expect(page.locator('.choice').first()).toBeVisible();
      await look(page, 'quick-destination');
      await page.locator('.choice').first().click();
      await at('activity');
      await look(page, 'quick-activity');
      await page.locator('.choice').first().click();
      await at('who');
      await look(page, 'quick-who');
      await page.locator('.choice').first().click();
      await at('load');
      await expect(page.getByTestId('load-editor')).toBeVisible();
      await look(page, 'quick-load');
      await page.getByTestId('skip').click();
      await at('message');
      await look(page, 'quick-message');
      await page.getByTestId('skip').click();
      await expect(page.locator('.quick-start')).toBeVisible(); // the start has no crumb of its own
      await look(page, 'quick-start');

      // The path wizard: destinations, activities (with its editors and the not-configured dialog), overview.
      await go(page, '/missions');
      await page.getByTestId('new-mission').click();
      await page.getByRole('menuitem').nth(1).click();
      await page.getByTestId('destination-search').click();
      await tapKeys(page, 'la');
      await page.locator('.search-result').first().click();
      await page.getByTestId('destination-search').click();
      await tapKeys(page, 're');
      await page.locator('.search-result').first().click();
      await page.getByTestId('keyboard').getByRole('button', { name: /^(Done|Fatto)$/ }).click();
      await look(page, 'path-destinations');
      await page.getByTestId('save-continue').click();
      await look(page, 'path-activities');
      await page.getByTestId('go-overview').click();
      await look(page, 'path-not-configured');
      await page.getByTestId('not-configured').getByRole('button').click();
      const card = page.getByTestId('activity-0');
      await card.getByRole('button', { name: /^(Message|Messaggio)$/ }).click();
      await look(page, 'path-message');
      await page.getByTestId('keyboard').getByRole('button', { name: /^(Done|Fatto)$/ }).click();
      await expect(page.getByTestId('message-editor')).toBeHidden();
      await card.getByRole('button', { name: /^(Load|Carico)$/ }).click();
      await look(page, 'path-load');
      await page.getByTestId('load-overlay').getByRole('button', { name: /^(Save|Salva)$/ }).last().click();
      for (const step of ['step-1', 'step-2']) {
        await page.getByTestId(step).click();
        // The card shows the picked step only once the worker's snapshot is back: a tap before that would
        // configure the step shown before (CI once configured step 1 twice and never step 2).
        await expect(page.getByTestId(step)).toHaveAttribute('aria-current', 'step');
        await card.getByRole('group').first().getByRole('button').first().click();
        await card.getByRole('group').nth(1).getByRole('button').first().click();
        await expect(page.getByTestId(step)).toHaveAttribute('data-status', 'complete');
      }
      await page.getByTestId('go-overview').click();
      await expect(page.getByTestId('configuration-completed')).toBeVisible();
      await look(page, 'path-overview');
    });

    test(`data, settings, the map screens and the replay in ${lang}: nothing clipped or covered`, async ({ page, sim, settings, control }) => {
      test.setTimeout(180_000);
      await settings({ language: lang });
      await logIn(page, sim.url);
      await go(page, '/mission-data');
      await expect(page.getByTestId('mission-table')).toBeVisible();
      await look(page, 'mission-data');
      await page.getByTestId('month-picker').click();
      await look(page, 'month-picker');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('month-dialog')).toBeHidden();
      await go(page, '/diagnostic');
      await expect(page.getByTestId('battery-card-1')).toBeVisible();
      // Both battery cards keep one shape in either language: the longer Italian name once pushed the second
      // card's health label onto two lines.
      const labels = await Promise.all([0, 1].map((i) => page.getByTestId(`battery-card-${i}`).locator('.health-label').boundingBox()));
      expect(labels[1]!.height, 'the health labels take as many lines').toBe(labels[0]!.height);
      expect(labels[1]!.y, 'the health labels stand level').toBe(labels[0]!.y);
      // The header's four buttons stay on one row beside the title (issue 34: in Italian they wrapped).
      const tops = await page.getByTestId('diagnostic-actions').locator('a, button').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
      expect(new Set(tops).size, 'the header buttons stand on one row').toBe(1);
      const titleBox = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
      expect(tops[0]!, 'beside the title, not under it').toBeLessThan(titleBox.y + titleBox.height);
      await look(page, 'diagnostic');
      await go(page, '/control');
      await look(page, 'control');
      // Each preset's value stands centred under its name, on one line: beside it, a long Italian name took three.
      const presets = await page.locator('.preset-value').evaluateAll((values) =>
        values.map((v) => ({ value: v.getBoundingClientRect(), button: v.closest('button')!.getBoundingClientRect(), lines: v.getClientRects().length })),
      );
      expect(presets.length, 'presets with a value').toBe(5);
      for (const { value, button, lines } of presets) {
        expect(lines, 'a value on one line').toBe(1);
        expect(Math.abs(value.left + value.width / 2 - (button.left + button.width / 2)), 'a value centred under its name').toBeLessThanOrEqual(1);
      }
      await go(page, '/joints');
      await look(page, 'joints');
      await go(page, '/settings');
      await look(page, 'settings');
      await page.getByTestId('setting-pin').click();
      await look(page, 'settings-pin');
      await page.getByTestId('setting-load_location_layout_left').click();
      await look(page, 'settings-shelves');

      // The map screens.
      await go(page, '/map');
      await expect(page.locator('.map-view canvas').first()).toBeVisible();
      await look(page, 'map');
      await page.getByTestId('tool-zone').click();
      await look(page, 'map-zone-tool');
      await go(page, '/mapping/wait');
      await look(page, 'mapping-wait');
      await control('alerts', { activate: { errors: ['node_lost'] } });
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await look(page, 'alert-lost');
      await page.getByRole('alertdialog').getByRole('button').last().click();
      await expect(page).toHaveURL(/\/node-lost$/);
      await look(page, 'node-lost');
      await control('alerts', { resolve: { errors: ['node_lost'] } });
      await go(page, '/replay');
      await look(page, 'replay');
      await page.getByRole('button', { name: /^(Open the kiosk's own log|Apri il registro di questo kiosk)$/ }).click();
      await expect(page.getByTestId('replay-moment')).toBeVisible();
      await look(page, 'replay-open');
      await go(page, '/user-dashboard');
      await look(page, 'dashboard');
    });

    test(`the first-use wizard in ${lang}: nothing clipped or covered`, async ({ page, sim, settings }) => {
      test.setTimeout(180_000);
      await settings({ language: lang });
      await logIn(page, sim.url);
      for (const p of ['hello', 'choose-language', 'choose-country', 'choose-date-time', 'robot-name', 'load-step-right', 'load-step-left', 'hello-robot', 'carousel', 'first-access', 'tos', 'complete-profile', 'choose-new-pin', 'start-mapping']) {
        await go(page, `/fux/${p}`);
        await page.waitForTimeout(100);
        await look(page, `fux-${p}`);
      }
    });
  });
}
