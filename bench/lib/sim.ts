/** An in-process simulator on free ports with a fresh database in a temporary folder, as the e2e tests use. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type Simulator } from '../../backend/server';

export interface BenchSim {
  sim: Simulator;
  close(): Promise<void>;
}

/** Starts a simulator serving `staticDir` (a built app): a fresh robot, or with `demo` the demo robot (set up, PIN 123456). */
export async function startBenchSim(staticDir: string, options: { demo?: boolean } = {}): Promise<BenchSim> {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-bench-'));
  const demo = options.demo === true;
  const sim = await startSimulator({ port: 0, teleopPort: 0, dbPath: join(dir, 'robot.db'), reset: !demo, demo, control: true, staticDir });
  return {
    sim,
    close: async () => {
      await sim.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
