/**
 * The Fast DDS test robot (fastddsRobot.cpp): built here with g++ against Debian's libfastrtps and libfastcdr
 * (installed with apt-get when missing, as the Cyclone packages are), in build/ros2/ named by a hash of its
 * sources, and started on loopback and unicast only by fastddsLoopback.xml (FASTRTPS_DEFAULT_PROFILES_FILE).
 * Its stdout lines are the C robot's (ros2Harness.ts), so the same waiting helpers apply.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureDebianPackages } from '../../backend/robots/ros2/build';
import { closeStdinAndWait, robotOutput, type RobotLine } from '../ros/robotProcess';
import { ddsEnv } from './ros2Harness';

/** Debian's Fast DDS (2.9 in Debian 12), and a file each installs. */
export const FASTDDS_PACKAGES = [
  { name: 'libfastrtps-dev', file: '/usr/include/fastdds/dds/domain/DomainParticipant.hpp' },
  { name: 'libfastcdr-dev', file: '/usr/include/fastcdr/Cdr.h' },
];

const here = (f: string) => join(import.meta.dirname, f);
const OUT = resolve(import.meta.dirname, '../../build/ros2');

/** The robot's program, built if missing or stale; throws (with the compiler's words) when it cannot be. */
export function fastddsRobotProgram(): string {
  ensureDebianPackages('Fast DDS', FASTDDS_PACKAGES);
  const src = here('fastddsRobot.cpp');
  const hash = createHash('sha256').update(readFileSync(src)).update(readFileSync(here('fastddsEndpoints.hpp')));
  const exe = join(OUT, `fastddsrobot-${hash.digest('hex').slice(0, 12)}`);
  if (existsSync(exe)) return exe;
  mkdirSync(OUT, { recursive: true });
  const tmp = `${exe}.tmp-${process.pid}`; // renamed into place: two runners building at once do not collide
  try {
    execFileSync('g++', ['-O1', '-Wall', '-std=c++17', '-o', tmp, src, '-lfastrtps', '-lfastcdr', '-lpthread'], { stdio: 'pipe' });
    renameSync(tmp, exe);
  } catch (err) {
    const e = err as Error & { stderr?: Buffer };
    throw new Error(`building the Fast DDS test robot failed: ${e.stderr?.toString() || e.message}`);
  } finally {
    rmSync(tmp, { force: true });
  }
  return exe;
}

export interface FastddsRobot {
  lines: RobotLine[];
  waitFor(pred: (l: RobotLine) => boolean, timeoutMs?: number): Promise<RobotLine>;
  stop(): Promise<void>;
}

/** Starts the Fast DDS robot on `domain` and waits until it is up. */
export async function startFastddsRobot(domain: number): Promise<FastddsRobot> {
  const env = { ...ddsEnv(domain), FASTRTPS_DEFAULT_PROFILES_FILE: here('fastddsLoopback.xml') };
  const child: ChildProcess = spawn(fastddsRobotProgram(), [], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const { lines, waitFor } = robotOutput(child, 'Fast DDS test robot');
  const stop = () => closeStdinAndWait(child); // it exits when its stdin closes
  try {
    await waitFor((l) => l.ready === true, 20_000);
  } catch (e) {
    await stop();
    throw e;
  }
  return { lines, waitFor, stop };
}
