/**
 * Problem reports end to end against the simulator: "Report a problem" from the side menu (logged in), the clip
 * the back end keeps (the note, the moment, no PIN, no session id), the report opened on /replay at its moment
 * with its flag; and a report made while the back end cannot take it, kept on the kiosk and sent later.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { loginDemo, tapKeys } from './helpers/kiosk';

test.use({ simOptions: { demo: true, speed: 1 } });

const PIN = '123456';

/** Opens the side menu's "Report a problem" and types `note` on the on-screen keyboard. */
async function writeReport(page: Page, note: string) {
  await page.getByTestId('menu-handle').click();
  await page.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem' });
  await expect(dialog.getByLabel('What happened?')).toBeFocused();
  const keyboard = page.getByTestId('keyboard');
  await expect(keyboard).toBeVisible();
  await tapKeys(page, note);
  await expect(dialog.getByLabel('What happened?')).toHaveValue(note);
  // Nothing of the dialog lies under the keys.
  const box = (await dialog.boundingBox())!;
  const keys = (await keyboard.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(keys.y);
  return dialog;
}

/** Goes to /replay inside the app (no page load), as a link in the kiosk would. */
async function goInApp(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The back end's reports, asked with the page's own cookies (its session). */
async function listed(page: Page, base: string): Promise<{ id: number; at: string; note: string; bytes: number }[]> {
  const res = await page.request.get(`${base}/api/reports`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { id: number; at: string; note: string; bytes: number }[] }).data;
}

test('a report from the side menu reaches the back end, then opens on /replay at its moment', async ({ page, sim, context }) => {
  await loginDemo(page, sim);
  const before = Date.now();
  const dialog = await writeReport(page, 'Robot stopped');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Report sent');

  const [report] = await listed(page, sim.url);
  expect(report).toMatchObject({ note: 'Robot stopped' });
  expect(Date.parse(report!.at)).toBeGreaterThanOrEqual(before);
  const res = await page.request.get(`${sim.url}/api/reports/${report!.id}/log`);
  expect(res.headers()['content-type']).toBe('application/x-ndjson');
  const text = await res.text();
  expect(report!.bytes).toBe(Buffer.byteLength(text));
  const header = JSON.parse(text.slice(0, text.indexOf('\n'))) as { format: string; clip: { from: number; to: number }; report: { note: string; at: string } };
  expect(header).toMatchObject({ format: 'kiosk-event-log', report: { note: 'Robot stopped', at: report!.at } });
  expect(header.clip.to).toBe(Date.parse(report!.at));
  // The clip holds the login (the PIN was typed in this very log's span), yet neither the PIN nor any cookie.
  expect(text).toContain('"ui/pinSubmitted"');
  expect(text).not.toContain(`"${PIN}"`);
  for (const cookie of await context.cookies()) expect(text).not.toContain(cookie.value);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await goInApp(page, '/replay');
  const list = page.getByRole('list', { name: 'Reports' });
  const row = list.getByRole('listitem').filter({ hasText: 'Robot stopped' });
  await expect(row).toContainText(new Date(Date.parse(report!.at)).toISOString().replace('T', ' ').replace('Z', ''));
  await expect(row).toContainText(/\d+ kB/);
  await expect(row.getByRole('link', { name: 'Download' })).toHaveAttribute('href', `/api/reports/${report!.id}/log`);
  const download = page.waitForEvent('download');
  await row.getByRole('link', { name: 'Download' }).click();
  expect(await (await download).suggestedFilename()).toBe(`report-${report!.id}.jsonl`);

  await row.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByTestId('replay-moment')).toHaveText(new Date(Date.parse(report!.at)).toISOString().replace('T', ' ').replace('Z', ''));
  await expect(page.getByTestId('replay-report-marker')).toHaveText('Report: Robot stopped');
  // The State panel over this real session, logged in by PIN: neither the PIN nor a cookie, on screen or copied.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('tab', { name: 'State' }).click();
  await page.getByRole('button', { name: 'Expand all' }).click();
  const tree = page.getByRole('list', { name: 'State' });
  await expect(tree.locator('li[data-path="login"]')).toHaveText('logintrue');
  await page.getByRole('button', { name: 'Copy as JSON' }).click();
  await expect(page.getByText('State copied as JSON')).toBeVisible();
  const state = await page.evaluate(() => navigator.clipboard.readText());
  expect(JSON.parse(state)).toMatchObject({ login: true });
  // Quoted, as a string value shows in both (a bare 123456 could be part of a timestamp).
  for (const shown of [state, (await tree.textContent()) ?? '']) {
    expect(shown).not.toContain(`"${PIN}"`);
    for (const cookie of await context.cookies()) expect(shown).not.toContain(cookie.value);
  }
  await page.getByRole('tab', { name: 'Events' }).click();
  // The list folds away over an open log, and comes back with its button.
  await expect(list).toHaveCount(0);
  await page.getByRole('button', { name: 'Show reports (1)' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
});

test('a report the back end cannot take is kept on the kiosk, says so, and is sent later', async ({ page, sim, control }) => {
  await loginDemo(page, sim);
  // A back end without the call, as an older robot's answers it.
  await control('calls', { path: '/api/reports', mode: 'fail', status: 404 });
  const dialog = await writeReport(page, 'Lift door');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('status')).toHaveText('The robot cannot take the report now. It is kept on this kiosk and will be sent when it can.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await control('calls', { path: '/api/reports', mode: 'ok' });
  expect(await listed(page, sim.url)).toEqual([]);
  // Tried again every 10 s while it waits.
  await expect.poll(async () => (await listed(page, sim.url)).map((r) => r.note), { timeout: 25_000 }).toEqual(['Lift door']);
});
