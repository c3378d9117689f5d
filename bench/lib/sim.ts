/** An in-process simulator on free ports with a fresh database in a temporary folder, as the e2e tests use. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type Simulator } from '../../backend/server';

export interface BenchSim {
  sim: Simulator;
  close(): Promise<void>;
}

/** Starts a simulator serving `staticDir` (a built app). */
export async function startBenchSim(staticDir: string): Promise<BenchSim> {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-bench-'));
  const sim = await startSimulator({ port: 0, teleopPort: 0, dbPath: join(dir, 'robot.db'), reset: true, control: true, staticDir });
  return {
    sim,
    close: async () => {
      await sim.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
