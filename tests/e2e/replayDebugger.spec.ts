/**
 * The replay debugger's side panels against the real replay worker, on the fixture log of a mission, an alert and
 * an idle gap (issue 32): 'Search events' with its chips, 'State' (tree, filter, 'Copy as JSON' equal to what
 * `npm run replay -- FILE --json --at MS` prints), 'This event changed', 'Mark A' / 'Mark B' and 'Changes from
 * A to B' in either order; the same in Italian; each panel photographed, axe-clean and with 64 px targets.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { test, expect, waitForShell } from './fixtures';
import { checkScreen } from './helpers/screens';
import { tapKeys } from './helpers/kiosk';

const FIXTURE = 'tests/fixtures/replay-mission.jsonl';
const T = Date.UTC(2026, 10, 22, 9, 30, 0);
const moment = (at: number) => new Date(at).toISOString().replace('T', ' ').replace('Z', '');
const shown = (page: Page) => page.getByTestId('replay-moment');

/** Opens the fixture from an address (as a shared link does) at `at`. */
async function openLog(page: Page, url: string, at: number) {
  await page.route('**/logs/mission.jsonl', (route) => route.fulfill({ body: readFileSync(FIXTURE, 'utf8'), contentType: 'application/x-ndjson' }));
  await page.goto(`${url}/replay?log=/logs/mission.jsonl&at=${at}`);
  await waitForShell(page);
  await expect(shown(page)).toHaveText(moment(at));
}

/** What the command line prints for the fixture at `at`: the state the State panel must copy. */
function cliState(at: number): unknown {
  const out = execFileSync('npm', ['run', '-s', 'replay', '--', FIXTURE, '--json', '--at', String(at)], { encoding: 'utf8' });
  return JSON.parse(out);
}

/** Each row of a table as the text of its cells. */
async function tableRows(table: Locator): Promise<string[][]> {
  return table.locator('tr').evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent ?? '')));
}

/** Every key's path in a JSON value (`movement.state`, `batteries.0`). */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => [`${prefix}${k}`, ...keyPaths(v, `${prefix}${k}.`)]);
}

/** The five tabs fit the side column on one row: none is cut, none is scrolled out of sight. */
async function expectTabsFit(page: Page) {
  const tabs = page.getByRole('tablist');
  const fits = await tabs.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return { scrolls: el.scrollWidth > el.clientWidth, out: [...el.children].filter((c) => c.getBoundingClientRect().right > box.right + 0.5).length };
  });
  expect(fits).toEqual({ scrolls: false, out: 0 });
  await expect(tabs.getByRole('tab')).toHaveCount(5);
}

test('Search events: matches with their time and summary, the count, chips by kind; a match moves the player', async ({ page, sim }) => {
  await openLog(page, sim.url, T);
  await expectTabsFit(page);
  await page.getByRole('tab', { name: 'Search' }).click();
  await expect(page.getByRole('tab', { name: 'Search' })).toHaveAttribute('aria-selected', 'true');
  // Typed on the kiosk's own keyboard, whatever the case: the alert's code is in two frames, raised and cleared.
  // The field has its name, inside a named search landmark (issue 42).
  const search = page.getByRole('search', { name: 'Search the log' });
  await search.getByRole('textbox', { name: 'Search events' }).click();
  // A code with its underscore, as a robot names it: the keyboard has the key (issue 42).
  await tapKeys(page, 'motor_OverCurrent');
  await expect(search.getByRole('textbox')).toHaveValue('motor_OverCurrent');
  await page.getByTestId('keyboard').getByRole('button', { name: 'Done' }).click();
  const found = page.getByRole('list', { name: 'Found events' });
  await expect(page.getByText('2 found', { exact: true })).toBeVisible();
  const matches = found.getByRole('button');
  await expect(matches).toHaveText([
    /^09:31:00\.000\s*ws\/message\s*robot\/alert_update \{"activated_errors":\["motor_overcurrent"\]/,
    /^09:31:10\.000\s*ws\/message\s*robot\/alert_update \{"activated_errors":\[\],"activated_warnings":\[\],"resolved_errors":\["motor_overcurrent"\]/,
  ]);
  await checkScreen(page, '66-replay-search');
  // A tap on the alert's end moves the player there: the moment shown and the replayed screen (its clock, UTC+1).
  await matches.nth(1).click();
  await expect(shown(page)).toHaveText(moment(T + 70_000));
  await expect(page.locator('.replay-screen')).toContainText('10:31:10');
  await expect(page.getByRole('slider', { name: 'Moment in the log' })).toHaveAttribute('aria-valuenow', String(T + 70_000));

  // 'robot' is in robot frames, in two answers (the settings' robot_name) and in the unreadable frame's text.
  const field = page.getByLabel('Search events');
  await field.fill('robot');
  await expect(page.getByText('20 found', { exact: true })).toBeVisible();
  const chip = (name: string) => page.getByRole('group', { name: 'Kinds of event' }).getByRole('button', { name });
  await chip('Calls and answers').click();
  await expect(chip('Calls and answers')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('2 found', { exact: true })).toBeVisible();
  await expect(matches).toHaveText([/^09:30:00\.050\s*http\/response/, /^09:30:03\.060\s*http\/response/]);
  await chip('Rejected input').click();
  await expect(page.getByText('3 found', { exact: true })).toBeVisible();
  await expect(matches.nth(2)).toHaveText(/^09:31:12\.000\s*ws\/message\s*unreadable frame/);
  await chip('Calls and answers').click();
  await expect(page.getByText('1 found', { exact: true })).toBeVisible();
  // A chip alone lists every event of its kind: the one operator action.
  await field.fill('');
  await chip('Rejected input').click();
  await chip('Operator actions').click();
  await expect(page.getByText('1 found', { exact: true })).toBeVisible();
  await expect(matches).toHaveText([/^09:30:03\.000\s*ui\/disclaimerAccepted/]);
  await matches.first().click();
  await expect(shown(page)).toHaveText(moment(T + 3_000));
});

test("Search events: the Timers chip lists a log's timer ticks, and a tap moves the player to one", async ({ page, sim }) => {
  // The fixture's first lines (the start, the answers, the robot connected), then two ticks around a frame.
  const head = readFileSync(FIXTURE, 'utf8').split('\n').slice(0, 6);
  const battery = { event: 'robot/battery_state', data: { batteries: [{ charge: 0.8, health: 0.97 }] } };
  const log = [...head, JSON.stringify({ at: T + 5_000, type: 'tick' }), JSON.stringify({ at: T + 9_000, type: 'ws/message', message: battery }), JSON.stringify({ at: T + 20_000, type: 'tick' })].join('\n') + '\n';
  await page.route('**/logs/ticks.jsonl', (route) => route.fulfill({ body: log, contentType: 'application/x-ndjson' }));
  await page.goto(`${sim.url}/replay?log=/logs/ticks.jsonl&at=${T}`);
  await waitForShell(page);
  await expect(shown(page)).toHaveText(moment(T));
  await page.getByRole('tab', { name: 'Search' }).click();
  await page.getByRole('group', { name: 'Kinds of event' }).getByRole('button', { name: 'Timers' }).click();
  await expect(page.getByText('2 found', { exact: true })).toBeVisible();
  const matches = page.getByRole('list', { name: 'Found events' }).getByRole('button');
  await expect(matches).toHaveText([/^09:30:05\.000\s*tick/, /^09:30:20\.000\s*tick/]);
  await matches.nth(1).click();
  await expect(shown(page)).toHaveText(moment(T + 20_000));
});

test('State: the tree slice by slice, expand and collapse, the filter; Copy as JSON is what the command line prints', async ({ page, sim, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const at = T + 52_000;
  await openLog(page, sim.url, at);
  await page.getByRole('tab', { name: 'State' }).click();
  const tree = page.getByRole('list', { name: 'State' });
  // The slices as top rows: plain ones with their value, the others closed.
  await expect(tree.locator('li[data-path="route"]')).toHaveText('route"/movement/3"');
  const movement = tree.getByRole('button', { name: /^▸?\s*movement/ });
  await expect(movement).toHaveAttribute('aria-expanded', 'false');
  await expect(tree.locator('li[data-path="movement.state"]')).toHaveCount(0);
  await movement.click();
  await expect(movement).toHaveAttribute('aria-expanded', 'true');
  await expect(tree.locator('li[data-path="movement.state"]')).toHaveText('state"arriving"');
  await page.getByRole('button', { name: 'Collapse all' }).click();
  await expect(tree.locator('li[data-path="movement.state"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Expand all' }).click();
  await expect(tree.locator('li[data-path="connection.robot"]')).toHaveText('robottrue');
  await expect(tree.locator('li[data-path="batteries.1"]')).toHaveText('10.62');
  await checkScreen(page, '67-replay-state');
  // The filter by value: the rows holding it and the rows above them, nothing else.
  await page.getByLabel('Filter by path or value').fill('ARRIVING');
  await expect(tree.locator('li')).toHaveCount(2);
  expect(await tree.locator('li').evaluateAll((lis) => lis.map((li) => (li as HTMLElement).dataset.path))).toEqual(['movement', 'movement.state']);
  // ...and by path.
  await page.getByLabel('Filter by path or value').fill('connection.back');
  expect(await tree.locator('li').evaluateAll((lis) => lis.map((li) => (li as HTMLElement).dataset.path))).toEqual(['connection', 'connection.backend']);
  await page.getByLabel('Filter by path or value').fill('nowhere');
  await expect(page.getByText('Nothing matches the filter.')).toBeVisible();
  // Copy as JSON: the whole state at the moment shown, equal to the command line's at the same moment.
  await page.evaluate(() => navigator.clipboard.writeText('before'));
  await page.getByRole('button', { name: 'Copy as JSON' }).click();
  await expect(page.getByText('State copied as JSON')).toBeVisible();
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as unknown;
  expect(copied).toEqual(cliState(at));
  expect(copied).toMatchObject({ route: '/movement/3', movement: { state: 'arriving', missionId: 3 } });
  // No secret in it: no key names a PIN, a token, a password or a session (camelCase words: `stepIndex` is not
  // a PIN), though the log's settings answer says the kiosk has a superadmin PIN.
  expect(keyPaths(copied).filter((k) => /(^|\.)(pin|token|password|secret|session)|Pin|Token|Password|Secret|Session/.test(k))).toEqual([]);
  expect(keyPaths(copied)).toContain('movement.failReason');
});

test('This event changed: the paths with before and after, and the effects', async ({ page, sim }) => {
  await openLog(page, sim.url, T + 52_500);
  await page.getByRole('tab', { name: 'This event changed' }).click();
  // The event at or before the cursor: the robot arriving at +52 s.
  await expect(page.getByRole('heading', { name: `${moment(T + 52_000)} ws/message` })).toBeVisible();
  await expect(page.getByText('movement/arriving {"mission_definition_id":3,"step_index":0}')).toBeVisible();
  const paths = page.getByRole('table', { name: 'Paths it changed' });
  expect(await tableRows(paths)).toEqual([
    ['Path', 'Before', 'After'],
    ['movement.state', '"moving"', '"arriving"'],
  ]);
  const effects = page.getByRole('list', { name: 'Effects' });
  await expect(effects.getByRole('listitem')).toHaveText([/^Call\s*#\d+ GET \/healthz$/, /^Timer\s*health due /, /^Timer\s*clock due /]);
  await checkScreen(page, '68-replay-changed');
  // The panel follows the cursor: the next event is the arrival's end.
  await page.getByRole('button', { name: 'Next event' }).click();
  await expect(shown(page)).toHaveText(moment(T + 56_000));
  await expect(page.getByRole('heading', { name: `${moment(T + 56_000)} ws/message` })).toBeVisible();
  await expect.poll(() => tableRows(paths)).toEqual([
    ['Path', 'Before', 'After'],
    ['movement.state', '"arriving"', '"inActivity"'],
  ]);
});

test('Mark A, seek, Mark B: Changes from A to B by slice, mirrored when the marks swap', async ({ page, sim }) => {
  await openLog(page, sim.url, T + 52_000);
  await page.getByRole('tab', { name: 'Changes from A to B' }).click();
  await expect(page.getByText('Mark A and B at two moments to compare them.')).toBeVisible();
  await page.getByRole('button', { name: 'Mark A' }).click();
  await expect(page.getByTestId('replay-mark-a')).toHaveText(`A: ${moment(T + 52_000)}`);
  // To the alert: +56 s (arrival done), then +60 s.
  await page.getByRole('button', { name: 'Next marker' }).click();
  await page.getByRole('button', { name: 'Next marker' }).click();
  await expect(shown(page)).toHaveText(moment(T + 60_000));
  await page.getByRole('button', { name: 'Mark B' }).click();
  await expect(page.getByTestId('replay-mark-b')).toHaveText(`B: ${moment(T + 60_000)}`);
  const alert = page.getByRole('table', { name: 'Changes in alert' });
  await expect.poll(() => tableRows(alert)).toEqual([
    ['Path', 'At A', 'At B'],
    ['alert.type', 'null', '"errors"'],
    ['alert.active', 'false', 'true'],
  ]);
  const movement = page.getByRole('table', { name: 'Changes in movement' });
  expect((await tableRows(movement)).find((r) => r[0] === 'movement.state')).toEqual(['movement.state', '"arriving"', '"inActivity"']);
  // Grouped by slice, each its heading.
  await expect(page.getByRole('heading', { name: 'alert', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'movement', exact: true })).toBeVisible();
  await checkScreen(page, '69-replay-compare');
  // The other order: A now at the alert, B back before it; every value changes sides.
  await page.getByRole('button', { name: 'Mark A' }).click();
  await page.getByRole('button', { name: 'Previous marker' }).click();
  await page.getByRole('button', { name: 'Previous marker' }).click();
  await expect(shown(page)).toHaveText(moment(T + 52_000));
  await page.getByRole('button', { name: 'Mark B' }).click();
  await expect(page.getByTestId('replay-mark-a')).toHaveText(`A: ${moment(T + 60_000)}`);
  await expect(page.getByTestId('replay-mark-b')).toHaveText(`B: ${moment(T + 52_000)}`);
  await expect.poll(() => tableRows(alert)).toEqual([
    ['Path', 'At A', 'At B'],
    ['alert.type', '"errors"', 'null'],
    ['alert.active', 'true', 'false'],
  ]);
  expect((await tableRows(movement)).find((r) => r[0] === 'movement.state')).toEqual(['movement.state', '"inActivity"', '"arriving"']);
});

test.describe('in Italian', () => {
  test('the panels speak Italian, fit their tabs and pass axe', async ({ page, sim, settings }) => {
    await settings({ language: 'it' });
    await openLog(page, sim.url, T + 52_000);
    await expect(page.getByRole('heading', { name: 'Riproduci un registro eventi' })).toBeVisible();
    await expectTabsFit(page);
    await expect(page.getByRole('tab')).toHaveText(['Eventi', 'Cerca', 'Stato', "Cosa ha cambiato l'evento", 'Modifiche da A a B']);
    // Italian's playback bar takes two lines: the second (the moment, Copy link) is on screen, not cut off below
    // (the reports' invitation, logged out, is one button on the open row rather than a row of its own).
    await expect(shown(page)).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'Copia link' })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('link', { name: 'Accedi per le segnalazioni' })).toBeVisible();
    await page.getByRole('tab', { name: 'Cerca' }).click();
    await page.getByLabel('Cerca eventi').fill('overcurrent');
    await expect(page.getByRole('list', { name: 'Eventi trovati' }).getByRole('button')).toHaveCount(2);
    await expect(page.getByText('Trovati: 2', { exact: true })).toBeVisible();
    const chips = page.getByRole('group', { name: 'Tipi di evento' }).getByRole('button');
    await expect(chips).toHaveText(['Messaggi del robot', "Azioni dell'operatore", 'Chiamate e risposte', 'Timer', 'Input rifiutati']);
    await checkScreen(page, '70-replay-it-search');
    await page.getByRole('list', { name: 'Eventi trovati' }).getByRole('button').first().click();
    await expect(shown(page)).toHaveText(moment(T + 60_000));

    await page.getByRole('tab', { name: 'Stato' }).click();
    await expect(page.getByRole('list', { name: 'Stato' })).toBeVisible();
    for (const name of ['Espandi tutto', 'Comprimi tutto', 'Copia come JSON']) await expect(page.getByRole('button', { name })).toBeVisible();
    await expect(page.getByLabel('Filtra per percorso o valore')).toBeVisible();
    await checkScreen(page, '71-replay-it-state');

    await page.getByRole('tab', { name: "Cosa ha cambiato l'evento" }).click();
    const paths = page.getByRole('table', { name: 'Percorsi cambiati' });
    await expect(paths).toBeVisible();
    expect((await tableRows(paths))[0]).toEqual(['Percorso', 'Prima', 'Dopo']);
    await expect(page.getByRole('list', { name: 'Effetti' })).toBeVisible();
    await checkScreen(page, '72-replay-it-changed');

    await page.getByRole('tab', { name: 'Modifiche da A a B' }).click();
    await page.getByRole('button', { name: 'Segna A' }).click();
    await page.getByRole('button', { name: 'Segnale precedente' }).click();
    await page.getByRole('button', { name: 'Segna B' }).click();
    await expect(page.getByRole('table', { name: 'Modifiche in alert' })).toBeVisible();
    expect((await tableRows(page.getByRole('table', { name: 'Modifiche in alert' })))[0]).toEqual(['Percorso', 'In A', 'In B']);
    await checkScreen(page, '73-replay-it-compare');
  });
});
