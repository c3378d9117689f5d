/**
 * The command line for a ROS robot: `--ros [URL]`, ROS_MASTER_URI, topic names from flags and a config file,
 * and `backend/main.ts --ros` as a process: it starts with no master, serves, and reaches the master and the
 * test robot when they come up.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseArgs } from '../../backend/cli';
import { DEFAULT_TOPICS } from '../../backend/robots/ros/config';
import { Probe } from '../sim/helpers';
import { freePort, HAVE_ROS, type Master, startMaster, startRobot, type TestRobot, tempDir } from './rosHarness';

const tmp = tempDir('ros-cli-');
const running: { child?: ChildProcess; master?: Master; robot?: TestRobot } = {};
afterAll(async () => {
  if (running.child?.exitCode === null) running.child.kill('SIGKILL');
  await running.robot?.stop();
  await running.master?.stop();
  tmp.remove();
});

describe('--ros on the command line', () => {
  it('takes the master URL, or ROS_MASTER_URI when --ros has none', () => {
    expect(parseArgs(['--ros', 'http://robot:11311'], {}).ros).toEqual({ masterUri: 'http://robot:11311', topics: DEFAULT_TOPICS });
    expect(parseArgs(['--ros'], { ROS_MASTER_URI: 'http://10.0.0.2:11311' }).ros?.masterUri).toBe('http://10.0.0.2:11311');
    const o = parseArgs(['--ros', '--port', '8081', '--teleop-port', '9192', '--reset'], { ROS_MASTER_URI: 'http://r:11311', SIM_SPEED: '20' });
    expect(o).toMatchObject({ ros: { masterUri: 'http://r:11311' }, port: 8081, teleopPort: 9192, reset: true, speed: 1 });
    expect(() => parseArgs(['--ros'], {})).toThrow(/ROS_MASTER_URI/);
    expect(() => parseArgs(['--ros', 'robot:11311'], {})).toThrow(/http URL/);
    expect(() => parseArgs(['--ros', 'http://r:11311', '--demo'], {})).toThrow(/simulated robot/);
    expect(() => parseArgs(['--topic', 'pose=/p'], {})).toThrow(/need --ros/);
  });

  it('renames topics by flags and by a config file, flags winning', () => {
    const file = join(tmp.dir, 'robot.json');
    writeFileSync(file, JSON.stringify({ topics: { pose: '/localization/pose', batteries: ['/bms/main', '/bms/aux'] } }));
    const t = parseArgs(['--ros', 'http://r:11311', '--ros-config', file, '--topic', 'pose=/odom_pose', '--topic', 'cmdVel=/teleop/cmd_vel'], {}).ros?.topics;
    expect(t).toMatchObject({ pose: '/odom_pose', batteries: ['/bms/main', '/bms/aux'], cmdVel: '/teleop/cmd_vel', map: '/map' });
    expect(() => parseArgs(['--ros', 'http://r:11311', '--topic', 'nope=/x'], {})).toThrow(/no topic called nope/);
    writeFileSync(file, '{"topics": 3}');
    expect(() => parseArgs(['--ros', 'http://r:11311', '--ros-config', file], {})).toThrow(/expected \{"topics"/);
  });

  it.skipIf(!HAVE_ROS)('npm run backend -- --ros: starts without a master, connects when the robot boots', async () => {
    const port = await freePort();
    const uri = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'backend/main.ts', '--ros', uri, '--port', '0', '--teleop-port', '0', '--reset'], {
      cwd: resolve(import.meta.dirname, '../..'),
      env: { ...process.env, ROBOT_DB: join(tmp.dir, 'robot.db'), ROBOT_BACKEND: '', ROS_HOSTNAME: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.child = child;
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    const url = await new Promise<string>((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`no startup line: ${out}`)), 20_000);
      const look = () => {
        const m = /back end on (http:\/\/[\d.]+:\d+) .*driving the ROS robot at/.exec(out);
        if (m) {
          clearTimeout(timer);
          ok(m[1] as string);
        }
      };
      child.stdout?.on('data', look);
      child.once('exit', (code) => fail(new Error(`exited ${code}: ${out}`)));
    });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const ws = new Probe(url.replace(/^http/, 'ws') + '/ws');
    await ws.waitFor('robot/disconnected');
    running.master = await startMaster(tmp.dir, port);
    running.robot = await startRobot(tmp.dir, running.master.uri);
    await ws.waitFor('robot/connected', () => true, 15_000);
    ws.close();
    const exited = new Promise((ok) => child.once('exit', (code) => ok(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
