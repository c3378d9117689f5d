/** The joints page against the simulator: live swerve steering angles in degrees and wheel speeds. */
import { WebSocket } from 'ws';
import { test, expect } from './fixtures';
import { checkScreen } from './helpers/screens';
import { loginDemo } from './helpers/kiosk';
import { sessionCookieOf } from './helpers/session';
import { CORNERS, swerve } from '../../backend/robots/sim/swerve';

test.use({ simOptions: { demo: true, speed: 1, teleop: true } });

const degrees = (rad: number) => ((rad * 180) / Math.PI).toFixed(1);

test('the joints page shows the simulator swerve angles, live', async ({ page, sim }) => {
  await loginDemo(page, sim);
  await page.getByTestId('menu-handle').click();
  await page.getByTestId('side-menu').getByRole('link', { name: 'Diagnostic' }).click();
  await page.getByRole('link', { name: 'Joints State' }).click();
  await expect(page).toHaveURL(/\/joints$/);
  await expect(page.getByRole('heading', { name: 'Joints State' })).toBeVisible();
  // At rest every module points straight ahead.
  for (const c of CORNERS) await expect(page.getByTestId(`steer-${c.name}`)).toHaveText('Steering 0.0°');

  // Another teleop client turns the robot on the spot; the page, polling, follows.
  const host = new URL(sim.url).hostname;
  // A second operator's client: the teleop socket needs a session (api.md, Sessions).
  const driver = new WebSocket(`ws://${host}:${sim.teleopPort}/`, { headers: { cookie: sessionCookieOf(sim) } });
  await new Promise((ok, fail) => driver.once('open', ok).once('error', fail));
  const send = (m: object) => driver.send(JSON.stringify({ client_id: 'test-driver', ...m }));
  send({ op: 'manual_mode', mode: 'MANUAL' });
  const spin = { vx: 0, vy: 0, wz: 0.5 };
  const drive = setInterval(() => send({ op: 'move', lvx: spin.vx, lvy: spin.vy, avz: spin.wz }), 100);
  try {
    const expected = swerve(spin);
    for (const [i, c] of CORNERS.entries()) {
      await expect(page.getByTestId(`steer-${c.name}`)).toHaveText(`Steering ${degrees(expected.steer[i]!)}°`);
      await expect(page.getByTestId(`speed-${c.name}`)).toHaveText(`Wheel speed ${expected.speed[i]!.toFixed(2)} rad/s`);
      await expect(page.getByTestId(`wheel-shape-${c.name}`)).toHaveAttribute('data-angle', degrees(expected.steer[i]!));
    }
    // The four angles differ: the page pairs each wheel with its own joint.
    expect(new Set(expected.steer.map(degrees)).size).toBeGreaterThan(1);
    await checkScreen(page, '93-joints');
  } finally {
    clearInterval(drive);
  }
  // Crab walk: every module turns to 90 degrees, and the page follows again.
  const crab = setInterval(() => send({ op: 'move', lvx: 0, lvy: 0.3, avz: 0 }), 100);
  try {
    for (const c of CORNERS) await expect(page.getByTestId(`steer-${c.name}`)).toHaveText('Steering 90.0°');
  } finally {
    clearInterval(crab);
    driver.close();
  }
});
