/**
 * Missions against the simulator: the list, the quick and path wizards, and both missions run to the end
 * through every arrival task (the simulator drives, the test taps); then the recorded log replays in Node to
 * the same movement states.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from './fixtures';
import { checkScreen } from './helpers/screens';
import { loginDemo, tapKeys } from './helpers/kiosk';
import { expectMovement, exportLog, isSubsequence, lastEnded, movementStates, setUpRobot, watchMovementStates } from './helpers/missions';
import { parseLog } from '../../core/log/eventLog';
import { replay } from '../../core/log/replay';
import { describeChanges } from '../../core/log/timeline';

// Fast enough to drive across the floor in seconds, slow enough that every countdown (5 simulated seconds)
// outlasts the app's 1 s departure dispatch.
test.use({ simOptions: { demo: false, speed: 3 } });

test('a quick mission and a two-step path mission, created in the wizards and run through every arrival task', async ({ page, sim }) => {
  test.setTimeout(150_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await setUpRobot(sim);
  const app = sim.app;
  const reception = app.store.places.createDestination({ name: 'Reception', x: 7.8, y: 2.5, orientation: 0, resolution: 0.05 }, new Date().toISOString());
  const lab = app.store.places.createDestination({ name: 'Lab', x: 15.8, y: 2.2, orientation: 0, resolution: 0.05 }, new Date().toISOString());
  app.store.places.createRecipient('Giulia Rossi', reception.id, new Date().toISOString());
  app.store.places.createRecipient('Sara Ferri', lab.id, new Date().toISOString());

  await loginDemo(page, sim);
  await expect(page.getByRole('heading', { name: "I'm ready for new missions!" })).toBeVisible();
  await expect(page.getByTestId('mission-search')).toBeDisabled();
  await watchMovementStates(page);

  // Quick mission: Reception, delivery to Giulia, a box on the left, a message to confirm.
  await page.getByTestId('new-mission').click();
  await page.getByRole('menuitem', { name: 'Quick Mission' }).click();
  await expect(page).toHaveURL(/\/missions\/new-quick-mission$/);
  await expect(page.getByRole('heading', { name: 'Where do you want me to go?' })).toBeVisible();
  await page.getByRole('group', { name: 'Destination' }).getByRole('button', { name: 'Reception' }).click();
  await expect(page.getByRole('heading', { name: 'What activity do you want me to do?' })).toBeVisible();
  await page.getByRole('group', { name: 'Activity' }).getByRole('button', { name: 'Delivery' }).click();
  await expect(page.getByRole('heading', { name: 'Who do you want to deliver to?' })).toBeVisible();
  const who = page.getByRole('group', { name: 'Who' }).getByRole('button');
  await expect(who).toHaveText(['Anyone in the area', 'Giulia Rossi']);
  await who.filter({ hasText: 'Giulia Rossi' }).click();
  await expect(page.getByRole('heading', { name: 'Location of the load for the delivery' })).toBeVisible();
  await expect(page.getByTestId('next')).toBeDisabled();
  await expect(page.getByTestId('shelf-left-1')).toBeVisible();
  await expect(page.getByTestId('shelf-left-2')).toHaveCount(0);
  await page.getByTestId('shelf-left-1').getByRole('button', { name: 'Add an object' }).click();
  await tapKeys(page, 'box A');
  await page.getByTestId('shelf-left-1').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('shelf-left-1')).toContainText('box A');
  await checkScreen(page, '50-quick-load');
  await page.getByTestId('next').click();
  await expect(page.getByRole('heading', { name: 'Enter message' })).toBeVisible();
  await expect(page.getByTestId('crumb-load')).toContainText('1 Left / 0 Right');
  await expect(page.getByTestId('next')).toBeDisabled();
  await page.getByTestId('message-input').click();
  await tapKeys(page, 'Please sign the delivery note');
  await page.getByTestId('read-confirmation').check();
  await checkScreen(page, '50b-quick-message');
  await page.getByTestId('next').click();
  await expect(page.getByRole('heading', { name: 'Start the mission!' })).toBeVisible();
  await expect(page.getByTestId('crumb-message')).toContainText('Please sig...');
  await expect(page.getByTestId('crumb-who')).toContainText('Giulia Rossi');
  await checkScreen(page, '51-quick-start');
  await page.getByRole('button', { name: 'Start mission' }).click();

  // The robot leaves: the movement page opens by itself.
  await expect(page).toHaveURL(/\/movement\/\d+$/, { timeout: 15_000 });
  const quickId = Number(/\/movement\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByTestId('movement-info')).toContainText('Reception');
  await expectMovement(page, 'inActivity');
  await expect(page.getByText('Giulia Rossi can manage the delivery')).toBeVisible();
  await checkScreen(page, '52-movement-activity');
  await page.getByRole('button', { name: 'Manage delivery' }).click();
  await expect(page.getByRole('heading', { name: 'Read the message' })).toBeVisible();
  await expect(page.getByTestId('message-text')).toHaveText('Please sign the delivery note');
  const read = page.getByRole('button', { name: 'I read the message' });
  await expect(read).toBeDisabled();
  await page.getByTestId('read-confirmation').check();
  await checkScreen(page, '53-movement-message');
  await read.click();
  await expect(page.getByRole('heading', { name: 'Pick up the objects from robot' })).toBeVisible();
  await expect(page.getByText('box A · Left, shelf 2')).toBeVisible();
  await page.getByTestId('select-all').check();
  await checkScreen(page, '54-movement-delivery');
  await page.getByTestId('objects-done').click();
  await expect(page).toHaveURL(/\/missions$/);
  await expect.poll(async () => (await lastEnded(sim))?.definition_id).toBe(quickId);
  expect(await lastEnded(sim)).toMatchObject({ status: 'completed', steps: [{ activities: [{ status: 'completed' }] }] });

  // The list shows the quick mission.
  const row = page.getByTestId(`mission-${quickId}`);
  await expect(row).toContainText('Completed · today at');
  await expect(page.getByTestId('mission-notice')).toHaveText('Mission completed');
  await expect(row).toContainText('Reception');
  await expect(row).toContainText('Giulia Rossi');
  await expect(page.getByTestId('mission-search')).toBeEnabled();

  // Path mission: Lab (pickup of samples for Sara), then Reception (delivery of a message to Giulia).
  await page.getByTestId('new-mission').click();
  await page.getByRole('menuitem', { name: 'Path' }).click();
  await expect(page.getByRole('heading', { name: 'Configure the path' })).toBeVisible();
  await expect(page.getByTestId('save-continue')).toHaveCount(0);
  await page.getByTestId('destination-search').click();
  await tapKeys(page, 'la');
  await page.getByRole('button', { name: 'Add Lab' }).click();
  await page.getByTestId('destination-search').click();
  await tapKeys(page, 'RECEP');
  await page.getByRole('button', { name: 'Add Reception' }).click();
  await expect(page.getByTestId('step-2')).toContainText('Reception');
  await checkScreen(page, '55-path-destinations');
  await page.getByTestId('save-continue').click();
  await expect(page.getByRole('heading', { name: 'Configure activities for Lab' })).toBeVisible();
  const card = page.getByTestId('activity-0');
  await card.getByRole('group', { name: 'Activity' }).getByRole('button', { name: 'Pickup' }).click();
  await card.getByRole('group', { name: 'Recipients' }).getByRole('button', { name: 'Sara Ferri' }).click();
  await card.getByRole('button', { name: 'Load', exact: true }).click();
  const overlay = page.getByTestId('load-overlay');
  await expect(overlay.getByRole('heading', { name: 'Location of the load for pickup' })).toBeVisible();
  await overlay.getByRole('button', { name: 'Right' }).click();
  await expect(overlay.getByTestId('shelf-right-2')).toBeVisible();
  await overlay.getByTestId('shelf-right-2').getByRole('button', { name: 'Add an object' }).click();
  await tapKeys(page, 'samples');
  await overlay.getByTestId('shelf-right-2').getByRole('button', { name: 'Save' }).click();
  await overlay.getByRole('button', { name: 'Save' }).click();
  await expect(card).toContainText('0 Left / 1 Right');
  await expect(page.getByTestId('step-1')).toHaveAttribute('data-status', 'complete');

  // Reception is not configured yet: the overview is refused and says which.
  await page.getByTestId('go-overview').click();
  const dialog = page.getByTestId('not-configured');
  await expect(dialog.getByRole('heading', { name: 'The path mission is not configured' })).toBeVisible();
  await expect(dialog).toContainText('The Reception destination(s) has/have not been configured. Configure all destinations and continue.');
  await checkScreen(page, '56-path-not-configured');
  await dialog.getByRole('button', { name: 'I understand.' }).click();
  await page.getByTestId('step-2').click();
  await expect(page.getByTestId('missing-field')).toHaveText('Oops, it looks like a required field is missing');
  await expect(page.getByTestId('step-2')).toHaveAttribute('data-status', 'error');
  const second = page.getByTestId('activity-0');
  await second.getByRole('group', { name: 'Activity' }).getByRole('button', { name: 'Delivery' }).click();
  await second.getByRole('group', { name: 'Recipients' }).getByRole('button', { name: 'Giulia Rossi' }).click();
  await second.getByRole('button', { name: 'Message' }).click();
  const editor = page.getByTestId('message-editor');
  await expect(editor.getByTestId('read-confirmation')).toBeDisabled();
  await editor.getByTestId('path-message-input').click();
  await tapKeys(page, 'Your parcel is here');
  await editor.getByTestId('read-confirmation').check();
  await checkScreen(page, '57-path-message');
  // One Done while typing: the keyboard's, which keeps the message and closes the editor.
  await page.getByTestId('keyboard').getByRole('button', { name: 'Done' }).click();
  await expect(editor).toBeHidden();
  await checkScreen(page, '58-path-activities');
  await page.getByTestId('go-overview').click();
  await expect(page.getByRole('heading', { name: 'Mission 01: overview' })).toBeVisible();
  // The back end runs what is created: the overview says so before the button.
  await expect(page.getByTestId('leaves-at-once')).toHaveText('I will leave immediately to complete this mission!');
  await checkScreen(page, '59-path-overview');
  await page.getByTestId('configuration-completed').click();

  await expect(page).toHaveURL(/\/movement\/\d+$/, { timeout: 15_000 });
  const pathId = Number(/\/movement\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByTestId('movement-info')).toContainText('Mission 01');
  await expectMovement(page, 'inActivity');
  await page.getByRole('button', { name: 'Manage pickup' }).click();
  await expect(page.getByRole('heading', { name: 'Put all object into appropiate shelfs' })).toBeVisible();
  await expect(page.getByText('samples · Right, shelf 3')).toBeVisible();
  await page.getByTestId('select-all').check();
  await page.getByTestId('objects-done').click();
  await expect(page.getByText('My next destination will be Reception to Giulia Rossi')).toBeVisible();
  await expectMovement(page, 'inActivity');
  await page.getByRole('button', { name: 'Manage delivery' }).click();
  await page.getByTestId('read-confirmation').check();
  await page.getByRole('button', { name: 'I read the message' }).click();
  await expect(page).toHaveURL(/\/missions$/);
  await expect.poll(async () => (await lastEnded(sim))?.definition_id).toBe(pathId);
  expect(await lastEnded(sim)).toMatchObject({ status: 'completed', steps: [{ activities: [{ status: 'completed' }] }, { activities: [{ status: 'completed' }] }] });
  await expect(page.getByTestId(`mission-${pathId}`)).toContainText('Mission 01');
  // The page's own zone decides the day, as it does for the kiosk.
  const heading = await page.evaluate(() => new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }));
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await checkScreen(page, '60-missions-list');

  // The search: over names, destinations and recipients; 'No missions found' without a match.
  await page.getByTestId('mission-search').click();
  await tapKeys(page, 'sara');
  await expect(page.locator('.mission-row')).toHaveCount(1);
  await expect(page.getByTestId(`mission-${pathId}`)).toBeVisible();
  await tapKeys(page, 'h');
  await expect(page.getByText('No missions found')).toBeVisible();

  // The recorded log replays in Node through the same movement states.
  const shown = await movementStates(page);
  const text = await exportLog(page);
  const log = parseLog(text);
  expect(log.bad).toEqual([]);
  const replayed: string[] = [];
  replay(log.events, {
    onStep: (a, b, e) => {
      for (const entry of describeChanges(a, b, e)) if (entry.kind === 'movement') replayed.push(entry.text.split(' -> ')[1]!.split(' ')[0]!);
    },
  });
  // Two full runs: quick (one stop), then the path (two stops, waiting in between).
  const run = ['departing', 'moving', 'arriving', 'inActivity'];
  expect(replayed).toEqual([
    ...run, 'inMessage', 'inDelivery', 'noMission',
    ...run, 'inPickup', 'waitingForInstructions', ...run, 'inMessage', 'noMission',
  ]);
  expect(shown.length).toBeGreaterThan(8);
  expect(isSubsequence(shown.filter((s) => s !== 'noMission'), replayed)).toBe(true);
  const file = join(mkdtempSync(join(tmpdir(), 'kiosk-log-')), 'missions.jsonl');
  writeFileSync(file, text);
  const json = JSON.parse(execFileSync('node', ['--import', 'tsx', 'scripts/replay.ts', file, '--json'], { encoding: 'utf8' }));
  expect(json).toMatchObject({ route: '/missions', login: true, movement: { state: 'noMission', missionId: null, pause: 'none', error: null } });
  expect(errors).toEqual([]);
});
