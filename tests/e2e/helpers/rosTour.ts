/**
 * One walk for every ROS robot's browser test (tests/e2e/rosRobot.spec.ts, ros2Robot.spec.ts): set the robot up,
 * relocalise it, log in, see its map and pose, send a quick mission to a destination and watch it arrive with
 * exactly one goal sent. The two robots differ only in how they are started.
 */
import type { Page } from '@playwright/test';
import { decode } from 'fast-png';
import { metresToImage } from '../../../core/map/geometry';
import { expect } from '../fixtures';
import { tapKeys, tapPin } from './kiosk';
import { expectMovement } from './missions';
import { checkScreen } from './screens';
import { viewTransform, waitForMap } from './mapView';

/** The back end under test, as both ROS harnesses give it. */
export interface TourBackend {
  base: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the harnesses' answers are untyped JSON
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
}

/** The test robot: what it received of one kind. */
export interface TourRobot {
  got(kind: 'goal'): unknown[];
}

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

/** The walk; `screens` names its two screenshots. */
export async function rosRobotTour(page: Page, b: TourBackend, robot: TourRobot, screens: { map: string; arrived: string }): Promise<void> {
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
  // Relocalise once the robot listens on the back end's /initialpose (a message sent before it does is lost).
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

  // The robot's own map (from /map) with the robot drawn at its /amcl_pose.
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
  await checkScreen(page, screens.map);

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
  await checkScreen(page, screens.arrived);
  const goal = robot.got('goal');
  expect(goal).toHaveLength(1);
  expect(goal[0]).toMatchObject({ frame: 'map', x: 3, y: 1.2 });
  expect((await b.call('GET', '/api/map/latest')).body.data.robot).toMatchObject({ x: 3, y: 1.2, orientation: 45 });
}
