/**
 * The longest names the back end accepts (destination, recipient, mission: 100 characters; load item: 200),
 * with no spaces, in Latin, a right-to-left script and emoji, on the map, missions, wizard, movement and
 * mission data screens: no container wider inside than it shows, every name on screen, and a cut name shows
 * whole on a tap.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import type { Simulator } from '../../backend/server';
import { iso } from '../../backend/types';
import { checkScreen } from './helpers/screens';
import { loginDemo, tapKeys } from './helpers/kiosk';
import { waitForMap } from './helpers/mapView';
import { expectMovement } from './helpers/missions';
import { expectNamesInside, expectWhole, fill, isCut, ITEM_MAX, NAME_MAX, SCRIPTS, type Script } from './helpers/names';
import { authedFetch } from './helpers/session';

test.use({ simOptions: { demo: true, speed: 20 }, hasTouch: true });

interface LongWorld {
  /** Lab renamed: ends in 'qq' (two units, so that no emoji is cut in half), which no other demo destination holds, so a search finds it in any script. */
  first: { id: number; name: string };
  /** Reception renamed: ends in 'zz', likewise. */
  second: { id: number; name: string };
  recipient: { id: number; name: string };
  mission: string;
  item: string;
}

async function call(sim: Simulator, method: string, path: string, body: unknown): Promise<{ id: number }> {
  const res = await authedFetch(sim, `${sim.url}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { id: number } }).data;
}

/** The demo robot with two destinations, a recipient and a mission named as long as the back end allows. */
async function longWorld(sim: Simulator, s: Script): Promise<LongWorld> {
  const byName = (n: string) => sim.app.store.places.destinations().find((d) => d.name === n)!.id;
  const first = { id: byName('Lab'), name: `${fill(s.unit, NAME_MAX - 2)}qq` };
  const second = { id: byName('Reception'), name: `${fill(s.unit, NAME_MAX - 2)}zz` };
  // Through the API, so the back end's own limits are the ones tried.
  await call(sim, 'PATCH', `/api/destination/${first.id}`, { name: first.name });
  await call(sim, 'PATCH', `/api/destination/${second.id}`, { name: second.name });
  const recipientName = fill(s.unit, NAME_MAX);
  const recipient = { id: (await call(sim, 'POST', '/api/recipient', { name: recipientName, destination_id: first.id })).id, name: recipientName };
  const mission = `${fill(s.unit, NAME_MAX - 2)}42`;
  const item = fill(s.unit, ITEM_MAX);
  // A definition in the list, not queued (as the demo's own are), and an ended one for the data table.
  const at = iso(Date.now() - 60_000);
  const def = sim.app.store.missions.createAndQueue({ name: mission, steps: pathSteps(first.id, second.id, recipient.id, item) }, at, false);
  sim.app.store.missions.insertEnded({
    definition_id: def.id,
    started_at: at,
    ended_at: iso(Date.now() - 30_000),
    status: 'completed',
    distance: 12.5,
    steps: [first.id, second.id].map((d) => ({ destination_id: d, activities: [{ activity_id: 1, performed_at: at, status: 'completed' }] })),
  });
  return { first, second, recipient, mission, item };
}

/** Two steps: a delivery of the long item with a message to the long recipient, then anyone at the second. */
function pathSteps(first: number, second: number, recipient: number, item: string) {
  const activity = (recipients: number[], left: string[][], message: string) => ({
    idx: 0,
    activity_id: 1,
    recipients,
    message,
    message_read_required: false,
    load_location_left: left,
    load_location_right: [[], [], []],
  });
  return [
    { destination_id: first, activities: [activity([recipient], [[item], []], 'Please sign')] },
    { destination_id: second, activities: [activity([1], [[], ['box']], '')] },
  ];
}

async function openFromMenu(page: Page, link: string, url: RegExp): Promise<void> {
  await page.getByTestId('menu-handle').click();
  await page.getByTestId('side-menu').getByRole('link', { name: link }).click();
  await expect(page).toHaveURL(url);
}

// A render loop or a crash blanks the page; it must not pass as 'nothing overflows'.
let pageErrors: string[] = [];
test.beforeEach(({ page }) => {
  pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
});
test.afterEach(() => expect(pageErrors).toEqual([]));

for (const s of SCRIPTS) {
  test.describe(`${s.id} names`, () => {
    test('/map: the list, search, pins, the editor and its recipients', async ({ page, sim }) => {
      const w = await longWorld(sim, s);
      const cuts: boolean[] = [];
      await loginDemo(page, sim);
      await openFromMenu(page, 'Map Management', /\/map$/);
      await waitForMap(page);
      const list = page.getByTestId('destination-list');
      await expect(list).toContainText(w.first.name);
      expect(await expectNamesInside(page)).toBeGreaterThanOrEqual(2);
      // A pin's label is one short line, its whole name a tap away in the editor it opens.
      const pin = page.getByTestId(`pin-${w.first.id}`).locator('.name-text');
      await expect(pin).toHaveText(w.first.name);
      expect((await pin.boundingBox())!.width).toBeLessThanOrEqual(344);
      await checkScreen(page, `90-names-${s.id}-map`);

      await page.getByTestId('destination-search').click();
      await tapKeys(page, 'q');
      const results = page.getByTestId('search-results');
      await expect(results.getByRole('button')).toHaveText([w.first.name]);
      await expectNamesInside(page);
      await checkScreen(page, `91-names-${s.id}-map-search`);

      await page.getByTestId('keyboard').getByRole('button', { name: 'Done' }).click();
      await results.getByRole('button').click();
      const editor = page.getByTestId('destination-editor');
      await expect(editor.getByRole('heading', { level: 2 }).first()).toContainText(w.first.name);
      await expect(editor.locator('.recipient-list')).toContainText(w.recipient.name);
      await expectNamesInside(page);
      await checkScreen(page, `92-names-${s.id}-map-editor`);
      cuts.push(await expectWhole(page, '#editor-title', w.first.name));
      cuts.push(await expectWhole(page, '.recipient-list', w.recipient.name));

      await editor.getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByTestId('delete-dialog');
      await expect(dialog).toContainText(w.first.name);
      await expectNamesInside(page);
      await checkScreen(page, `93-names-${s.id}-map-delete`);
      cuts.push(await expectWhole(page, '[data-testid="delete-dialog"] h2', w.first.name));
      // A cut name with no button fails expectWhole in every script; the longest names must be cut somewhere here
      // (emoji too: `npm test` installs Noto Color Emoji, as a kiosk has, so they draw at their real width).
      expect(cuts, 'some name was cut and shown whole on a tap').toContain(true);
    });

    test('/node-lost: the read-only pins keep their labels short and inside the map', async ({ page, sim, control }) => {
      const w = await longWorld(sim, s);
      await loginDemo(page, sim);
      await control('alerts', { activate: { errors: ['node_lost'] } });
      await page.getByRole('alertdialog').getByRole('button', { name: 'Manage' }).click();
      await expect(page).toHaveURL(/\/node-lost$/);
      await waitForMap(page);
      const label = page.getByTestId(`pin-${w.first.id}`).locator('.name-text');
      await expect(label).toHaveText(w.first.name);
      expect((await label.boundingBox())!.width).toBeLessThanOrEqual(344);
      await expectNamesInside(page);
      await checkScreen(page, `108-names-${s.id}-node-lost`);
    });

    test('/missions and the quick wizard: rows, search, choice cards, breadcrumb, load editor', async ({ page, sim }) => {
      const w = await longWorld(sim, s);
      const cuts: boolean[] = [];
      await loginDemo(page, sim);
      const row = page.locator('.mission-row', { hasText: w.mission });
      await expect(row).toBeVisible();
      await expectNamesInside(page);
      await checkScreen(page, `94-names-${s.id}-missions`);
      cuts.push(await expectWhole(page, `[data-testid="${await row.getAttribute('data-testid')}"] .mission-summary`, w.mission));

      await page.getByTestId('mission-search').click();
      await tapKeys(page, 'q');
      await expect(row).toBeVisible();
      await expectNamesInside(page);
      await checkScreen(page, `95-names-${s.id}-missions-search`);
      await page.getByTestId('keyboard').getByRole('button', { name: 'Delete' }).click();
      await page.getByTestId('keyboard').getByRole('button', { name: 'Done' }).click();

      await page.getByTestId('new-mission').click();
      await page.getByRole('menuitem', { name: 'Quick Mission' }).click();
      const destinations = page.getByRole('group', { name: 'Destination' });
      await expect(destinations).toContainText(w.first.name);
      await expectNamesInside(page);
      // A choice card is a button: it has the lines for the whole name.
      expect(await isCut(page, `[data-testid="choice-${w.first.id}"]`)).toBe(false);
      await checkScreen(page, `96-names-${s.id}-quick-destination`);
      await page.getByTestId(`choice-${w.first.id}`).click();
      await page.getByRole('group', { name: 'Activity' }).getByRole('button', { name: 'Delivery' }).click();
      const card = page.getByTestId(`choice-${w.recipient.id}`);
      await expect(card).toHaveText(w.recipient.name);
      expect(await isCut(page, `[data-testid="choice-${w.recipient.id}"]`)).toBe(false);
      await expect(page.getByTestId('crumb-destination')).toContainText(w.first.name.slice(0, 8));
      await expectNamesInside(page);
      await checkScreen(page, `97-names-${s.id}-quick-who`);
      await card.click();

      // The load editor: the on-screen keyboard types Latin only, so a typed item is Latin in every run, and
      // the text field takes at most 40 characters (the longest items, from the API, are on /movement).
      const shelf = page.getByTestId('shelf-left-1');
      await shelf.getByRole('button', { name: 'Add an object' }).click();
      const typed = fill('parcelforward', 40);
      await tapKeys(page, typed);
      await shelf.getByRole('button', { name: 'Save' }).click();
      await expect(shelf.locator('.shelf-item')).toHaveText(typed);
      await expect(page.getByTestId('crumb-who')).toContainText(w.recipient.name.slice(0, 8));
      await expectNamesInside(page);
      await checkScreen(page, `98-names-${s.id}-quick-load`);
      // The breadcrumb's steps are buttons: a tap opens the step, whose chosen card shows the whole name.
      await page.getByTestId('crumb-destination').click();
      expect(await isCut(page, `[data-testid="choice-${w.first.id}"]`)).toBe(false);
      await expect(page.getByTestId(`choice-${w.first.id}`)).toHaveAttribute('aria-pressed', 'true');
    });

    test('the path wizard: search, step list, activity cards, not configured, overview', async ({ page, sim }) => {
      const w = await longWorld(sim, s);
      const cuts: boolean[] = [];
      await loginDemo(page, sim);
      await page.getByTestId('new-mission').click();
      await page.getByRole('menuitem', { name: 'Path' }).click();
      await page.getByTestId('destination-search').click();
      await tapKeys(page, 'q');
      await expect(page.locator('.search-result')).toHaveText([w.first.name]);
      await expectNamesInside(page);
      await checkScreen(page, `99-names-${s.id}-path-search`);
      await page.locator('.search-result').click();
      await page.getByTestId('destination-search').click();
      await tapKeys(page, 'z');
      await page.locator('.search-result').click();
      await expect(page.getByTestId('step-2')).toContainText(w.second.name);
      await expectNamesInside(page);
      await checkScreen(page, `100-names-${s.id}-path-steps`);

      await page.getByTestId('save-continue').click();
      await expect(page.locator('#path-activities-title')).toContainText(w.first.name);
      const card = page.getByTestId('activity-0');
      await card.getByRole('group', { name: 'Activity' }).getByRole('button', { name: 'Delivery' }).click();
      await expect(card.getByRole('group', { name: 'Recipients' })).toContainText(w.recipient.name);
      await expectNamesInside(page);
      await checkScreen(page, `101-names-${s.id}-path-activities`);
      cuts.push(await expectWhole(page, '#path-activities-title', w.first.name));

      await page.getByTestId('go-overview').click();
      const dialog = page.getByTestId('not-configured');
      await expect(dialog).toContainText(w.first.name);
      await expectNamesInside(page);
      await checkScreen(page, `102-names-${s.id}-path-not-configured`);
      // Whether these are cut depends on the script's width: probed per script.
      cuts.push(await expectWhole(page, '[data-testid="not-configured"] .dialog-body', `${w.first.name}, ${w.second.name}`));
      if (s.id !== 'rtl') expect(cuts, 'some name was cut and shown whole on a tap').toContain(true);
    });

    test.describe('at a speed that leaves the departure on screen', () => {
      test.use({ simOptions: { demo: true, speed: 3 } });

      test('/movement: info, stop dialog, arrival texts and the objects; /mission-data', async ({ page, sim }) => {
        test.setTimeout(120_000);
        const w = await longWorld(sim, s);
        const cuts: boolean[] = [];
        await loginDemo(page, sim);
        const def = await call(sim, 'POST', '/api/mission/definition/path', { name: w.mission, steps: pathSteps(w.first.id, w.second.id, w.recipient.id, w.item).map(stripIdx) });
        await expect(page).toHaveURL(new RegExp(`/movement/${def.id}$`), { timeout: 15_000 });
        await expectMovement(page, 'departing');
        // The robot nearly stands still until the departure is tapped: on a loaded machine the checks took longer
        // than the countdown.
        sim.app.clock.setSpeed(0.05);
        const info = page.getByTestId('movement-info');
        await expect(info).toContainText(w.mission);
        await expect(info).toContainText(w.first.name);
        await expect(info).toContainText(w.recipient.name);
        await expectNamesInside(page);
        await page.getByTestId('movement-tap').click();
        await page.getByTestId('pause-dialog').getByRole('button', { name: 'Stop the mission' }).click();
        const stop = page.getByTestId('stop-dialog');
        await expect(stop).toContainText(w.mission);
        await expectNamesInside(page);
        await checkScreen(page, `103-names-${s.id}-movement-stop`);
        cuts.push(await expectWhole(page, '[data-testid="stop-dialog"] h2', w.mission));
        await stop.getByRole('button', { name: 'Cancel' }).click();
        await page.getByTestId('pause-dialog').getByRole('button', { name: 'Resume the mission' }).click();
        // The drive itself is not looked at: fast until the arrival, slow again for the next step's screens.
        sim.app.clock.setSpeed(20);

        await expectMovement(page, 'inActivity', 60_000);
        sim.app.clock.setSpeed(3);
        // The departure made the whole page one button; now the names in the panel take the tap.
        cuts.push(await expectWhole(page, '[data-testid="movement-info"]', w.mission));
        await expect(page.locator('.movement-activity .movement-big')).toContainText(w.recipient.name);
        await expectNamesInside(page);
        await checkScreen(page, `104-names-${s.id}-movement-activity`);
        await page.getByRole('button', { name: 'Manage delivery' }).click();
        await page.getByRole('button', { name: 'I read the message' }).click();
        const objects = page.locator('.objects');
        await expect(objects).toContainText(w.item);
        // Inside the checkbox's label: lines enough for the whole item.
        expect(await isCut(page, '.objects')).toBe(false);
        await expectNamesInside(page);
        await checkScreen(page, `105-names-${s.id}-movement-objects`);
        await page.getByTestId('select-all').check();
        await page.getByTestId('objects-done').click();
        await expect(page.locator('.movement-big', { hasText: 'My next destination' })).toContainText(w.second.name);
        await expectNamesInside(page);
        await checkScreen(page, `106-names-${s.id}-movement-waiting`);
        sim.app.clock.setSpeed(20);

        await expectMovement(page, 'inActivity', 60_000);
        await page.getByRole('button', { name: 'Manage delivery' }).click();
        await page.getByTestId('select-all').check();
        await page.getByTestId('objects-done').click();
        await expect(page).toHaveURL(/\/missions$/, { timeout: 15_000 });

        await openFromMenu(page, 'Missions Data', /\/mission-data$/);
        const cell = page.locator('.col-destinations', { hasText: w.first.name }).first();
        await expect(cell).toBeVisible();
        await expectNamesInside(page);
        await checkScreen(page, `107-names-${s.id}-mission-data`);
        cuts.push(await expectWhole(page, `.col-destinations:has-text("${w.first.name.slice(0, 10)}")`, `${w.first.name}, ${w.second.name}`));
        expect(cuts, 'some name was cut and shown whole on a tap').toContain(true);
      });
    });
  });
}

/** The API's definitions carry no `idx` (the store numbers the activities itself). */
function stripIdx(step: ReturnType<typeof pathSteps>[number]) {
  return { ...step, activities: step.activities.map(({ idx: _idx, ...a }) => a) };
}
