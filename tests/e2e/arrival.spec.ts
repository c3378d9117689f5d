/** At the destination (issue 18): between two steps, DIRECTION and TO name the step the headline names. */
import { test, expect } from './fixtures';
import { checkScreen } from './helpers/screens';
import { loginDemo } from './helpers/kiosk';
import { expectMovement, setUpRobot } from './helpers/missions';
import { authedFetch } from './helpers/session';

test.use({ simOptions: { demo: false, speed: 5 } });

test('waiting for the next step, the info panel shows that next step', async ({ page, sim, control }) => {
  await setUpRobot(sim);
  const at = new Date().toISOString();
  const reception = sim.app.store.places.createDestination({ name: 'Reception', x: 7.8, y: 2.5, orientation: 0, resolution: 0.05 }, at).id;
  const lab = sim.app.store.places.createDestination({ name: 'Lab', x: 15.8, y: 2.2, orientation: 0, resolution: 0.05 }, at).id;
  const giulia = sim.app.store.places.createRecipient('Giulia Rossi', reception, at).id;
  const marco = sim.app.store.places.createRecipient('Marco Bianchi', lab, at).id;
  await loginDemo(page, sim);
  const activity = (recipients: number[]) => ({ activity_id: 1, recipients, message: '', message_read_required: false, load_location_left: [[], []], load_location_right: [[], [], []] });
  await authedFetch(sim, `${sim.url}/api/mission/definition/path`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Round', steps: [{ destination_id: reception, activities: [activity([giulia])] }, { destination_id: lab, activities: [activity([marco])] }] }),
  });
  await expectMovement(page, 'inActivity');
  const info = page.getByTestId('movement-info');
  await expect(info).toContainText('Reception');
  await expect(info).toContainText('Giulia Rossi');
  // Hold the completion call, so the robot does not announce the next departure while the checks run.
  await control('calls', { path: '/api/current_mission/step', mode: 'stall' });
  await page.getByRole('button', { name: 'Manage delivery' }).click();
  await expectMovement(page, 'waitingForInstructions');
  await expect(page.getByText('My next destination will be Lab to Marco Bianchi')).toBeVisible();
  await expect(info).toContainText('Lab');
  await expect(info).toContainText('Marco Bianchi');
  await expect(info).not.toContainText('Reception');
  await checkScreen(page, '190-movement-waiting-next-step');
  await control('calls', { path: '/api/current_mission/step', mode: 'ok' });
  // On to the next step (at five times real time it may already be there): the panel still names Lab.
  await expect(page.locator('section.movement')).not.toHaveAttribute('data-state', 'waitingForInstructions', { timeout: 15_000 });
  await expect(info).toContainText('Lab');
});
