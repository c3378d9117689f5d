/**
 * A test robot's process (the rospy robot, the Cyclone and Fast DDS robots) as the tests see it: it prints one
 * JSON object a line about what it does and what it received; other output is its middleware's and is skipped.
 * Written once for the three harnesses.
 */
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { until } from '../sim/helpers';

/** One line the test robot printed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the robots' lines are free-form JSON
export type RobotLine = Record<string, any>;

/** The lines so far, and a wait for one that matches. */
export interface RobotOutput {
  lines: RobotLine[];
  /** Resolves with the first line (at index `from` or later) that matches; fails with the last lines and stderr. */
  waitFor(pred: (l: RobotLine) => boolean, timeoutMs?: number, from?: number): Promise<RobotLine>;
}

/** Collects `child`'s JSON lines; `label` names the robot in a failed wait. */
export function robotOutput(child: ChildProcess, label: string): RobotOutput {
  const lines: RobotLine[] = [];
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()).length > 4000 && (err = err.slice(-4000)));
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (l) => {
    try {
      lines.push(JSON.parse(l) as RobotLine);
    } catch {
      // the middleware's own output: not ours
    }
  });
  const waitFor = (pred: (l: RobotLine) => boolean, timeoutMs = 15_000, from = 0) =>
    until(() => lines.slice(from).find(pred), timeoutMs, 20).catch(() => {
      throw new Error(`${label}: no matching line in ${timeoutMs} ms; got ${JSON.stringify(lines.slice(-8))}; stderr ${err.slice(-1500)}`);
    });
  return { lines, waitFor };
}

/** Stops a process that exits when its stdin closes (the DDS robots, the ROS master's script), killing it if it has not within `graceMs`. */
export async function closeStdinAndWait(child: ChildProcess, graceMs = 3000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  child.stdin?.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
