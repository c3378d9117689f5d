/**
 * The app in Chromium against the back end driving a ROS 1 robot (issue 16): a real rosmaster on a free port,
 * the rospy test robot (tests/ros/testRobot.py) publishing its map and pose and answering goals like
 * move_base, and the back end in-process with its ROS driver serving the built app. Log in, see the robot's
 * map and pose, send a quick mission, watch it arrive.
 */
import { HAVE_ROS, startMaster, startRobot, startRosBackend, tempDir, type TestBackend, type TestRobot } from '../ros/rosHarness';
import { test as base } from './fixtures';
import { rosRobotTour } from './helpers/rosTour';

/**
 * A rosmaster, the test robot and the back end driving it, serving the built app; stopped in the fixture's
 * teardown, which runs even when the test times out.
 */
const test = base.extend<{ ros: { b: TestBackend; robot: TestRobot } }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none
  ros: async ({}, use) => {
    const tmp = tempDir('ros-e2e-');
    const master = await startMaster(tmp.dir);
    const robot = await startRobot(tmp.dir, master.uri).catch(async (e) => {
      await master.stop();
      throw e;
    });
    // The back end's countdowns at 2x (5 s): long enough for the app's departure dispatch, short for a test.
    const b = await startRosBackend(tmp.dir, master.uri, {}, { staticDir: 'dist', speed: 2 });
    await use({ b, robot });
    await b.close();
    await robot.stop();
    await master.stop();
    tmp.remove();
  },
});

test.use({ actionTimeout: 15_000 });

test.skip(!HAVE_ROS, "Debian's ROS 1 packages are not installed (npm test installs them)");

test('log in, see the ROS robot on its map, send a quick mission and watch it arrive', async ({ page, ros }) => {
  test.setTimeout(120_000);
  await rosRobotTour(page, ros.b, ros.robot, { map: '90-ros-robot-map', arrived: '91-ros-robot-arrived' });
});
