/**
 * A real ROS 1 graph for tests: Debian's rosmaster on a free port, the rospy test robot (testRobot.py, run with
 * Debian's /usr/bin/python3), and the back end driving it in-process. Every process started here is stopped
 * by the `stop`/`close` functions it returns (tests call them in afterAll/afterEach).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_TOPICS, type RosOptions } from '../../backend/robots/ros/config';
import { type Backend, type BackendOptions, startBackend } from '../../backend/server';
import { call, type Answer, sessionCookie, until } from '../sim/helpers';
import { closeStdinAndWait, robotOutput, type RobotLine } from './robotProcess';

export const ROSMASTER = '/usr/bin/rosmaster';
export const PYTHON = '/usr/bin/python3';
const ROBOT_SCRIPT = join(import.meta.dirname, 'testRobot.py');

/** Whether Debian's ROS packages are installed (npm test installs them, see scripts/test.mjs). */
export const HAVE_ROS =
  existsSync(ROSMASTER) &&
  ['rospy', 'nav_msgs', 'sensor_msgs', 'geometry_msgs', 'std_msgs', 'actionlib_msgs', 'diagnostic_msgs'].every((m) => existsSync(`/usr/lib/python3/dist-packages/${m}/__init__.py`));

/** A free TCP port on loopback (the master's). */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });
}

/** ROS's own files (logs) go to a temp folder, not the user's ~/.ros. */
function rosEnv(dir: string, masterUri: string): NodeJS.ProcessEnv {
  return { ...process.env, ROS_MASTER_URI: masterUri, ROS_HOSTNAME: '127.0.0.1', ROS_HOME: dir, ROS_LOG_DIR: join(dir, 'log'), PYTHONUNBUFFERED: '1' };
}

/** Stops a child: SIGTERM, then SIGKILL if it lingers. */
async function kill(child: ChildProcess, graceMs = 3000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** A running rosmaster. */
export interface Master {
  uri: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts rosmaster on `port` (a free one by default) and waits until it answers XML-RPC. It runs under a
 * shell that stops it when its stdin closes, so a test runner that dies (killed, timed out) leaves no master
 * behind: the pipe closes with it.
 */
export async function startMaster(dir: string, port?: number): Promise<Master> {
  const p = port ?? (await freePort());
  const uri = `http://127.0.0.1:${p}/`;
  const script = `"${ROSMASTER}" --core -p ${p} -w 3 & m=$!; cat >/dev/null; kill $m 2>/dev/null; wait $m`;
  const child = spawn('/bin/sh', ['-c', script], { env: rosEnv(dir, uri), stdio: ['pipe', 'ignore', 'pipe'] });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()).length > 4000 && (err = err.slice(-4000)));
  const stop = () => closeStdinAndWait(child, 5000);
  try {
    await until(async () => (await masterAnswers(uri)) || child.exitCode !== null, 20_000, 100);
    if (child.exitCode !== null) throw new Error(`rosmaster exited ${child.exitCode}: ${err}`);
  } catch (e) {
    await stop();
    throw e;
  }
  return { uri, port: p, stop };
}

/** Whether the master at `uri` answers getUri. */
export async function masterAnswers(uri: string): Promise<boolean> {
  const body = '<?xml version="1.0"?><methodCall><methodName>getUri</methodName><params><param><value>/probe</value></param></params></methodCall>';
  try {
    const res = await fetch(uri, { method: 'POST', body, headers: { 'content-type': 'text/xml' }, signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

/** What the test robot printed: `{"got": ...}` for each command it received, `{"done": ...}` for each control. */
export type { RobotLine } from './robotProcess';

/** The running rospy test robot. */
export interface TestRobot {
  lines: RobotLine[];
  /** Resolves with the first line (at index `from` or later) that matches. */
  waitFor(pred: (l: RobotLine) => boolean, timeoutMs?: number, from?: number): Promise<RobotLine>;
  /** Received commands on `topic` ('goal', 'cancel', 'cmd_vel', 'initialpose', 'follow_me', 'mapping'). */
  got(topic: string): RobotLine[];
  control(cmd: RobotLine): Promise<void>;
  stop(): Promise<void>;
}

/** Starts testRobot.py against the master and waits until it is up. */
export async function startRobot(dir: string, masterUri: string): Promise<TestRobot> {
  const child = spawn(PYTHON, [ROBOT_SCRIPT], { env: rosEnv(dir, masterUri), stdio: ['pipe', 'pipe', 'pipe'] });
  const { lines, waitFor } = robotOutput(child, 'test robot');
  const robot: TestRobot = {
    lines,
    waitFor,
    got: (topic) => lines.filter((l) => l.got === topic),
    control: async (cmd) => {
      const from = lines.length;
      child.stdin?.write(JSON.stringify(cmd) + '\n');
      await waitFor((l) => l.done !== undefined || l.error !== undefined, 10_000, from);
    },
    stop: () => kill(child),
  };
  try {
    await waitFor((l) => l.ready === true, 30_000);
  } catch (e) {
    await kill(child);
    throw e;
  }
  return robot;
}

/** The back end on a ROS robot, with a temp database; the test robot's two batteries configured. */
export interface TestBackend {
  backend: Backend;
  base: string;
  /** a call with the test's session (made in-process, tests/sim/helpers.ts `sessionCookie`) */
  call: (method: string, path: string, body?: unknown) => Promise<Answer>;
  /** the `Cookie` header value of that session, for the teleop socket */
  cookie: string;
  close(): Promise<void>;
}

export async function startRosBackend(dir: string, masterUri: string, ros: Partial<RosOptions> = {}, opts: Partial<BackendOptions> = {}): Promise<TestBackend> {
  const backend = await startBackend({
    port: 0,
    teleopPort: 0,
    dbPath: join(dir, 'robot.db'),
    reset: true,
    staticDir: join(dir, 'no-dist'),
    ...opts,
    ros: { masterUri, topics: { ...DEFAULT_TOPICS, batteries: ['/battery_state', '/battery_aux'] }, nodeName: '/kiosk_test', ...ros },
  });
  const cookie = sessionCookie(backend);
  return { backend, base: backend.url, cookie, call: (m, p, b) => call(backend.url, m, p, b, cookie), close: () => backend.close() };
}

/** A temp folder for one test file, and its removal. */
export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
