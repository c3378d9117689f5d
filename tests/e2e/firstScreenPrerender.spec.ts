/**
 * The built index.html carries the first screen (scripts/firstScreenHtml.ts): the disclaimer's markup, painted
 * before any script runs, hydrated by React without a mismatch; its styles inline; a boot script in the head
 * that starts the core's worker at once (the entry adopts it), and a line after the markup that drops it when
 * the page opens elsewhere.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { authedFetch } from './helpers/session';

/** Console messages of the page and its workers, warnings and errors only. */
function watchConsole(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') seen.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => seen.push(`pageerror: ${e.message}`));
  return seen;
}

/** What #root held when the parser finished, before any module ran (module scripts run after DOMContentLoaded's parse). */
async function recordRootAtParse(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') (window as unknown as { __rootAtParse: string }).__rootAtParse = document.getElementById('root')?.textContent ?? '';
    });
  });
}

test('index.html holds the disclaimer with its styles inline, and React hydrates it without a mismatch', async ({ page, sim }) => {
  const html = await (await authedFetch(sim, `${sim.url}/`)).text();
  expect(html).toContain('data-prerendered="/disclaimer"');
  expect(html).toContain('Welcome to the Node pilot');
  expect(html).toMatch(/<style>:root\{/);
  expect(html).not.toMatch(/<link rel="stylesheet"/);

  const problems = watchConsole(page);
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await recordRootAtParse(page);
  await page.goto(`${sim.url}/`);
  // The screen was there before any script of ours ran.
  expect(await page.evaluate(() => (window as unknown as { __rootAtParse: string }).__rootAtParse)).toContain('Welcome to the Node pilot');
  await page.waitForFunction(() => performance.getEntriesByName('kiosk:worker-ready').length > 0);
  await expect(page).toHaveURL(/\/disclaimer$/);
  // After the hydration the live state shows: the clock is blank only in the markup.
  await expect(page.getByTestId('clock')).toHaveText(/\d\d:\d\d:\d\d/);
  // One worker: the entry adopted the one the boot script started.
  expect(workers.filter((u) => /\/assets\/main-[\w-]+\.js$/.test(u))).toHaveLength(1);
  // Hydrated, so it responds: the start button leads on.
  await page.getByTestId('next').click();
  await expect(page).not.toHaveURL(/\/disclaimer$/);
  expect(problems).toEqual([]);
});

test('opened at another address, the page never shows the prerendered screen and renders its own', async ({ page, sim }) => {
  const problems = watchConsole(page);
  await recordRootAtParse(page);
  await page.goto(`${sim.url}/fux/hello`);
  expect(await page.evaluate(() => (window as unknown as { __rootAtParse: string }).__rootAtParse)).toBe('');
  await page.waitForFunction(() => performance.getEntriesByName('kiosk:first-screen').length > 0);
  await expect(page.getByText('Welcome to the Node pilot')).toHaveCount(0);
  await expect(page.locator('.topbar')).toBeVisible();
  expect(problems).toEqual([]);
});
