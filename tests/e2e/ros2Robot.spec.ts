/**
 * The app in Chromium against the back end driving a ROS 2 robot over DDS (issue 33): the C test robot on
 * Cyclone DDS (tests/ros2/testRobot.c) publishing its map and pose and serving NavigateToPose as Nav2 does, and
 * the back end in-process with its ROS 2 driver and bridge serving the built app, on loopback and unicast
 * only. Log in, see the robot's map and pose, send a quick mission, watch it arrive.
 */
import { freeDomain, HAVE_CYCLONE, startRos2Backend, startRos2TestRobot, tempDir, type TestBackend, type TestRobot } from '../ros2/ros2Harness';
import { test as base } from './fixtures';
import { rosRobotTour } from './helpers/rosTour';

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

test.skip(!HAVE_CYCLONE, "Debian's Cyclone DDS is not installed (npm test installs it)");

test('log in, see the ROS 2 robot on its map, send a quick mission and watch it arrive', async ({ page, ros }) => {
  test.setTimeout(120_000);
  await rosRobotTour(page, ros.b, ros.robot, { map: '92-ros2-robot-map', arrived: '93-ros2-robot-arrived' });
});
