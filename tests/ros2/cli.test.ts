/**
 * The command line for a ROS 2 robot: `--ros2`, `--ros-domain` or ROS_DOMAIN_ID, topic names from flags and a
 * config file, and `backend/main.ts --ros2` as a process: it starts with no robot, serves, and reaches the test
 * robot when it comes up (on the loopback, unicast-only CYCLONEDDS_URI).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseArgs } from '../../backend/cli';
import { DEFAULT_ROS2_TOPICS } from '../../backend/robots/ros2/config';
import { bridgesFor, firstGuess } from '../../backend/robots/ros2/middleware';
import { Probe } from '../sim/helpers';
import { ddsEnv, freeDomain, HAVE_CYCLONE, startRos2TestRobot, tempDir, type TestRobot } from './ros2Harness';

const tmp = tempDir('ros2-cli-');
const running: { child?: ChildProcess; robot?: TestRobot } = {};
afterAll(async () => {
  if (running.child?.exitCode === null) running.child.kill('SIGKILL');
  await running.robot?.stop();
  tmp.remove();
});

describe('--ros2 on the command line', () => {
  it('takes the domain from --ros-domain, else ROS_DOMAIN_ID, else 0', () => {
    expect(parseArgs(['--ros2'], {}).ros2).toEqual({ domain: 0, topics: DEFAULT_ROS2_TOPICS });
    expect(parseArgs(['--ros2'], { ROS_DOMAIN_ID: '42' }).ros2?.domain).toBe(42);
    expect(parseArgs(['--ros2', '--ros-domain', '7'], { ROS_DOMAIN_ID: '42' }).ros2?.domain).toBe(7);
    const o = parseArgs(['--ros2', '--port', '8081', '--reset'], { SIM_SPEED: '20' });
    expect(o).toMatchObject({ port: 8081, reset: true, speed: 1 });
    expect(o.ros).toBeUndefined();
    expect(() => parseArgs(['--ros2', '--ros-domain', '300'], {})).toThrow(/0\.\.232/);
    expect(() => parseArgs(['--ros2', '--ros-domain', 'x'], {})).toThrow(/domain id/);
    expect(() => parseArgs(['--ros-domain', '3'], {})).toThrow(/needs --ros2/);
    expect(() => parseArgs(['--ros2', '--ros', 'http://r:11311'], {})).toThrow(/one or the other/);
    expect(() => parseArgs(['--ros2', '--demo'], {})).toThrow(/simulated robot/);
  });

  it('--rmw fixes the middleware (fastrtps, cyclonedds, or ROS names them); without it the driver learns it', () => {
    expect(parseArgs(['--ros2'], {}).ros2?.rmw).toBeUndefined();
    expect(parseArgs(['--ros2', '--rmw', 'fastrtps'], {}).ros2?.rmw).toBe('fastrtps');
    expect(parseArgs(['--ros2', '--rmw', 'rmw_cyclonedds_cpp'], {}).ros2?.rmw).toBe('cyclonedds');
    expect(() => parseArgs(['--ros2', '--rmw', 'connextdds'], {})).toThrow(/fastrtps or cyclonedds/);
    expect(() => parseArgs(['--rmw', 'fastrtps'], {})).toThrow(/needs --ros2/);
    expect(firstGuess({})).toBe('cyclonedds');
    expect(firstGuess({ ROS_DISCOVERY_SERVER: '10.0.0.5:11811' })).toBe('fastrtps');
    expect(firstGuess({ RMW_IMPLEMENTATION: 'rmw_fastrtps_cpp' })).toBe('fastrtps');
    expect(firstGuess({ FASTRTPS_DEFAULT_PROFILES_FILE: '/etc/kiosk/fastdds.xml' })).toBe('fastrtps');
    expect(firstGuess({ FASTRTPS_DEFAULT_PROFILES_FILE: '/etc/kiosk/fastdds.xml', CYCLONEDDS_URI: '<CycloneDDS/>' })).toBe('cyclonedds');
  });

  it('renames topics (the action too) by flags and by a config file, flags winning', () => {
    const file = join(tmp.dir, 'robot.json');
    writeFileSync(file, JSON.stringify({ topics: { pose: '/localization/pose', batteries: ['/bms/main', '/bms/aux'], navigate: '/robot1/navigate_to_pose' } }));
    const t = parseArgs(['--ros2', '--ros-config', file, '--topic', 'pose=/odom_pose', '--topic', 'cmdVel=/teleop/cmd_vel'], {}).ros2?.topics;
    expect(t).toMatchObject({ pose: '/odom_pose', batteries: ['/bms/main', '/bms/aux'], cmdVel: '/teleop/cmd_vel', navigate: '/robot1/navigate_to_pose', map: '/map' });
    expect(() => parseArgs(['--ros2', '--topic', 'goal=/x'], {})).toThrow(/no topic called goal/);
    expect(() => parseArgs(['--ros', 'http://r:11311', '--topic', 'navigate=/x'], {})).toThrow(/no topic called navigate/);
  });

  it.skipIf(!HAVE_CYCLONE)('npm run backend -- --ros2: starts with no robot, connects when the robot boots', async () => {
    const domain = freeDomain();
    // Built here first: the start below is about the command line, not a cold g++ build (seconds on a busy machine).
    bridgesFor(undefined, {});
    const child = spawn(process.execPath, ['--import', 'tsx', 'backend/main.ts', '--ros2', '--ros-domain', String(domain), '--port', '0', '--teleop-port', '0', '--reset'], {
      cwd: resolve(import.meta.dirname, '../..'),
      env: { ...ddsEnv(domain), ROBOT_DB: join(tmp.dir, 'robot.db'), ROBOT_BACKEND: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.child = child;
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    const url = await new Promise<string>((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`no startup line: ${out}`)), 20_000);
      const look = () => {
        const m = /back end on (http:\/\/[\d.]+:\d+) .*driving the ROS 2 robot on DDS domain (\d+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          expect(Number(m[2])).toBe(domain);
          ok(m[1] as string);
        }
      };
      child.stdout?.on('data', look);
      child.once('exit', (code) => fail(new Error(`exited ${code}: ${out}`)));
    });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const ws = new Probe(url.replace(/^http/, 'ws') + '/ws');
    await ws.waitFor('robot/disconnected');
    running.robot = await startRos2TestRobot(domain);
    await ws.waitFor('robot/connected', () => true, 15_000);
    ws.close();
    const exited = new Promise((ok) => child.once('exit', (code) => ok(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
