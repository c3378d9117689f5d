/** Teleoperation against the simulator: mode toggle, presets moving the robot, the joystick's stop on release. */
import { test, expect, type SimFixture } from './fixtures';
import type { Page } from '@playwright/test';
import { checkScreen } from './helpers/screens';
import { loginDemo } from './helpers/kiosk';
import { authedFetch } from './helpers/session';

test.use({ simOptions: { demo: true, speed: 1, teleop: true } });

interface RobotState {
  pose: { x: number; y: number; orientation: number };
  twist: { vx: number; vy: number; wz: number };
}
async function robot(sim: SimFixture['sim']): Promise<RobotState> {
  return (await (await authedFetch(sim, `${sim.url}/control/state`)).json()).data as RobotState;
}

/** From the missions list, as a person would: menu, Diagnostic, Teleop Control. */
async function openControl(page: Page): Promise<void> {
  await page.getByTestId('menu-handle').click();
  await page.getByTestId('side-menu').getByRole('link', { name: 'Diagnostic' }).click();
  await page.getByRole('link', { name: 'Teleop Control' }).click();
  await expect(page).toHaveURL(/\/control$/);
  await expect(page.getByRole('heading', { name: 'Teleop Control' })).toBeVisible();
}

async function switchToManual(page: Page): Promise<void> {
  await expect(page.getByTestId('teleop-offline')).toBeHidden();
  await page.getByRole('button', { name: 'Switch to Manual Mode' }).click();
  await expect(page.getByRole('button', { name: 'Switch to Normal Mode' })).toBeVisible();
}

test('the mode toggle follows the robot, and the presets move the simulated robot', async ({ page, sim }) => {
  await loginDemo(page, sim);
  await openControl(page);
  await expect(page.getByRole('button', { name: 'Switch to Manual Mode' })).toBeVisible();
  await checkScreen(page, '90-teleop-normal');
  await switchToManual(page);
  expect(sim.app.world.manual).toBe(true);

  const start = await robot(sim);
  await page.getByRole('button', { name: 'Forward (x = 0.5)' }).click();
  await expect(page.getByTestId('last-move')).toHaveText('Sent: x 0.5, y 0, z 0');
  await expect.poll(async () => (await robot(sim)).pose.x - start.pose.x, { timeout: 3_000 }).toBeGreaterThan(0.05);
  // One preset is one command: the robot's dead-man stop ends it.
  await expect.poll(async () => (await robot(sim)).twist.vx, { timeout: 3_000 }).toBe(0);

  const beforeTurn = await robot(sim);
  await page.getByRole('button', { name: 'Place Rotation (z = 0.5)' }).click();
  await expect.poll(async () => Math.abs((await robot(sim)).pose.orientation - beforeTurn.pose.orientation), { timeout: 3_000 }).toBeGreaterThan(2);

  const beforeCrab = await robot(sim);
  await page.getByRole('button', { name: 'Crab Walk Left (y = 0.3)' }).click();
  await expect.poll(async () => (await robot(sim)).twist.vy, { timeout: 1_000 }).toBeCloseTo(0.3);
  await expect.poll(async () => Math.hypot((await robot(sim)).pose.x - beforeCrab.pose.x, (await robot(sim)).pose.y - beforeCrab.pose.y)).toBeGreaterThan(0.03);

  await page.getByRole('button', { name: 'Switch to Normal Mode' }).click();
  await expect(page.getByRole('button', { name: 'Switch to Manual Mode' })).toBeVisible();
  expect(sim.app.world.manual).toBe(false);
});

test('a typed value out of range or not a number is refused with its field\'s error and nothing is sent; the fields open the number keypad (issue 34)', async ({ page, sim }) => {
  await loginDemo(page, sim);
  await openControl(page);
  await switchToManual(page);
  const keyboard = page.getByTestId('keyboard');
  const x = page.getByTestId('velocity-lvx');
  await x.click();
  // The number keypad: digits, minus and decimal point, and no letters.
  await expect(keyboard).toHaveAttribute('data-keypad', 'numeric');
  for (const key of ['0', '1', '9', '-', '.']) await expect(keyboard.getByRole('button', { name: key, exact: true })).toBeVisible();
  for (const key of ['q', 'a', 'z']) await expect(keyboard.getByRole('button', { name: key, exact: true })).toHaveCount(0);
  await checkScreen(page, '91-teleop-keypad');
  await keyboard.getByRole('button', { name: 'Delete' }).click();
  await keyboard.getByRole('button', { name: '5', exact: true }).click();
  await expect(x).toHaveValue('5');
  const y = page.getByTestId('velocity-lvy');
  await y.click();
  await keyboard.getByRole('button', { name: 'Delete' }).click();
  await keyboard.getByRole('button', { name: '-', exact: true }).click();
  await keyboard.getByRole('button', { name: 'Done' }).click();
  await expect(keyboard).toBeHidden();

  const before = await robot(sim);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('velocity-lvx-error')).toHaveText('5 is outside -1 to 1. Enter a value from -1 to 1.');
  await expect(page.getByTestId('velocity-lvy-error')).toHaveText('"-" is not a number. Enter a value from -1 to 1.');
  await expect(x).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('velocity-avz-error')).toHaveCount(0);
  await expect(page.getByTestId('teleop-not-sent')).toHaveText('Nothing was sent: correct the values marked in red.');
  await expect(page.getByTestId('last-move')).toHaveCount(0);
  // Nothing reached the robot: it stands still where it was.
  await page.waitForTimeout(700);
  const after = await robot(sim);
  expect(after.twist).toEqual({ vx: 0, vy: 0, wz: 0 });
  expect(Math.hypot(after.pose.x - before.pose.x, after.pose.y - before.pose.y)).toBeLessThan(0.001);
  await checkScreen(page, '91-teleop-refused');

  // Corrected, the same Submit sends, and its feedback stands under the form.
  await x.click();
  await keyboard.getByRole('button', { name: 'Delete' }).click();
  for (const key of ['0', '.', '5']) await keyboard.getByRole('button', { name: key, exact: true }).click();
  await y.click();
  await keyboard.getByRole('button', { name: '0', exact: true }).click();
  await keyboard.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('last-move')).toHaveText('Sent: x 0.5, y 0, z 0');
  await expect(page.getByTestId('teleop-not-sent')).toHaveCount(0);
  await expect(page.getByTestId('velocity-lvx-error')).toHaveCount(0);
  const form = (await page.getByRole('form', { name: 'Velocities' }).boundingBox())!;
  const sent = (await page.getByTestId('last-move').boundingBox())!;
  expect(sent.y).toBeGreaterThan(form.y);
  expect(sent.y + sent.height).toBeLessThanOrEqual(form.y + form.height);
  await expect.poll(async () => (await robot(sim)).pose.x - before.pose.x, { timeout: 3_000 }).toBeGreaterThan(0.05);
});

test('the joystick drives while held and the robot stops within 500 ms of release', async ({ page, sim }) => {
  await loginDemo(page, sim);
  await openControl(page);
  await switchToManual(page);
  const pad = page.getByTestId('joystick');
  const box = (await pad.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx, cy - 60, { steps: 4 });
  // Held still for well over the 500 ms dead-man time: the 10 Hz stream keeps the robot going.
  await page.waitForTimeout(1_200);
  const held = await robot(sim);
  expect(held.twist.vx).toBeGreaterThan(0.1);
  await checkScreen(page, '92-teleop-joystick');
  await page.mouse.up();
  const released = Date.now();
  await expect.poll(async () => (await robot(sim)).twist.vx, { intervals: [25], timeout: 2_000 }).toBe(0);
  expect(Date.now() - released).toBeLessThan(500);
});

test('while the teleop socket is closed the page says so and the joystick is off; it reconnects', async ({ page, sim, control }) => {
  await loginDemo(page, sim);
  await openControl(page);
  await expect(page.getByTestId('teleop-offline')).toBeHidden();
  // Held down, so the checks below cannot race the app's reconnect (1 s after a close).
  await control('teleop', { accepting: false });
  await expect(page.getByTestId('teleop-offline')).toBeVisible();
  await expect(page.getByTestId('joystick')).toHaveAttribute('aria-disabled', 'true');
  // While it is down, a preset is refused and the page says so.
  await page.getByRole('button', { name: 'Forward (x = 0.5)' }).click();
  await expect(page.getByTestId('last-move')).toHaveText('Not sent (no connection): x 0.5, y 0, z 0');
  await checkScreen(page, '94-teleop-offline');
  await control('teleop', { accepting: true });
  await expect(page.getByTestId('teleop-offline')).toBeHidden({ timeout: 5_000 });
  await expect(page.getByTestId('joystick')).toHaveAttribute('aria-disabled', 'false');
});

test('in manual mode every page says so; leaving /control asks to switch back to normal (issue 18)', async ({ page, sim }) => {
  await loginDemo(page, sim);
  await expect(page.getByTestId('manual-badge')).toHaveCount(0);
  await openControl(page);
  await switchToManual(page);
  await expect(page.getByTestId('manual-badge')).toHaveText('Manual mode');
  // Leaving: the question; staying in manual keeps the robot so, and the top bar still says it.
  await page.getByTestId('menu-handle').click();
  await page.getByTestId('side-menu').getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/missions$/);
  const ask = page.getByTestId('manual-leave-dialog');
  await expect(ask.getByRole('heading', { name: "I'm still in manual mode" })).toBeVisible();
  await checkScreen(page, '95-manual-leave');
  await ask.getByRole('button', { name: 'Stay in manual mode' }).click();
  await expect(ask).toBeHidden();
  expect(sim.app.world.manual).toBe(true);
  await expect(page.getByTestId('manual-badge')).toBeVisible();
  await checkScreen(page, '96-manual-badge');
  // The badge goes back to the control page; leaving again and switching to normal clears it.
  await page.getByTestId('manual-badge').click();
  await expect(page).toHaveURL(/\/control$/);
  await page.getByTestId('menu-handle').click();
  await page.getByTestId('side-menu').getByRole('link', { name: 'Home' }).click();
  await ask.getByRole('button', { name: 'Switch to normal mode' }).click();
  await expect.poll(() => sim.app.world.manual).toBe(false);
  await expect(page.getByTestId('manual-badge')).toHaveCount(0);
});

test('presets and Submit drive while held and stop within 500 ms of release; the joystick stays put on mode changes (issue 18)', async ({ page, sim }) => {
  await loginDemo(page, sim);
  await openControl(page);
  const stick = page.getByTestId('joystick');
  const before = (await stick.boundingBox())!;
  await switchToManual(page);
  // No layout shift: the notice's slot keeps its height, so the joystick does not move under the finger.
  expect((await stick.boundingBox())!.y).toBe(before.y);

  for (const target of [page.getByRole('button', { name: 'Forward (x = 0.5)' }), page.getByRole('button', { name: 'Submit' })]) {
    if ((await target.textContent()) === 'Submit') {
      const x = page.getByTestId('velocity-lvx');
      await x.click();
      await page.getByTestId('keyboard').getByRole('button', { name: 'Delete' }).click();
      await page.getByTestId('keyboard').getByRole('button', { name: '0', exact: true }).click();
      await page.getByTestId('keyboard').getByRole('button', { name: '.', exact: true }).click();
      await page.getByTestId('keyboard').getByRole('button', { name: '4', exact: true }).click();
      await page.getByTestId('keyboard').getByRole('button', { name: 'Done' }).click();
    }
    const box = (await target.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // Held well past the robot's 500 ms dead-man time: the 10 Hz stream keeps it going.
    await page.waitForTimeout(1_200);
    expect((await robot(sim)).twist.vx).toBeGreaterThan(0.3);
    await page.mouse.up();
    const released = Date.now();
    await expect.poll(async () => (await robot(sim)).twist.vx, { intervals: [25], timeout: 2_000 }).toBe(0);
    expect(Date.now() - released).toBeLessThan(500);
  }
});

test('going between /control and /joints in manual mode is not leaving teleop: nothing asks (issue 34)', async ({ page, sim }) => {
  await loginDemo(page, sim);
  await openControl(page);
  await switchToManual(page);
  await page.getByRole('link', { name: 'Joints State' }).click();
  await expect(page).toHaveURL(/\/joints$/);
  await expect(page.getByRole('heading', { name: 'Joints State' })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByTestId('manual-leave-dialog')).toHaveCount(0);
  // Leaving teleop from /joints asks, as from /control.
  await page.getByTestId('menu-handle').click();
  await page.getByTestId('side-menu').getByRole('link', { name: 'Home' }).click();
  await expect(page.getByTestId('manual-leave-dialog').getByRole('heading', { name: "I'm still in manual mode" })).toBeVisible();
  await page.getByTestId('manual-leave-dialog').getByRole('button', { name: 'Switch to normal mode' }).click();
  await expect.poll(() => sim.app.world.manual).toBe(false);
});
