/**
 * The replay page on a log of several days, read by slices and never held: opened from a file and from an
 * address served with byte ranges, its first moment on screen before the rest is indexed, its moments equal to
 * `npm run replay -- FILE --json --at MS`; and a robot's own log (socket messages only) starting where the kiosk
 * starts. The speed figures are `npm run bench:replay-scale`'s.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, waitForShell } from './fixtures';
import { generateRobotLog } from '../../bench/replay/robotLog';
import { replayedView } from '../../core/log/replay';
import { parseLog } from '../../core/log/eventLog';
import type { State } from '../../core/state';
import { linkedMoment } from '../../bench/scale/linkedMoment';

const DAYS = 3;
const PER_DAY = 60_000;
const DAY0 = Date.UTC(2026, 10, 22);
const NAME = `e2e-days-${process.pid}.jsonl`;
const dir = mkdtempSync(join(tmpdir(), 'replay-scale-'));
const file = join(dir, NAME);
const served = join('dist', NAME);

let events = 0;
test.beforeAll(() => {
  const text = Array.from({ length: DAYS }, (_, day) => generateRobotLog(PER_DAY, 7 + day, { day, header: day === 0 }).join('\n') + '\n').join('');
  writeFileSync(file, text);
  writeFileSync(served, text);
  events = parseLog(text).events.length;
});
test.afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(served, { force: true });
});

/** What `npm run replay -- FILE --json --at MS` prints. */
const cli = (path: string, at: number) => JSON.parse(execFileSync('node', ['--import', 'tsx', 'scripts/replay.ts', path, '--json', '--at', String(at)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as unknown;

async function openReplay(page: Page, url: string) {
  await page.addInitScript(() => {
    (window as unknown as { __kioskBench: object }).__kioskBench = {};
  });
  await page.goto(url);
  await waitForShell(page);
}

/** The replayed state once the moment `at` is on show (the bench hook of src/bridge/useReplay.ts). */
async function stateAt(page: Page, at: number, seek = true): Promise<State> {
  if (seek) await page.evaluate((t) => (window as unknown as { __kioskBench: { replay: { seek(at: number): void } } }).__kioskBench.replay.seek(t), at);
  const read = () => page.evaluate(() => (window as unknown as { __kioskBench: { replay?: { state(): State | null } } }).__kioskBench.replay?.state() ?? null);
  await expect.poll(async () => (await read())?.clock.now, { timeout: 30_000 }).toBe(at);
  return (await read())!;
}

const measure = (page: Page, name: string) => page.evaluate((n) => performance.getEntriesByName(n)[0]?.duration ?? null, name);

test('a multi-day log from a file: the first moment before the rest is indexed, then moments equal to the CLI', async ({ page, sim }) => {
  await openReplay(page, `${sim.url}/replay`);
  await page.locator('input[type=file]').setInputFiles(file);
  await expect.poll(() => measure(page, 'replay:indexed'), { timeout: 60_000 }).not.toBeNull();
  // The first moment was on screen before the whole log was indexed (the open answers after its first events).
  expect(await measure(page, 'replay:opened')).toBeLessThan((await measure(page, 'replay:indexed'))!);
  await expect(page.getByText(`${NAME} · ${events} events`, { exact: false })).toBeVisible();
  // Markers of the later days came in the same pass; the lane names stand beside the strip, never under a marker.
  await expect(page.locator('.replay-lane-alert .replay-marker').first()).toBeAttached();
  const names = (await page.locator('.replay-lane-names').boundingBox())!;
  const strip = (await page.locator('.replay-strip').boundingBox())!;
  expect(names.x + names.width).toBeLessThanOrEqual(strip.x);
  for (const at of [DAY0 + 3_600_000, DAY0 + 2.5 * 86_400_000, DAY0 + 20_000_000]) {
    expect(replayedView(await stateAt(page, at))).toEqual(cli(file, at));
  }
});

test('a multi-day log from an address: read by byte ranges, opened at a linked moment', async ({ page, sim }) => {
  const ranges: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes(NAME) && r.status() === 206) ranges.push(r.request().headers().range ?? '');
  });
  const at = DAY0 + 1.7 * 86_400_000;
  await openReplay(page, `${sim.url}/replay?log=/${NAME}&at=${at}`);
  // The linked moment lies on the second day: shown once indexing has reached it.
  expect(replayedView(await stateAt(page, at, false))).toEqual(cli(file, at));
  expect(ranges.length).toBeGreaterThan(2);
  expect(ranges.every((r) => /^bytes=\d+-\d*$/.test(r))).toBe(true);
});

test('a linked moment the open has not indexed yet is on show within a second of indexing passing it', async ({ page, sim }) => {
  // Two thirds into the log, on a whole second (the replayed clock counts seconds).
  const at = DAY0 + 2 * 86_400_000 + 7 * 3_600_000;
  const timed = await linkedMoment(page, `${sim.url}/replay?log=/${NAME}&at=${at}`, at, 60_000);
  // On show before the rest of the log was indexed: the show waited neither for the whole index nor the search's sketch.
  expect(timed.firstMs).toBeLessThan(timed.shownMs);
  expect(timed.shownMs).toBeLessThan(timed.indexMs);
  expect(timed.afterReportMs).toBeLessThan(1_000);
  expect(timed.afterPassedMs).toBeLessThan(1_000);
  expect(replayedView(await stateAt(page, at, false))).toEqual(cli(file, at));
});

test("a robot's own log starts where the kiosk starts: the disclaimer, the clock at its first event", async ({ page, sim }) => {
  await openReplay(page, `${sim.url}/replay`);
  await page.locator('input[type=file]').setInputFiles('tests/fixtures/robot-only.jsonl');
  const screen = page.locator('.replay-screen');
  await expect(screen.getByText('Welcome to the Node pilot')).toBeVisible();
  await expect(screen).not.toContainText('Coming soon');
  await expect(screen.getByTestId('clock')).toHaveAttribute('datetime', new Date(1795339800000).toISOString());
  await expect(screen).not.toContainText('1970');
  const state = await stateAt(page, 1795339800000, false);
  expect(state.route.path).toBe('/disclaimer');
});
