/**
 * The replay debugger on a fixture log with a mission, an alert and a two-minute idle gap: opening (picker,
 * drop, link, own log), the timeline's markers, the event list, playback, Copy link, and the exports.
 */
import { readFileSync } from 'node:fs';
import { decode } from 'fast-png';
import type { Locator, Page } from '@playwright/test';
import { test, expect, waitForShell } from './fixtures';
import { checkScreen } from './helpers/screens';
import { logIn, setUpRobot } from './helpers/login';
import { serialiseLog } from '../../core/log/eventLog';
import { bootedMap, mapImage, RecordingHarness } from '../core/mapHelpers';

const FIXTURE = 'tests/fixtures/replay-mission.jsonl';
const T = Date.UTC(2026, 10, 22, 9, 30, 0);
const moment = (at: number) => new Date(at).toISOString().replace('T', ' ').replace('Z', '');

async function openReplay(page: Page, url: string) {
  await page.goto(url);
  await waitForShell(page);
  await expect(page.getByRole('heading', { name: 'Replay an event log' })).toBeVisible();
}

const shown = (page: Page) => page.getByTestId('replay-moment');

test('opens a picked log: markers of every kind, the events near the cursor, the replayed screen', async ({ page, sim }) => {
  await openReplay(page, `${sim.url}/replay`);
  await expect(page.getByText('Open a recorded event log to see what the screen showed at each moment.')).toBeVisible();
  await page.locator('input[type=file]').setInputFiles(FIXTURE);
  await expect(page.getByText('replay-mission.jsonl · 29 events, 0 unreadable lines')).toBeVisible();
  await expect(shown(page)).toHaveText(moment(T));
  for (const kind of ['alert', 'movement', 'route', 'connection', 'rejected']) {
    await expect(page.locator(`.replay-lane-${kind} .replay-marker`).first()).toBeAttached();
  }
  const events = page.getByRole('list', { name: 'Events' });
  await expect(events.getByRole('button').first()).toContainText('shell/started');
  await expect(page.getByText('29 events in the log, the one at the cursor marked')).toBeVisible();
  await checkScreen(page, '60-replay');
  // A touch on an event jumps there, the replayed screen following (its clock included), and opens it whole.
  await events.getByRole('button', { name: /ui\/disclaimerAccepted/ }).click();
  await expect(shown(page)).toHaveText(moment(T + 3_000));
  await expect(page.getByTestId('replay-payload')).toContainText('"type": "ui/disclaimerAccepted"');
  await page.getByRole('button', { name: 'Back to the events' }).click();
  await expect(events.getByRole('button', { name: /ui\/disclaimerAccepted/ })).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('.replay-screen')).toBeVisible();
  // Zooming narrows the timeline around the cursor; 'Whole span' shows all of it again.
  const slider = page.getByRole('slider', { name: 'Moment in the log' });
  const span = async () => Number(await slider.getAttribute('aria-valuemax')) - Number(await slider.getAttribute('aria-valuemin'));
  const whole = await span();
  expect(whole).toBe(201_000);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(span).toBe(whole / 4);
  await page.getByRole('button', { name: 'Whole span' }).click();
  await expect.poll(span).toBe(whole);
});

test('the event list scrolls through the whole log; a row opens the payload its line cuts', async ({ page, sim }) => {
  await openReplay(page, `${sim.url}/replay`);
  await page.locator('input[type=file]').setInputFiles(FIXTURE);
  await expect(shown(page)).toHaveText(moment(T));
  const events = page.getByRole('list', { name: 'Events' });
  // Only the rows in view and a margin are drawn; scrolled to the end, the log's last events are.
  await expect(events.getByRole('button', { name: /robot\/disconnected/ })).toHaveCount(0);
  await page.getByTestId('replay-events-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(events.getByRole('button', { name: /robot\/disconnected/ })).toBeVisible();
  const alert = events.getByRole('button', { name: /robot\/alert_update \{"activated_errors":\["motor_overcurrent"\]/ });
  // The row's line is cut before the end of its payload...
  const summary = alert.locator('.replay-event-summary');
  expect(await summary.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await alert.click();
  await expect(shown(page)).toHaveText(moment(T + 60_000));
  // ...and the event opened whole shows all of it.
  await expect(page.getByTestId('replay-payload')).toContainText('"resolved_warnings": []');
  await expect(page.getByRole('region', { name: `ws/message at ${moment(T + 60_000)}` })).toBeVisible();
  await checkScreen(page, '65-replay-payload');
  await page.getByRole('button', { name: 'Back to the events' }).click();
  // Back at the list, the row at the cursor (the one touched; the alert's end also names the code) is in view
  // and marked.
  await expect(alert).toHaveAttribute('aria-current', 'true');
  await expect(alert).toBeInViewport();
});

/** Taps a button `times` times in one task of the page, before any answer from the worker can come. */
async function tapInOneGo(page: Page, name: string, times: number) {
  await page.getByRole('button', { name }).evaluate((button, n) => {
    for (let i = 0; i < n; i++) (button as HTMLButtonElement).click();
  }, times);
}

test('steps through events and markers, plays at 20x skipping the idle gap, copies a link', async ({ page, sim, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openReplay(page, `${sim.url}/replay`);
  await page.locator('input[type=file]').setInputFiles(FIXTURE);
  await expect(shown(page)).toHaveText(moment(T));
  await page.getByRole('button', { name: 'Next event' }).click();
  await expect(shown(page)).toHaveText(moment(T + 40));
  await page.getByRole('button', { name: 'Previous event' }).click();
  await expect(shown(page)).toHaveText(moment(T));
  // Each of three quick taps counts, though each looks its event up in the log's text: +40, +50, +60 ms.
  await tapInOneGo(page, 'Next event', 3);
  await expect(shown(page)).toHaveText(moment(T + 60));
  await tapInOneGo(page, 'Previous event', 3);
  await expect(shown(page)).toHaveText(moment(T));
  // Markers: the route to the disclaimer at once, then the connection changes of the start. Taps quicker than the
  // worker answers count each: three in one go step three markers on (+60 ms, +70 ms, +3 s), two step two back.
  await tapInOneGo(page, 'Next marker', 3);
  await expect(shown(page)).toHaveText(moment(T + 3_000));
  await tapInOneGo(page, 'Previous marker', 2);
  await expect(shown(page)).toHaveText(moment(T + 60));
  // Marker to marker (+70 ms, +3 s, +15 s, +21 s, +30 s, +52 s, +56 s), then the alert on (+60 s) and off (+70 s).
  for (let i = 0; i < 8; i++) await page.getByRole('button', { name: 'Next marker' }).click();
  await expect(shown(page)).toHaveText(moment(T + 60_000));
  // The replayed screen is the kiosk's at that moment, its clock included (the log's zone is UTC+1).
  await expect(page.locator('.replay-screen')).toContainText('10:31:00');
  await checkScreen(page, '61-replay-mission');
  await page.getByRole('button', { name: 'Next marker' }).click();
  await expect(shown(page)).toHaveText(moment(T + 70_000));
  await page.getByRole('button', { name: 'Previous marker' }).click();
  await expect(shown(page)).toHaveText(moment(T + 60_000));
  // Past the rejected frame (+72 s) nothing happens for two minutes: at 20x that would take six seconds.
  await page.getByRole('button', { name: 'Next marker' }).click();
  await page.getByRole('button', { name: 'Next marker' }).click();
  await expect(shown(page)).toHaveText(moment(T + 72_000));
  await page.getByLabel('Speed').selectOption('20');
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(async () => {
    const text = (await shown(page).textContent()) ?? '';
    expect(Date.parse(`${text.replace(' ', 'T')}Z`)).toBeGreaterThanOrEqual(T + 192_000);
  }).toPass({ timeout: 2_500 });
  await page.getByRole('button', { name: 'Pause' }).click();
  // A picked file has no address a link could name: the page says so, and copies nothing (such a link used to
  // open an empty page).
  await page.evaluate(() => navigator.clipboard.writeText('before'));
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.locator('.replay-copied')).toHaveText(
    `This log was opened from a file, which a link cannot open. Share the file, and the moment: ${await shown(page).textContent()}`,
  );
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('before');
});

/** Whether two elements' boxes overlap on screen. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [p, q] = [await a.boundingBox(), await b.boundingBox()];
  if (!p || !q) throw new Error('an element is not on screen');
  return p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
}

test("Copy link of a log opened from an address names the log; the note covers no control", async ({ page, sim, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.route('**/logs/mission.jsonl', (route) => route.fulfill({ body: readFileSync(FIXTURE, 'utf8'), contentType: 'application/x-ndjson' }));
  await openReplay(page, `${sim.url}/replay?log=/logs/mission.jsonl&at=${T + 61_000}`);
  await expect(shown(page)).toHaveText(moment(T + 61_000));
  await page.getByRole('button', { name: 'Copy link' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`${sim.url}/replay?log=%2Flogs%2Fmission.jsonl&at=${T + 61_000}`);
  const note = page.getByText(`Link copied: ${copied}`);
  await expect(note).toBeVisible();
  // No control of the page lies under it: the top row's, the side panels' and the playback bar's alike.
  const controls = page.locator('.replay-top button, .replay-side button, .replay-side input, .replay-playback button, .replay-playback select, .replay-playback input, [role="slider"]');
  expect(await controls.count()).toBeGreaterThan(10);
  for (const control of await controls.all()) {
    if (await control.isVisible()) expect(await overlap(note, control), await control.evaluate((e) => e.outerHTML.slice(0, 80))).toBe(false);
  }
  await checkScreen(page, '64-replay-link');
  // The link opens the same log at the same moment.
  await page.goto(copied);
  await expect(shown(page)).toHaveText(moment(T + 61_000));
  await expect(page.getByText('mission.jsonl · 29 events, 0 unreadable lines')).toBeVisible();
});

test('a link opens its log at its moment; the log can be dropped; clips and MCAP export', async ({ page, sim }) => {
  await page.route('**/logs/mission.jsonl', (route) => route.fulfill({ body: readFileSync(FIXTURE, 'utf8'), contentType: 'application/x-ndjson' }));
  await openReplay(page, `${sim.url}/replay?log=/logs/mission.jsonl&at=${T + 61_000}`);
  await expect(shown(page)).toHaveText(moment(T + 61_000));
  await expect(page.getByText('mission.jsonl · 29 events, 0 unreadable lines')).toBeVisible();

  await page.getByRole('button', { name: 'Clip starts here' }).click();
  await page.getByRole('button', { name: 'Next marker' }).click();
  // 'Here' is the moment on screen: a person sees the marker's before marking it.
  await expect(shown(page)).toHaveText(moment(T + 70_000));
  await page.getByRole('button', { name: 'Clip ends here' }).click();
  const [clip] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export clip' }).click()]);
  const clipText = readFileSync((await clip.path())!, 'utf8');
  const header = JSON.parse(clipText.split('\n')[0]!) as { clip: { from: number; to: number }; snapshot: { clock: { now: number } } };
  expect(header.clip).toEqual({ from: T + 61_000, to: T + 70_000 });
  expect(header.snapshot.clock.now).toBe(T + 61_000);
  const [mcap] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export MCAP' }).click()]);
  expect(readFileSync((await mcap.path())!).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x4d, 0x43, 0x41, 0x50, 0x30, 0x0d, 0x0a]));

  // Dropping a file opens it.
  const text = readFileSync(FIXTURE, 'utf8');
  const transfer = await page.evaluateHandle((content) => {
    const dt = new DataTransfer();
    dt.items.add(new File([content], 'dropped.jsonl'));
    return dt;
  }, text);
  await page.getByTestId('replay-drop').dispatchEvent('drop', { dataTransfer: transfer });
  await expect(page.getByText('dropped.jsonl · 29 events, 0 unreadable lines')).toBeVisible();

  // The MCAP the page exported (of the marked range: a clip, its snapshot in the metadata) opens again at the
  // clip's start, with the one event of its range; a file that is neither gets a clear line.
  await page.locator('input[type=file]').setInputFiles({ name: 'day.mcap', mimeType: 'application/octet-stream', buffer: readFileSync((await mcap.path())!) });
  await expect(page.getByText('day.mcap · 1 event, 0 unreadable lines')).toBeVisible();
  await expect(shown(page)).toHaveText(moment(T + 61_000));
  await page.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello\n') });
  await expect(page.getByRole('alert')).toHaveText('This log could not be opened: not a kiosk event log: no line of it is an event');
});

test("opens the kiosk's own log, which persists across a reload (IndexedDB), after the login", async ({ page, sim }) => {
  await setUpRobot(sim);
  await page.goto(`${sim.url}/disclaimer`);
  await waitForShell(page);
  // The recorder writes a batch a second.
  await page.waitForTimeout(1_500);
  await page.reload();
  await waitForShell(page);
  const log = (await page.evaluate(() => (window as unknown as { __kiosk: { exportLog(): Promise<string> } }).__kiosk.exportLog())) as string;
  const lines = log.trim().split('\n').map((l) => JSON.parse(l) as { type?: string; format?: string });
  expect(lines[0]).toMatchObject({ format: 'kiosk-event-log', persisted: true });
  expect(lines.filter((l) => l.type === 'shell/started')).toHaveLength(2);

  await page.goto(`${sim.url}/replay`);
  await waitForShell(page);
  // It holds staff names and messages: the login comes first, then the log opens (issue 34).
  await page.getByRole('button', { name: "Open the kiosk's own log" }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await logIn(page, /\/replay\?log=own$/);
  await expect(page.getByText(/^kiosk · \d+ events, 0 unreadable lines$/)).toBeVisible();
});

test('the replayed movement screen counts down the departure second by second', async ({ page, sim }) => {
  await page.route('**/logs/mission.jsonl', (route) => route.fulfill({ body: readFileSync(FIXTURE, 'utf8'), contentType: 'application/x-ndjson' }));
  // movement/ready (5 s) at +20 s departs after the 1 s dispatch delay: the countdown starts at 0'05" at +21 s.
  await openReplay(page, `${sim.url}/replay?log=/logs/mission.jsonl&at=${T + 20_500}`);
  const screen = page.locator('.replay-screen');
  await expect(shown(page)).toHaveText(moment(T + 20_500));
  await expect(screen.getByTestId('countdown')).toHaveCount(0);
  // The dispatch and the countdown are timers, not events: a moment between events shows the second the kiosk
  // showed then.
  const slider = page.getByRole('slider', { name: 'Moment in the log' });
  for (const [dt, left] of [[21_000, 5], [23_000, 3], [25_999, 1], [22_000, 4]] as const) {
    await page.goto(`${sim.url}/replay?log=/logs/mission.jsonl&at=${T + dt}`);
    await expect(shown(page)).toHaveText(moment(T + dt));
    await expect(screen.getByText('Departure in')).toBeVisible();
    await expect(screen.getByTestId('countdown')).toHaveText(`0'0${left}"`);
  }
  await expect(slider).toBeVisible();
  await checkScreen(page, '62-replay-departing');
  // Seeking in the page: once moving (+30 s) the countdown is gone; back before the dispatch (+20 s), too.
  await page.getByRole('button', { name: 'Next event' }).click();
  await expect(shown(page)).toHaveText(moment(T + 30_000));
  await expect(screen.getByTestId('countdown')).toHaveCount(0);
  await expect(screen).toContainText('On my way');
  await page.getByRole('button', { name: 'Previous event' }).click();
  await expect(shown(page)).toHaveText(moment(T + 20_000));
  await expect(screen.getByTestId('countdown')).toHaveCount(0);
});

/** The share of a PNG's pixels that are near black. */
function darkShare(png: Buffer): number {
  const { data, width, height, channels } = decode(png);
  let dark = 0;
  for (let i = 0; i < width * height; i++) if (data[i * channels]! < 40 && data[i * channels + 1]! < 40 && data[i * channels + 2]! < 40) dark++;
  return dark / (width * height);
}

/** A kiosk's log on /map: a map update (walls round a free room), then a tap on a wall and one in the room. */
function mapLog(): { text: string; wallAt: number; roomAt: number } {
  const h = new RecordingHarness();
  bootedMap('/map', h);
  h.now += 1_000;
  const image = mapImage(160, 120, (px, py) => (px < 8 || py < 8 || px >= 152 || py >= 112 || (px >= 60 && px < 70 && py < 80) ? 0 : 254));
  h.ws('mapping/mapUpdate', { image, origin: { x: -4, y: -3 }, resolution: 0.05, robot: { x: 0, y: 0, orientation: 0 } });
  h.now += 2_000;
  const wallAt = h.now;
  h.send({ type: 'ui/mapPressed', px: 64.5, py: 40.5 });
  h.now += 2_000;
  const roomAt = h.now;
  h.send({ type: 'ui/mapPressed', px: 100.5, py: 60.5 });
  h.now += 2_000;
  h.send({ type: 'tick' });
  return { text: serialiseLog({ app: 'robot-kiosk' }, h.log), wallAt, roomAt };
}

test('the replayed map screen: a tap on a wall does nothing, one in the room opens the destination editor', async ({ page, sim }) => {
  const log = mapLog();
  await page.route('**/logs/map.jsonl', (route) => route.fulfill({ body: log.text, contentType: 'application/x-ndjson' }));
  await openReplay(page, `${sim.url}/replay?log=/logs/map.jsonl&at=${log.wallAt}`);
  const screen = page.locator('.replay-screen');
  await expect(shown(page)).toHaveText(moment(log.wallAt));
  await expect(screen.getByTestId('map-view')).toBeVisible();
  // The map's picture came from the replay worker (the kiosk's worker is not asked: it is not replaying).
  await expect(screen.getByTestId('map-view')).not.toHaveAttribute('data-map-version', '0');
  // And it is drawn: the replay worker puts it on the replayed view's own canvas (the walls show black).
  await expect.poll(async () => darkShare(await screen.getByTestId('map-view').screenshot())).toBeGreaterThan(0.02);
  await expect(screen.getByTestId('destination-editor')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next event' }).click();
  await expect(shown(page)).toHaveText(moment(log.roomAt));
  await expect(screen.getByTestId('destination-editor')).toBeVisible();
  // The map lane marks the map's versions.
  await expect(page.locator('.replay-lane-map .replay-marker').first()).toBeAttached();
  await checkScreen(page, '63-replay-map');
  await page.getByRole('button', { name: 'Previous event' }).click();
  await expect(screen.getByTestId('destination-editor')).toHaveCount(0);
});
