/**
 * The app in Chromium against the back end driving a ROS 2 robot on Fast DDS (issue 41): the test robot on
 * Fast DDS (tests/ros2/robotFastdds.cpp, rmw_fastrtps_cpp's wire: a service request's identity in RTPS)
 * publishing its map and pose and serving NavigateToPose as Nav2 does, and the back end in-process, which learns
 * from discovery that the robot runs Fast DDS and drives it through its Fast DDS bridge, on loopback and unicast
 * only. Log in, see the robot's map and pose, send a quick mission, watch it arrive: the walk of
 * ros2Robot.spec.ts (the robot on Cyclone DDS).
 */
import type { Ros2Robot } from '../../backend/robots/ros2/ros2Robot';
import { freeDomain, HAVE_CYCLONE, startRos2Backend, startRos2TestRobot, tempDir, type TestBackend, type TestRobot } from '../ros2/ros2Harness';
import { expect, test as base } from './fixtures';
import { rosRobotTour } from './helpers/rosTour';

/**
 * The Fast DDS test robot and the back end driving it on a domain of their own, serving the built app; stopped
 * in the fixture's teardown, which runs even when the test times out.
 */
const test = base.extend<{ ros: { b: TestBackend; robot: TestRobot } }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none
  ros: async ({}, use) => {
    const tmp = tempDir('ros2-fastdds-e2e-');
    const domain = freeDomain();
    const robot = await startRos2TestRobot(domain, { rmw: 'fastrtps' });
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

// The test robot's types come from Cyclone's idlc (and its CDR codec from libddsc) even on Fast DDS.
test.skip(!HAVE_CYCLONE, "Debian's Cyclone DDS is not installed (npm test installs it)");

test('log in, see the Fast DDS robot on its map, send a quick mission and watch it arrive', async ({ page, ros }) => {
  test.setTimeout(120_000);
  await rosRobotTour(page, ros.b, ros.robot, { map: '95-ros2-fastdds-robot-map', arrived: '96-ros2-fastdds-robot-arrived' });
  expect((ros.b.backend.app.world.driver as Ros2Robot).rmw, "the back end drove it through the Fast DDS bridge").toBe('fastrtps');
});
