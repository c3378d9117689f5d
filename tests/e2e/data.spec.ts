/** The mission data page against the simulator's database: tiles, rows, sorting, choosing, CSV, failures. */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, type SimFixture } from './fixtures';
import { checkScreen } from './helpers/screens';
import { loginDemo } from './helpers/kiosk';

// The simulator groups missions by UTC month; the kiosk shows its own zone's month. Make them the same.
test.use({ simOptions: { demo: true, speed: 1 }, timezoneId: 'UTC' });

type Ended = ReturnType<SimFixture['sim']['app']['store']['missions']['endedBetween']>;

/** The ended missions the simulator stored for a month (UTC, as the kiosk runs here), straight from its database. */
function storedMissions(sim: SimFixture['sim'], year: number, month: number): Ended {
  const from = new Date(Date.UTC(year, month - 1, 1)).toISOString();
  const to = new Date(Date.UTC(year, month, 1)).toISOString();
  return sim.app.store.missions.endedBetween(from, to);
}

function hoursText(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Parses the simple CSV the back end writes (no quoted fields in these files). */
function csvRows(text: string): string[][] {
  return text.trim().split(/\r?\n/).map((line) => line.split(','));
}

const monthName = (d: Date) => d.toLocaleString('en', { month: 'long', timeZone: 'UTC' });

/**
 * Shows a month with at least three ended missions and returns them from the database: the current month, or,
 * early in a month (the demo holds the last 30 days), the month before.
 */
async function showMonthWithRows(page: Page, sim: SimFixture['sim']): Promise<Ended> {
  const today = new Date();
  const current = storedMissions(sim, today.getUTCFullYear(), today.getUTCMonth() + 1);
  if (current.length >= 3) return current;
  const shown = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  await page.getByTestId('month-picker').click();
  if (shown.getUTCFullYear() !== today.getUTCFullYear()) await page.getByRole('button', { name: 'Previous year' }).click();
  await page.getByTestId('month-dialog').getByRole('button', { name: monthName(shown), exact: true }).click();
  await expect(page.getByTestId('month-picker')).toHaveText(`${monthName(shown)} ${shown.getUTCFullYear()}`);
  const stored = storedMissions(sim, shown.getUTCFullYear(), shown.getUTCMonth() + 1);
  expect(stored.length).toBeGreaterThan(2);
  return stored;
}

async function openMissionData(page: Page): Promise<void> {
  await page.getByTestId('menu-handle').click();
  await page.getByTestId('side-menu').getByRole('link', { name: 'Missions Data' }).click();
  await expect(page).toHaveURL(/\/mission-data$/);
  await expect(page.getByRole('heading', { name: 'Mission Data' })).toBeVisible();
}

async function downloadCsv(page: Page): Promise<string[][]> {
  const modal = page.getByTestId('export-modal');
  await expect(modal.getByRole('heading', { name: 'Your file is ready to download' })).toBeVisible();
  await expect(modal).toContainText('CSV file generated at /api/files/');
  const [download] = await Promise.all([page.waitForEvent('download'), modal.getByTestId('download-link').click()]);
  const rows = csvRows(readFileSync((await download.path())!, 'utf8'));
  await modal.getByRole('button', { name: 'Ok' }).click();
  await expect(modal).toBeHidden();
  return rows;
}

test('tiles and rows equal the simulator database; sorting, choosing and CSV export work', async ({ page, sim }) => {
  const today = new Date();
  await loginDemo(page, sim);
  await openMissionData(page);
  await expect(page.getByTestId('month-picker')).toHaveText(`${monthName(today)} ${today.getUTCFullYear()}`);
  const stored = await showMonthWithRows(page, sim);

  const completed = stored.reduce((n, m) => n + m.steps.reduce((k, s) => k + s.activities.filter((a) => a.status === 'completed').length, 0), 0);
  const metres = stored.reduce((n, m) => n + m.distance, 0);
  const seconds = stored.reduce((n, m) => n + (Date.parse(m.ended_at) - Date.parse(m.started_at)) / 1000, 0);
  await expect(page.getByTestId('tile-completed')).toContainText(String(completed));
  // Numbers as the page's language writes them (English: a grouping comma, one decimal).
  await expect(page.getByTestId('tile-metres')).toContainText(`${new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(metres)} m`);
  await expect(page.getByTestId('tile-hours')).toContainText(hoursText(seconds));
  const rows = page.getByTestId('mission-row');
  await expect(rows).toHaveCount(stored.length);
  await checkScreen(page, '80-mission-data');

  // Sorting by distance, then reversed.
  const byDistance = [...stored].sort((a, b) => a.distance - b.distance || Date.parse(a.started_at) - Date.parse(b.started_at) || a.id - b.id).map((m) => String(m.id));
  await page.getByTestId('sort-distance').click();
  await expect.poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).toEqual(byDistance);
  await page.getByTestId('sort-distance').click();
  // Reversed: largest first; equal distances (the demo repeats routes) keep their start order.
  const byDistanceDown = [...stored].sort((a, b) => b.distance - a.distance || Date.parse(a.started_at) - Date.parse(b.started_at) || a.id - b.id).map((m) => String(m.id));
  await expect.poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).toEqual(byDistanceDown);

  // Two rows chosen: the count says so and the CSV holds exactly them.
  // The box shows the core's state, which comes back a frame later: tap, then expect it ticked.
  await rows.nth(0).getByRole('checkbox').click();
  await expect(rows.nth(0).getByRole('checkbox')).toBeChecked();
  await rows.nth(2).getByRole('checkbox').click();
  await expect(rows.nth(2).getByRole('checkbox')).toBeChecked();
  await expect(page.getByTestId('selection-count')).toHaveText('2 missions chosen');
  const chosen = [await rows.nth(0).getAttribute('data-id'), await rows.nth(2).getAttribute('data-id')].map(Number).sort((a, b) => a - b);
  await page.getByTestId('export-csv').click();
  await checkScreen(page, '81-mission-csv');
  const picked = await downloadCsv(page);
  expect(picked[0]).toEqual(['id', 'definition_id', 'started_at', 'ended_at', 'status', 'distance_m', 'destinations', 'activities_completed', 'activities_total']);
  expect(picked.slice(1).map((r) => Number(r[0]))).toEqual(chosen);

  // None chosen: the whole month.
  await page.getByTestId('select-all').click();
  await expect(page.getByTestId('selection-count')).toHaveText(`${stored.length} missions chosen`);
  await page.getByTestId('select-all').click();
  await expect(page.getByTestId('selection-count')).toHaveText('No mission chosen: the export takes the whole month.');
  await page.getByTestId('export-csv').click();
  const whole = await downloadCsv(page);
  expect(whole.slice(1).map((r) => Number(r[0])).sort((a, b) => a - b)).toEqual(stored.map((m) => m.id).sort((a, b) => a - b));
  const distanceOf = new Map(stored.map((m) => [m.id, m.distance]));
  for (const r of whole.slice(1)) expect(Number(r[5])).toBeCloseTo(distanceOf.get(Number(r[0]))!);
});

test('the month picker shows an earlier month, whose tiles match the database', async ({ page, sim }) => {
  const now = new Date();
  const prev = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const stored = storedMissions(sim, prev.getUTCFullYear(), prev.getUTCMonth() + 1);
  await loginDemo(page, sim);
  await openMissionData(page);
  await page.getByTestId('month-picker').click();
  const dialog = page.getByTestId('month-dialog');
  if (prev.getUTCFullYear() !== now.getUTCFullYear()) await dialog.getByRole('button', { name: 'Previous year' }).click();
  await checkScreen(page, '82-month-picker');
  await dialog.getByRole('button', { name: prev.toLocaleString('en', { month: 'long', timeZone: 'UTC' }), exact: true }).click();
  await expect(page.getByTestId('mission-row')).toHaveCount(stored.length);
  await expect(page.getByTestId('tile-metres')).toContainText(`${stored.reduce((n, m) => n + m.distance, 0).toFixed(1)} m`);
});

test('a slow answer shows progress and a failed one says so; Try again loads the month', async ({ page, sim, control }) => {
  await loginDemo(page, sim);
  await control('calls', { path: '/api/ended_missions/year', mode: 'stall' });
  await openMissionData(page);
  await expect(page.getByTestId('busy')).toBeVisible();
  await control('calls', { path: '/api/ended_missions/year', mode: 'ok' });
  await expect(page.getByTestId('busy')).toBeHidden();
  await showMonthWithRows(page, sim);
  await expect(page.getByTestId('mission-row').first()).toBeVisible();

  await control('calls', { path: '/api/ended_missions/year', mode: 'fail' });
  await page.getByRole('button', { name: 'Back to missions', exact: true }).click();
  await expect(page).toHaveURL(/\/missions$/);
  await openMissionData(page);
  await expect(page.getByText('The missions of this month could not be read.')).toBeVisible();
  await checkScreen(page, '83-mission-data-failed');
  await control('calls', { path: '/api/ended_missions/year', mode: 'ok' });
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('tile-completed')).not.toHaveText(/–/);
});

test('a failed CSV export says so', async ({ page, sim, control }) => {
  await loginDemo(page, sim);
  await openMissionData(page);
  await showMonthWithRows(page, sim);
  await expect(page.getByTestId('mission-row').first()).toBeVisible();
  await control('calls', { path: '/api/ended_missions/csv', mode: 'fail' });
  await page.getByTestId('export-csv').click();
  await expect(page.getByTestId('export-failed')).toContainText('The file could not be made');
});
