/**
 * Issue 32 on the live kiosk and on /replay: a reload of the kiosk page is recorded as a reload (not a network
 * drop) and a fresh load as a start, and the replay timeline shows the operator's lane, named, beside the
 * others, every lane fitting the strip at 1920x1080.
 */
import type { Page } from '@playwright/test';
import { test, expect, waitForShell } from './fixtures';
import { setUpRobot } from './helpers/login';
import { checkScreen } from './helpers/screens';
import { parseLog } from '../../core/log/eventLog';
import { replay } from '../../core/log/replay';
import { describeChanges, type TimelineEntry } from '../../core/log/timeline';

const ownLog = async (page: Page) => parseLog((await page.evaluate(() => (window as unknown as { __kiosk: { exportLog(): Promise<string> } }).__kiosk.exportLog())) as string);

test('a reload of the kiosk page is recorded as a reload, a load as a start, and the timeline tells them from a drop', async ({ page, sim }) => {
  await setUpRobot(sim);
  await page.goto(`${sim.url}/disclaimer`);
  await waitForShell(page);
  // Connected before the reload, so the reload has connections to drop; the recorder writes a batch a second.
  await expect.poll(async () => (await ownLog(page)).events.some((e) => e.type === 'ws/opened')).toBe(true);
  await page.waitForTimeout(1_500);
  await page.reload();
  await waitForShell(page);
  await page.waitForTimeout(1_500);
  // Loading the address again (not a reload) is a start.
  await page.goto(`${sim.url}/disclaimer`);
  await waitForShell(page);
  const { events } = await ownLog(page);
  const starts = events.filter((e) => e.type === 'shell/started');
  expect(starts.map((e) => e.type === 'shell/started' && e.reason)).toEqual(['start', 'reload', 'start']);

  const timeline: TimelineEntry[] = [];
  replay(events, { onStep: (a, b, e) => timeline.push(...describeChanges(a, b, e)) });
  const reloadAt = starts[1]!.at;
  expect(timeline.filter((e) => e.text.startsWith('kiosk ')).map((e) => e.text)).toEqual(['kiosk started', 'kiosk reloaded', 'kiosk started']);
  const atReload = timeline.filter((e) => e.at === reloadAt);
  expect(atReload.filter((e) => e.kind === 'alert' || / disconnected$/.test(e.text))).toEqual([]);
  // The kiosk had connected before it: without the reason, the same log shows the drop it used to.
  const old = events.map((e) => (e.type === 'shell/started' ? { ...e, reason: undefined } : e));
  const oldTimeline: TimelineEntry[] = [];
  replay(old, { onStep: (a, b, e) => oldTimeline.push(...describeChanges(a, b, e)) });
  expect(oldTimeline.filter((e) => e.at === reloadAt).map((e) => e.text)).toContain('backend disconnected');
});

test("the timeline's operator lane stands first, named, and every lane fits the strip at 1920x1080", async ({ page, sim }) => {
  await page.goto(`${sim.url}/replay`);
  await waitForShell(page);
  await page.locator('input[type=file]').setInputFiles('tests/fixtures/replay-mission.jsonl');
  await expect(page.locator('.replay-lane-operator .replay-marker').first()).toBeAttached();
  const names = page.locator('.replay-lane-name');
  await expect(names).toHaveText(['Operator', 'Alert', 'Movement', 'Map', 'Route', 'Connection', 'Rejected']);
  const strip = (await page.locator('.replay-strip').boundingBox())!;
  const lanes = page.locator('.replay-lane');
  await expect(lanes).toHaveCount(7);
  for (let i = 0; i < 7; i++) {
    const lane = (await lanes.nth(i).boundingBox())!;
    const name = (await names.nth(i).boundingBox())!;
    // Inside the strip (no lane cut off by its rounded frame), and its name level with it.
    expect(lane.y).toBeGreaterThanOrEqual(strip.y);
    expect(lane.y + lane.height).toBeLessThanOrEqual(strip.y + strip.height);
    expect(Math.abs(name.y + name.height / 2 - (lane.y + lane.height / 2))).toBeLessThanOrEqual(2);
  }
  // The taller strip still leaves the playback row whole on the kiosk's screen (the page clips, never scrolls).
  const page_ = (await page.locator('.replay').boundingBox())!;
  const buttons = page.locator('.replay-playback .btn');
  expect(await buttons.count()).toBeGreaterThan(0);
  for (const box of await Promise.all((await buttons.all()).map((b) => b.boundingBox()))) {
    expect(box!.height).toBeGreaterThanOrEqual(64);
    expect(box!.y + box!.height).toBeLessThanOrEqual(Math.min(1080, page_.y + page_.height));
  }
  await checkScreen(page, '60-replay-lanes');
});
