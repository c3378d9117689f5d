/** The diagnostic page against the simulator: batteries, periods, the chart by day, the CSV export, the links. */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, type SimFixture } from './fixtures';
import { checkScreen } from './helpers/screens';
import { loginDemo } from './helpers/kiosk';
import { parseLog } from '../../core/log/eventLog';
import { authedFetch } from './helpers/session';

// The simulator's days are UTC days; the kiosk's periods are its own zone's months. Make them the same.
test.use({ simOptions: { demo: true, speed: 1 }, timezoneId: 'UTC' });

async function api<T>(sim: SimFixture['sim'], path: string): Promise<T> {
  return ((await (await authedFetch(sim, `${sim.url}/api/${path}`)).json()) as { data: T }).data;
}

async function openDiagnostic(page: Page): Promise<void> {
  await page.getByTestId('menu-handle').click();
  await page.getByTestId('side-menu').getByRole('link', { name: 'Diagnostic' }).click();
  await expect(page).toHaveURL(/\/diagnostic$/);
  await expect(page.getByRole('heading', { name: 'Diagnostic', exact: true })).toBeVisible();
}

test('battery cards, 12 periods, the distance chart equal to the robot, tap for a value, CSV export', async ({ page, sim, control }) => {
  // Both above the 10 % warning, whose overlay would cover the page.
  await control('battery', { charges: [0.5, 0.15] });
  const batteries = (await api<{ batteries: { health: number; charge: number }[] }>(sim, 'diagnostics/batteries')).batteries;
  await loginDemo(page, sim);
  await openDiagnostic(page);

  await expect(page.getByTestId('battery-card-0').getByRole('heading')).toHaveText('Main Battery');
  await expect(page.getByTestId('battery-card-1').getByRole('heading')).toHaveText('Secondary Battery');
  await expect(page.getByTestId('battery-charge-0')).toHaveText('50%');
  await expect(page.getByTestId('battery-charge-1')).toHaveText('15%');
  await expect(page.getByTestId('battery-health-0')).toHaveText(`${Math.round(batteries[0]!.health * 100)}%`);
  await expect(page.getByTestId('battery-card-0')).toContainText(batteries[0]!.health >= 0.8 ? 'Optimal level' : 'Low level');

  const now = new Date();
  // The period is a touch picker, as on /mission-data, offering the 12 months up to the current one.
  const picker = page.getByTestId('month-picker');
  await expect(picker).toHaveText(`${now.toLocaleString('en', { month: 'long', timeZone: 'UTC' })} ${now.getUTCFullYear()}`);
  await picker.click();
  const dialog = page.getByTestId('month-dialog');
  const enabled = () => dialog.locator('.month-choice:enabled').allTextContents();
  const thisYear = now.getUTCMonth() + 1;
  expect(await enabled()).toHaveLength(thisYear);
  if (thisYear < 12) {
    await dialog.getByRole('button', { name: 'Previous year' }).click();
    expect(await enabled()).toHaveLength(12 - thisYear);
  }
  await expect(dialog.getByRole('button', { name: 'Previous year' })).toBeDisabled();
  await checkScreen(page, '85b-diagnostic-period');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  const days = await api<{ day: number; distance: number }[]>(sim, `diagnostics/distance/year/${year}/month/${month}`);
  const bars = page.locator('path.bar');
  await expect(bars).toHaveCount(days.length);
  expect(await bars.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))))).toEqual(days.map((d) => d.distance));
  const max = Math.max(...days.map((d) => d.distance));
  await expect(page.getByTestId('day-chart')).toContainText(max >= 1000 ? 'Kilometres' : 'Metres');

  // Tap the busiest day's column: its value shows.
  const busiest = days.find((d) => d.distance === max)!;
  const bar = page.locator(`path.bar[data-day="${busiest.day}"]`);
  const box = (await bar.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height - 4);
  const shown = max >= 1000 ? `${(max / 1000).toFixed(2)} km` : `${max.toFixed(1)} m`;
  await expect(page.getByTestId('chart-picked')).toHaveText(`Day ${busiest.day}: ${shown}`);
  await checkScreen(page, '85-diagnostic-distance');

  // Export: the modal's link downloads the CSV of what is shown.
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const modal = page.getByTestId('export-modal');
  await expect(modal.getByRole('heading', { name: 'Your file is ready to download' })).toBeVisible();
  await expect(modal).toContainText('CSV file generated at /api/files/diagnostics-distance-');
  const [download] = await Promise.all([page.waitForEvent('download'), modal.getByTestId('download-link').click()]);
  const rows = readFileSync((await download.path())!, 'utf8').trim().split(/\r?\n/).map((l) => l.split(','));
  expect(rows[0]).toEqual(['date', 'distance_m']);
  expect(rows.slice(1).map((r) => Number(r[1]))).toEqual(days.map((d) => d.distance));
  expect(rows.slice(1).map((r) => Number(r[0]!.slice(8)))).toEqual(days.map((d) => d.day));
  await modal.getByRole('button', { name: 'Ok' }).click();
  await expect(modal).toBeHidden();

  // 'Export log' answers as the CSV export does (issue 19: one behaviour): the dialog, its link downloads the
  // kiosk's own event log (a header, then this session's events), Ok closes it.
  await page.getByRole('button', { name: 'Export log' }).click();
  const logModal = page.getByTestId('export-log-modal');
  await expect(logModal.getByRole('heading', { name: 'Your file is ready to download' })).toBeVisible();
  await checkScreen(page, '85c-export-log');
  const [logFile] = await Promise.all([page.waitForEvent('download'), logModal.getByTestId('log-link').click()]);
  expect(logFile.suggestedFilename()).toMatch(/^kiosk-log-.*\.jsonl$/);
  const log = parseLog(readFileSync((await logFile.path())!, 'utf8'));
  expect(log.header).toMatchObject({ format: 'kiosk-event-log', version: 1 });
  expect(log.bad).toEqual([]);
  expect(log.events.some((e) => e.type === 'shell/started')).toBe(true);
  expect(log.events.some((e) => e.type === 'ui/navigated' && (e as { path?: string }).path === '/diagnostic')).toBe(true);
  await logModal.getByRole('button', { name: 'Ok' }).click();
  await expect(logModal).toBeHidden();
});

test('the time view ticks every hour; an earlier period loads its own days', async ({ page, sim }) => {
  await loginDemo(page, sim);
  await openDiagnostic(page);
  await page.getByTestId('view-time').click();
  await expect(page.getByTestId('view-time')).toHaveAttribute('aria-pressed', 'true');
  const now = new Date();
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  const days = await api<{ day: number; time: number }[]>(sim, `diagnostics/time/year/${year}/month/${month}`);
  const bars = page.locator('path.bar');
  await expect.poll(() => bars.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))))).toEqual(days.map((d) => d.time));
  const hours = Math.max(1, Math.ceil(Math.max(...days.map((d) => d.time)) / 3600));
  // One gridline per hour from 0 to the first whole hour above the busiest day.
  await expect(page.locator('g.tick')).toHaveCount(hours + 1);
  await expect(page.getByTestId('day-chart')).toContainText('1 h');
  await checkScreen(page, '86-diagnostic-time');

  const prev = new Date(Date.UTC(year, month - 2, 1));
  await page.getByTestId('month-picker').click();
  if (prev.getUTCFullYear() < year) await page.getByTestId('month-dialog').getByRole('button', { name: 'Previous year' }).click();
  await page.getByTestId('month-dialog').getByRole('button', { name: prev.toLocaleString('en', { month: 'long', timeZone: 'UTC' }), exact: true }).click();
  const before = await api<{ day: number; time: number }[]>(sim, `diagnostics/time/year/${prev.getUTCFullYear()}/month/${prev.getUTCMonth() + 1}`);
  await expect.poll(() => bars.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))))).toEqual(before.map((d) => d.time));
});

test('a failed load says so', async ({ page, sim, control }) => {
  await loginDemo(page, sim);
  await control('calls', { path: '/api/diagnostics/distance', mode: 'fail' });
  await openDiagnostic(page);
  await expect(page.getByRole('alert')).toHaveText('The data of this month could not be read. Choose the period again to retry.');
});

test('the battery cards follow the live battery state, and Manage on a warning opens the active alerts (issue 34)', async ({ page, sim, control }) => {
  await control('battery', { charges: [0.89, 0.5] });
  await loginDemo(page, sim);
  await openDiagnostic(page);
  await expect(page.getByTestId('battery-charge-0')).toHaveText('89%');
  await expect(page.getByTestId('alert-list')).toContainText('No active errors or warnings.');
  // The robot reports 5%: the card follows, its health labelled as the health's.
  await control('battery', { charges: [0.05, 0.5] });
  const low = page.getByTestId('alert-batteries');
  await expect(low).toBeVisible();
  await low.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('battery-charge-0')).toHaveText('5%');
  await expect(page.getByTestId('battery-health-label-0')).toHaveText(/^Battery health: (Optimal|Low|Critical) level$/);
  const list = page.getByTestId('alert-list');
  await expect(list.getByTestId('alert-row-battery_1_low')).toContainText('Warning');
  await expect(list.getByTestId('alert-row-battery_1_low')).toContainText('Main battery low');
  await expect(list.getByTestId('alert-row-battery_1_low')).toContainText(/since \d\d:\d\d/);

  // A warning raised elsewhere: its overlay's Manage opens the list that names it.
  await page.getByRole('button', { name: 'Back to missions' }).click();
  await expect(page).toHaveURL(/\/missions$/);
  await control('alerts', { activate: { warnings: ['lidar_dirty'] } });
  const warn = page.getByTestId('alert-warnings');
  await expect(warn).toBeVisible();
  await warn.getByRole('button', { name: 'Manage' }).click();
  await expect(page).toHaveURL(/\/diagnostic$/);
  await expect(list.getByTestId('alert-row-lidar_dirty')).toContainText('Robot alert "lidar_dirty"');
  await expect(list.getByTestId('alert-row-battery_1_low')).toBeVisible();
  await checkScreen(page, '85c-diagnostic-alerts');
});
