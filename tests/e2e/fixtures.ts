/**
 * Browser tests run the built app against a real simulator started in-process per test, on free ports, with a
 * fresh database and the control surface on.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type Simulator } from '../../backend/server';

export interface SimOptions {
  demo: boolean;
  speed: number;
  /**
   * The app opens the teleop socket on port 9191 of its own host (api.md). With `teleop`, the simulator listens
   * on a random loopback address (127.x.y.z) with its teleop socket on 9191 there, so parallel runs do not
   * collide on the fixed port.
   */
  teleop?: boolean;
  /** a map_server YAML to use as the ground truth (`--map`) */
  map?: string;
}

export interface SimFixture {
  sim: Simulator;
  /** POST to the simulator's /control/ surface. */
  control(path: string, body?: unknown): Promise<void>;
  /** PATCH the settings directly, to set up a scenario. */
  settings(patch: Record<string, unknown>): Promise<void>;
}

export const test = base.extend<SimFixture & { simOptions: SimOptions }>({
  simOptions: [{ demo: false, speed: 1 }, { option: true }],
  sim: async ({ simOptions }, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-e2e-'));
    const sim = await startSimulator({
      ...(simOptions.teleop ? { host: randomLoopback(), teleopPort: 9191 } : { teleopPort: 0 }),
      port: 0,
      dbPath: join(dir, 'robot.db'),
      reset: !simOptions.demo,
      demo: simOptions.demo,
      control: true,
      staticDir: 'dist',
      speed: simOptions.speed,
      map: simOptions.map,
    });
    await use(sim);
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  },
  control: async ({ sim }, use) => {
    await use(async (path, body = {}) => {
      const res = await fetch(`${sim.url}/control/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`control ${path}: ${res.status} ${await res.text()}`);
    });
  },
  settings: async ({ sim }, use) => {
    await use(async (patch) => {
      const res = await fetch(`${sim.url}/api/settings`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(patch),
      });
      if (!res.ok) throw new Error(`settings: ${res.status} ${await res.text()}`);
    });
  },
});

export { expect };

/** A loopback address other than 127.0.0.1 (Linux routes all of 127/8 to the loopback interface). */
function randomLoopback(): string {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  return `127.${byte()}.${byte()}.${byte()}`;
}

/** Waits until the worker has pushed its first state and the shell shows. */
export async function waitForShell(page: Page): Promise<void> {
  await expect(page.locator('.topbar')).toBeVisible();
}
