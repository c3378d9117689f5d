/**
 * Browser tests run the built app against a real simulator started in-process per test, on free ports, with a
 * fresh database and the control surface on.
 */
import { test as base, type ConsoleMessage, expect, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type Simulator } from '../../backend/server';
import { authedFetch } from './helpers/session';

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
  /**
   * `false`: the browser is treated as a device elsewhere on the network, not the robot's own screen (the back
   * end's `isRobotScreen` rule), so `/ws` carries it only the public frames until it logs in.
   */
  robotScreen?: boolean;
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
  page: async ({ page }, use) => {
    const delay = Number(process.env.E2E_SLOW_WORKER_MS ?? 0);
    if (delay > 0) await page.addInitScript(slowWorkerMessages, delay);
    // A Content-Security-Policy violation is a bug (api.md: the app works under its own policy): the page's and
    // its workers' reports fail the test that caused them.
    const violations: string[] = [];
    const csp = (m: ConsoleMessage) => /Content Security Policy/i.test(m.text()) && violations.push(m.text());
    page.on('console', csp);
    page.on('worker', (w) => w.on('console', csp));
    await use(page);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
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
      ...(simOptions.robotScreen === false ? { isRobotScreen: () => false } : {}),
    });
    await use(sim);
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  },
  control: async ({ sim }, use) => {
    await use(async (path, body = {}) => {
      const res = await authedFetch(sim, `${sim.url}/control/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`control ${path}: ${res.status} ${await res.text()}`);
    });
  },
  settings: async ({ sim }, use) => {
    await use(async (patch) => {
      const res = await authedFetch(sim, `${sim.url}/api/settings`, {
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

/**
 * With `E2E_SLOW_WORKER_MS=n`, every message from a worker (the core's answers and pushes, Comlink's callback
 * ports included) reaches the page n ms late, in order. A flake hunt: a test that taps on a screen before the
 * worker's snapshot has redrawn it passes on a quick machine and fails here every time (CI once did, 28 Nov).
 * Runs in the page, before its scripts.
 */
function slowWorkerMessages(delay: number) {
  for (const proto of [Worker.prototype, MessagePort.prototype] as EventTarget[]) {
    const add = proto.addEventListener;
    const remove = proto.removeEventListener;
    // Per target, since Comlink removes each request's listener once its answer is in.
    const late = new WeakMap<EventTarget, Map<EventListenerOrEventListenerObject, EventListener>>();
    const lateOf = (target: EventTarget, listener: EventListenerOrEventListenerObject) => {
      let mine = late.get(target);
      if (!mine) late.set(target, (mine = new Map()));
      let wrapped = mine.get(listener);
      if (!wrapped) {
        const call = (event: Event) => (typeof listener === 'function' ? listener.call(target, event) : listener.handleEvent(event));
        wrapped = (event: Event) => void setTimeout(call, delay, event);
        mine.set(listener, wrapped);
      }
      return wrapped;
    };
    proto.addEventListener = function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) {
      return add.call(this, type, type === 'message' && listener ? lateOf(this, listener) : listener, options);
    };
    proto.removeEventListener = function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions) {
      return remove.call(this, type, type === 'message' && listener ? lateOf(this, listener) : listener, options);
    };
  }
}
