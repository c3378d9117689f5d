/**
 * The app in Chromium against the back end driving a ROS 2 robot over DDS, on each middleware a ROS 2 robot
 * ships with: the test robot (tests/ros2/testRobot.c) on Cyclone DDS (rmw_cyclonedds_cpp, issue 33) and on Fast
 * DDS (tests/ros2/robotFastdds.cpp, rmw_fastrtps_cpp's wire: a service request's identity in RTPS, issue 41),
 * publishing its map and pose and serving NavigateToPose as Nav2 does, and the back end in-process, which learns
 * from discovery which middleware the robot runs and drives it through the matching bridge, on loopback and
 * unicast only. Log in, see the robot's map and pose, send a quick mission, watch it arrive.
 */
import type { Rmw } from '../../backend/robots/ros2/middleware';
import type { Ros2Robot } from '../../backend/robots/ros2/ros2Robot';
import { freeDomain, HAVE_CYCLONE, startRos2Backend, startRos2TestRobot, tempDir, type TestBackend, type TestRobot } from '../ros2/ros2Harness';
import { expect, test as base } from './fixtures';
import { rosRobotTour } from './helpers/rosTour';

/**
 * The test robot on `rmw` and the back end driving it on a domain of their own, serving the built app; stopped
 * in the fixture's teardown, which runs even when the test times out.
 */
const test = base.extend<{ rmw: Rmw; ros: { b: TestBackend; robot: TestRobot } }>({
  rmw: ['cyclonedds', { option: true }],
  ros: async ({ rmw }, use) => {
    const tmp = tempDir(`ros2-${rmw}-e2e-`);
    const domain = freeDomain();
    const robot = await startRos2TestRobot(domain, { rmw });
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

// The test robot's types come from Cyclone's idlc (and its CDR codec from libddsc), on Fast DDS too.
test.skip(!HAVE_CYCLONE, "Debian's Cyclone DDS is not installed (npm test installs it)");

const ROBOTS: { rmw: Rmw; screens: { map: string; arrived: string } }[] = [
  { rmw: 'cyclonedds', screens: { map: '92-ros2-robot-map', arrived: '93-ros2-robot-arrived' } },
  { rmw: 'fastrtps', screens: { map: '95-ros2-fastdds-robot-map', arrived: '96-ros2-fastdds-robot-arrived' } },
];

for (const { rmw, screens } of ROBOTS) {
  test.describe(`a robot on ${rmw}`, () => {
    test.use({ rmw });

    test('log in, see the ROS 2 robot on its map, send a quick mission and watch it arrive', async ({ page, ros }) => {
      test.setTimeout(120_000);
      await rosRobotTour(page, ros.b, ros.robot, screens);
      expect((ros.b.backend.app.world.driver as Ros2Robot).rmw, 'the back end drove it through the matching bridge').toBe(rmw);
    });
  });
}
