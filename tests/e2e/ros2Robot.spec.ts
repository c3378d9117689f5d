/**
 * The app in Chromium against the back end driving a ROS 2 robot over DDS (issue 33): the C test robot on
 * Cyclone DDS (tests/ros2/testRobot.c) publishing its map and pose and serving NavigateToPose as Nav2 does, and
 * the back end in-process with its ROS 2 driver and bridge serving the built app, on loopback and unicast
 * only. Log in, see the robot's map and pose, send a quick mission, watch it arrive.
 */
import type { Page } from '@playwright/test';
import { decode } from 'fast-png';
import { metresToImage } from '../../core/map/geometry';
import { freeDomain, HAVE_CYCLONE, startRos2Backend, startRos2TestRobot, tempDir, type TestBackend, type TestRobot } from '../ros2/ros2Harness';
import { expect, test as base } from './fixtures';
import { tapKeys, tapPin } from './helpers/kiosk';
import { expectMovement } from './helpers/missions';
import { checkScreen } from './helpers/screens';
import { viewTransform, waitForMap } from './helpers/mapView';

/**
 * The ROS 2 test robot and the back end driving it on a domain of their own, serving the built app; stopped in
 * the fixture's teardown, which runs even when the test times out.
 */
const test = base.extend<{ ros: { b: TestBackend; robot: TestRobot } }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none
  ros: async ({}, use) => {
    const tmp = tempDir('ros2-e2e-');
    const domain = freeDomain();
    const robot = await startRos2TestRobot(domain);
    // The back end's countdowns at 2x (5 s): long enough for the app's departure dispatch, short for a test.
    const b = await startRos2Backend(tmp.dir, domain, {}, { staticDir: 'dist', speed: 2 }).catch(async (e) => {
      await robot.stop();
      throw e;
    });
    await use({ b, robot });
    await b.close();
    await robot.stop();
    tmp.remove();
  },
});

test.use({ actionTimeout: 15_000 });

const ROBOT: [number, number, number] = [11, 92, 173];
const near = (a: number[], b: number[], tolerance: number) => a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);

/** The map view's pixels (a screenshot) at view coordinates. */
async function shot(page: Page): Promise<(x: number, y: number) => number[]> {
  const box = (await page.getByTestId('map-view').boundingBox())!;
  const png = decode(await page.screenshot({ clip: box, animations: 'disabled' }));
  return (x, y) => {
    const o = (Math.floor(y) * png.width + Math.floor(x)) * png.channels;
    return [Number(png.data[o]), Number(png.data[o + 1]), Number(png.data[o + 2])];
  };
}

test.skip(!HAVE_CYCLONE, "Debian's Cyclone DDS is not installed (npm test installs it)");

test('log in, see the ROS 2 robot on its map, send a quick mission and watch it arrive', async ({ page, ros }) => {
  test.setTimeout(120_000);
  const { b, robot } = ros;
  const set = await b.call('PATCH', '/api/settings', {
    language: 'en',
    country: 'IT',
    robot_name: 'Rossa',
    admin_name: 'Alex',
    accepted_terms_of_service: true,
    load_location_layout_left: 1,
    load_location_layout_right: 2,
    superadmin_pin: '123456',
  });
  expect(set.status).toBe(200);
  expect((await b.call('POST', '/api/destination', { name: 'Bench', x: 3, y: 1.2, orientation: 45, resolution: 0.1 })).status).toBe(200);
  // Relocalise once DDS has matched the back end's /initialpose with the robot's reader (volatile: a message sent before is lost).
  await expect
    .poll(
      async () => {
        await b.call('POST', '/api/position', { x: 1, y: 0, orientation: 90 });
        await new Promise((r) => setTimeout(r, 300));
        return (await b.call('GET', '/api/map/latest')).body.data.robot;
      },
      { timeout: 15_000 },
    )
    .toEqual({ x: 1, y: 0, orientation: 90 });

  // The kiosk starts on the user dashboard; the administrator's card leads to the PIN.
  await page.goto(`${b.base}/user-dashboard`);
  await expect(page.getByRole('heading', { name: "Let's start collaborating together" })).toBeVisible();
  await page.getByTestId('avatar-card').click();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await tapPin(page, '123456');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/missions$/);

  // The robot's own map (from /map, transient local) with the robot drawn at its /amcl_pose.
  await page.getByTestId('menu-handle').click();
  await page.getByRole('link', { name: 'Map Management' }).click();
  await waitForMap(page);
  const map = (await b.call('GET', '/api/map/latest')).body.data;
  const t = await viewTransform(page);
  const p = metresToImage({ origin: map.origin, resolution: map.resolution, height: 40 }, 1, 0);
  const at = await shot(page);
  expect(near(at(t.x + p.px * t.k, t.y + p.py * t.k), ROBOT, 20), 'the robot marker at its pose').toBe(true);
  // The occupied cell of the test robot's map (grid column 40, row 30: picture row 9) is drawn dark.
  const wall = at(t.x + 40.5 * t.k, t.y + 9.5 * t.k);
  expect(Math.max(...wall), `the occupied cell shows ${wall}`).toBeLessThan(80);
  await checkScreen(page, '92-ros2-robot-map');

  // A quick mission to the Bench.
  await page.getByTestId('menu-handle').click();
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/missions$/);
  await page.getByTestId('new-mission').click();
  await page.getByRole('menuitem', { name: 'Quick Mission' }).click();
  await page.getByRole('group', { name: 'Destination' }).getByRole('button', { name: 'Bench' }).click();
  await page.getByRole('group', { name: 'Activity' }).getByRole('button', { name: 'Delivery' }).click();
  await page.getByRole('group', { name: 'Who' }).getByRole('button', { name: 'Anyone in the area' }).click();
  await page.getByTestId('shelf-left-1').getByRole('button', { name: 'Add an object' }).click();
  await tapKeys(page, 'tools');
  await page.getByTestId('shelf-left-1').getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('next').click();
  await page.getByTestId('message-input').click();
  await tapKeys(page, 'Hi');
  await page.getByTestId('next').click();
  await page.getByRole('button', { name: 'Start mission' }).click();

  await expect(page).toHaveURL(/\/movement\/\d+$/, { timeout: 15_000 });
  await expect(page.getByTestId('movement-info')).toContainText('Bench');
  await expectMovement(page, 'inActivity', 30_000);
  await checkScreen(page, '93-ros2-robot-arrived');
  const goal = robot.got('goal');
  expect(goal).toHaveLength(1);
  expect(goal[0]).toMatchObject({ frame: 'map', x: 3, y: 1.2 });
  expect((await b.call('GET', '/api/map/latest')).body.data.robot).toMatchObject({ x: 3, y: 1.2, orientation: 45 });
});
