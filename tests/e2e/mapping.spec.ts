/** Mapping by following a person, from /fux/start-mapping to /missions, adding a destination on the way. */
import { test, expect, waitForShell } from './fixtures';
import { checkScreen } from './helpers/screens';
import { tapKeys, advanceWorkerClock } from './helpers/kiosk';
import { waitForMap } from './helpers/mapView';
import { startMappingWalk } from './helpers/mappingStart';
import { logIn, setUpRobot } from './helpers/login';
import { authedFetch } from './helpers/session';

// The virtual person walks at simulated speed: ten times real time keeps the walk short.
test.use({ simOptions: { demo: false, speed: 10 }, hasTouch: true });

test('the whole mapping walk: follow, live map, pause, add a destination at the robot, end, missions', async ({ page, sim, settings, control }) => {
  test.setTimeout(120_000);
  await startMappingWalk(page, sim, settings);
  await expect(page.getByTestId('track-status')).toHaveText("I'm mapping...");
  await expect(page.getByText('To pause the mapping, come closer and tap the screen.')).toBeVisible();
  await waitForMap(page, 2);
  // Never locked while mapping, however long nobody touches the screen.
  await advanceWorkerClock(page, 901_000);
  await page.waitForTimeout(1_500);
  await expect(page.getByTestId('lock-screen')).toHaveCount(0);
  await checkScreen(page, '71-mapping-track');

  // The person vanishes: 'I lost you!'; back again: mapping.
  await control('follow', { found: false });
  await expect(page.getByTestId('track-status')).toHaveText('I lost you!', { timeout: 10_000 });
  await control('follow', { found: true });
  await expect(page.getByTestId('track-status')).toHaveText("I'm mapping...", { timeout: 10_000 });

  await page.getByTestId('map-view').click();
  const panel = page.getByTestId('track-panel');
  await expect(panel.getByRole('heading', { name: 'Mapping paused' })).toBeVisible();
  // The tap pauses following too (issue 18): the person (the operator) is no longer followed, the header says so.
  await expect(page.getByTestId('track-status')).toHaveText('Mapping paused');
  // Tapping no longer pauses: the hint says how to go on (issue 34).
  await expect(page.getByTestId('track-hint')).toHaveText('Mapping is paused: tap Resume to go on, or End to finish.');
  const simState = async () => (await (await authedFetch(sim, `${sim.url}/control/state`)).json()).data as { mapping: boolean; following: boolean | null };
  await expect.poll(simState).toMatchObject({ mapping: true, following: null });
  await checkScreen(page, '72-mapping-paused');
  await panel.getByRole('button', { name: 'Resume' }).click();
  await expect(panel).toHaveCount(0);
  await expect.poll(async () => (await simState()).following, { timeout: 10_000 }).toBe(true);
  await expect(page.getByTestId('track-status')).toHaveText("I'm mapping...", { timeout: 10_000 });
  await page.getByTestId('map-view').click();
  await panel.getByRole('button', { name: 'Add destination' }).click();
  await expect(page).toHaveURL(/\/mapping\/edit\?type=edit&location=/);
  const location = JSON.parse(new URL(page.url()).searchParams.get('location') ?? 'null') as { x: number; y: number };
  const editor = page.getByTestId('destination-editor');
  await expect(editor.getByRole('heading', { name: 'New destination' })).toBeVisible();
  await editor.getByRole('radio', { name: 'East', exact: true }).click();
  await editor.getByRole('button', { name: 'Continue' }).click();
  await page.getByTestId('destination-name').click();
  await tapKeys(page, 'Dock');
  await checkScreen(page, '73-mapping-edit');
  await editor.getByRole('button', { name: 'Add' }).click();
  await expect(editor).toHaveCount(0);
  const dock = sim.app.store.places.destinations().find((d) => d.name === 'Dock');
  expect(dock).toMatchObject({ x: location.x, y: location.y, orientation: 0 });
  // A reload after the save shows the map with the saved destination, not 'New destination' for its spot again.
  await expect(page).toHaveURL(/\/mapping\/edit\?type=edit$/);
  await page.reload();
  await expect(page).toHaveURL(/\/mapping\/edit\?type=edit$/, { timeout: 10_000 });
  await expect(page.getByRole('button', { name: 'Save and continue' })).toBeVisible();
  await expect(editor).toHaveCount(0);
  await expect(page.getByTestId(`pin-${dock!.id}`)).toContainText('Dock');

  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/mapping\/track$/);
  // The destination added while mapping is on the live map at once (issue 18).
  await expect(page.getByTestId(`pin-${dock!.id}`)).toContainText('Dock');
  // Save and continue carries the mapping on (issue 34): the robot follows again, and the screen never blames
  // the person for the pause the edit made.
  await expect.poll(async () => (await simState()).following, { timeout: 10_000 }).toBe(true);
  await expect(page.getByTestId('track-status')).toHaveText("I'm mapping...", { timeout: 10_000 });
  await page.getByTestId('map-view').click();
  await panel.getByRole('button', { name: 'End' }).click();
  await expect(panel.getByRole('heading', { name: 'End the mapping?' })).toBeVisible();
  await panel.getByRole('button', { name: 'Continue' }).click();
  await expect(panel.getByRole('heading', { name: 'Mapping paused' })).toBeVisible();
  await panel.getByRole('button', { name: 'End' }).click();
  await panel.getByRole('button', { name: 'End' }).click();
  await expect(page).toHaveURL(/\/mapping\/edit\?type=end$/);
  await expect(page.getByRole('button', { name: 'Save and continue' })).toHaveCount(0);
  await checkScreen(page, '74-mapping-end');
  await page.getByRole('button', { name: 'End mapping' }).click();
  await expect(page).toHaveURL(/\/missions$/);
  const state = (await (await authedFetch(sim, `${sim.url}/control/state`)).json()) as { data: { mapping: boolean; following: boolean | null } };
  expect(state.data).toMatchObject({ mapping: false, following: null });
  expect(sim.app.store.maps.count()).toBe(1);
});

test('/mapping/edit with another type shows no button, and a malformed location is ignored', async ({ page, sim }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The editor changes the robot: it needs the login, which then returns to it, query and all (issue 34).
  await setUpRobot(sim);
  await page.goto(`${sim.url}/mapping/edit?type=other&location=%7Bnot-json`);
  await waitForShell(page);
  await logIn(page, /\/mapping\/edit\?type=other&location=%7Bnot-json$/);
  await expect(page.getByRole('heading', { name: 'Edit the map' })).toBeVisible();
  await expect(page.getByTestId('destination-editor')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save and continue' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'End mapping' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('/mapping/wait: Exit and the picture ask, then stop mapping and follow-me and go to the missions', async ({ page, sim, settings }) => {
  // Logged in, as after start-mapping (the missions need a login), but reached through the browser's history
  // rather than Continue: the simulated person would be recognised, and the page left, before the checks.
  await settings({ language: 'en', country: 'IT', robot_name: 'Node', admin_name: 'Ada', accepted_terms_of_service: true, load_location_layout_left: 0, load_location_layout_right: 1, superadmin_pin: '135790' });
  await page.goto(`${sim.url}/login`);
  await waitForShell(page);
  await page.getByTestId('pin-input').pressSequentially('135790');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/fux\/start-mapping$/);
  await page.evaluate(() => {
    history.pushState(null, '', '/mapping/wait');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { name: 'Stand 2 meters away, do the "follow me" gesture, and start walking' })).toBeVisible();
  await checkScreen(page, '70-mapping-wait');
  // The robot maps (follow-me stays off here: its simulated person would be recognised, and the page left,
  // before the checks; the app's follow-me stop is watched on the wire instead).
  const post = (path: string) => authedFetch(sim, `${sim.url}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  expect((await post('mapping/start')).status).toBe(200);
  const stops: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/stop')) stops.push(new URL(r.url()).pathname);
  });
  const state = async () => (await (await authedFetch(sim, `${sim.url}/control/state`)).json()).data as { mapping: boolean; following: boolean | null };
  expect(await state()).toMatchObject({ mapping: true });

  await page.getByRole('button', { name: 'Exit' }).click();
  const dialog = page.getByTestId('mapping-exit-dialog');
  await expect(dialog.getByRole('heading', { name: 'Stop making the map?' })).toBeVisible();
  await checkScreen(page, '70b-mapping-wait-exit');
  // Keep mapping: nothing stops.
  await dialog.getByRole('button', { name: 'Keep mapping' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/mapping\/wait$/);
  expect(await state()).toMatchObject({ mapping: true });
  // The picture asks the same; stopping ends mapping and follow-me, then the missions show.
  await page.getByRole('button', { name: 'Back to the missions' }).click();
  await dialog.getByRole('button', { name: 'Stop mapping and exit' }).click();
  await expect(page).toHaveURL(/\/missions$/);
  expect(await state()).toMatchObject({ mapping: false, following: null });
  expect(stops).toEqual(['/api/mapping/stop', '/api/follow-me/stop']);
  // A robot not mapping any more: Exit still leaves (the 409s read as already stopped).
  await page.goBack();
  await expect(page).toHaveURL(/\/mapping\/wait$/);
  await page.getByRole('button', { name: 'Exit' }).click();
  await dialog.getByRole('button', { name: 'Stop mapping and exit' }).click();
  await expect(page).toHaveURL(/\/missions$/);
});
