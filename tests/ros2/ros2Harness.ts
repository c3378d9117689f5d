/**
 * A real ROS 2 (DDS) peer for tests: the C test robot (testRobot.c, built here like the bridges) on either
 * middleware, Cyclone DDS (robotCyclone.c, rmw_cyclonedds' wire) or Fast DDS (robotFastdds.cpp, rmw_fastrtps'),
 * and the back end driving it in-process. DDS stays on loopback and unicast: CYCLONEDDS_URI names the loopback
 * interface, forbids multicast and lists 127.0.0.1 as the only peer, and fastddsLoopback.xml
 * (FASTRTPS_DEFAULT_PROFILES_FILE) does the same for Fast DDS; each test file takes a domain of its own, so runs
 * at the same time do not meet. Every process started here is stopped by the `stop`/`close` functions it returns.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildDdsProgram, CYCLONE_PACKAGES, ensureCyclone } from '../../backend/robots/ros2/build';
import type { Rmw } from '../../backend/robots/ros2/middleware';
import { DEFAULT_ROS2_TOPICS, type Ros2Options } from '../../backend/robots/ros2/config';
import { JAZZY_NAVIGATE_RESULT } from '../../backend/robots/ros2/interfaces';
import { type BackendOptions, startBackend } from '../../backend/server';
import type { TestBackend } from '../ros/rosHarness';
import { closeStdinAndWait, robotOutput, type RobotLine } from '../ros/robotProcess';
import { call, sessionCookie } from '../sim/helpers';

export { tempDir } from '../ros/rosHarness';
export type { RobotLine, TestBackend };

/** Whether Cyclone DDS is there, installed if needed (npm test installs it too, see scripts/test.mjs). */
export const HAVE_CYCLONE = (() => {
  try {
    ensureCyclone();
  } catch (err) {
    console.warn((err as Error).message);
  }
  return CYCLONE_PACKAGES.every((p) => existsSync(p.file));
})();

/**
 * Loopback only, unicast only: discovery goes to 127.0.0.1's participant ports (indices 0..30), never to a
 * multicast group, and nothing leaves the machine.
 */
export const LOOPBACK_CYCLONE =
  '<CycloneDDS><Domain id="any"><General><Interfaces><NetworkInterface name="lo"/></Interfaces>' +
  '<AllowMulticast>false</AllowMulticast></General><Discovery><ParticipantIndex>auto</ParticipantIndex>' +
  '<MaxAutoParticipantIndex>30</MaxAutoParticipantIndex><Peers><Peer address="127.0.0.1"/></Peers></Discovery>' +
  '</Domain></CycloneDDS>';

/** A domain of this test file's own (1..200): DDS ports are 7400 + 250 x domain. */
export function freeDomain(): number {
  return 1 + Math.floor(Math.random() * 200);
}

/** Fast DDS's twin of LOOPBACK_CYCLONE, a profiles file. */
export const LOOPBACK_FASTDDS = join(import.meta.dirname, 'fastddsLoopback.xml');

/** The environment of every DDS process here (the in-process back end's bridges inherit process.env). */
export function ddsEnv(domain: number): NodeJS.ProcessEnv {
  return { ...process.env, CYCLONEDDS_URI: LOOPBACK_CYCLONE, FASTRTPS_DEFAULT_PROFILES_FILE: LOOPBACK_FASTDDS, ROS_DOMAIN_ID: String(domain) };
}
process.env.CYCLONEDDS_URI = LOOPBACK_CYCLONE;
process.env.FASTRTPS_DEFAULT_PROFILES_FILE = LOOPBACK_FASTDDS;

/** The running C test robot. */
export interface TestRobot {
  lines: RobotLine[];
  waitFor(pred: (l: RobotLine) => boolean, timeoutMs?: number, from?: number): Promise<RobotLine>;
  /** Received commands of one kind ('goal', 'cancel', 'cmd_vel', 'initialpose', 'follow_me', 'mapping'). */
  got(what: string): RobotLine[];
  /** A control line (testRobot.c's header lists them), answered once the robot did it. */
  control(cmd: string): Promise<void>;
  stop(): Promise<void>;
}

/** Which test robot: its middleware (default Cyclone DDS), and with `jazzy` Jazzy's NavigateToPose result. */
export interface RobotKind {
  rmw?: Rmw;
  jazzy?: boolean;
}

/** The test robot's program: Humble's NavigateToPose result (empty), or with `jazzy` Jazzy's; on `rmw`'s wire. */
export function robotProgram({ rmw = 'cyclonedds', jazzy = false }: RobotKind = {}): string {
  const here = (f: string) => join(import.meta.dirname, f);
  const fastdds = rmw === 'fastrtps';
  const overrides = jazzy ? new Map([['nav2_msgs/action/NavigateToPose_Result', JAZZY_NAVIGATE_RESULT]]) : undefined;
  const variant = { overrides, defines: jazzy ? ['JAZZY_RESULT'] : [], fastdds };
  const name = `ros2testrobot${fastdds ? '-fastdds' : ''}${jazzy ? '-jazzy' : ''}`;
  const sources = [here('testRobot.c'), here('robotMessages.c'), here(fastdds ? 'robotFastdds.cpp' : 'robotCyclone.c')];
  const headers = [here('testRobot.h'), here('robotDds.h'), ...(fastdds ? [join(import.meta.dirname, '../../backend/robots/ros2/fastddsRaw.hpp')] : [])];
  return buildDdsProgram(name, sources, headers, variant);
}

/** Starts the test robot on `domain` and waits until it is up. `env`: more of its environment. */
export async function startRos2TestRobot(domain: number, kind: RobotKind = {}, env: NodeJS.ProcessEnv = {}): Promise<TestRobot> {
  const child: ChildProcess = spawn(robotProgram(kind), [], { env: { ...ddsEnv(domain), ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  const { lines, waitFor } = robotOutput(child, `ROS 2 test robot (${kind.rmw ?? 'cyclonedds'})`);
  const stop = () => closeStdinAndWait(child); // it exits when its stdin closes
  const robot: TestRobot = {
    lines,
    waitFor,
    got: (what) => lines.filter((l) => l.got === what),
    control: async (cmd) => {
      const from = lines.length;
      child.stdin?.write(cmd + '\n');
      await waitFor((l) => l.done === cmd, 10_000, from);
    },
    stop,
  };
  try {
    await waitFor((l) => l.ready === true, 20_000);
  } catch (e) {
    await stop();
    throw e;
  }
  return robot;
}

/** The back end on the ROS 2 robot of `domain`, with a temp database; the test robot's two batteries configured. */
export async function startRos2Backend(dir: string, domain: number, ros2: Partial<Ros2Options> = {}, opts: Partial<BackendOptions> = {}): Promise<TestBackend> {
  const backend = await startBackend({
    port: 0,
    teleopPort: 0,
    dbPath: join(dir, 'robot.db'),
    reset: true,
    staticDir: join(dir, 'no-dist'),
    ...opts,
    ros2: { domain, topics: { ...DEFAULT_ROS2_TOPICS, batteries: ['/battery_state', '/battery_aux'] }, ...ros2 },
  });
  const cookie = sessionCookie(backend);
  return { backend, base: backend.url, cookie, call: (m, p, b) => call(backend.url, m, p, b, cookie), close: () => backend.close() };
}
