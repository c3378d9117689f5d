/**
 * A crash (SIGKILL) during a burst of writes loses no acknowledged write: the simulator runs as a child
 * process, is killed while requests are in flight, and a restart must hold every write that was answered.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, login } from './helpers';

const root = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'sim-crash-'));
const db = join(dir, 'robot.db');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Starts `backend/main.ts` in a child process on free ports and resolves its URL from the startup line. */
function spawnSim(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'backend/main.ts', '--port', '0', '--teleop-port', '0'], {
    cwd: root,
    env: { ...process.env, ROBOT_DB: db, SIM_SPEED: '10', ROBOT_BACKEND: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`no startup line: ${out}`)), 20_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        ok({ child, url: m[1] as string });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => fail(new Error(`exited ${code}: ${out}`)));
  });
}

describe('crash safety', () => {
  it('keeps every acknowledged write after kill -9 mid-burst', async () => {
    const first = await spawnSim();
    // A fresh robot: the first-access PIN gives the session (api.md "Sessions"); a restart needs a new one.
    const session = await login(first.url, '123456', '/api/auth');
    const acked: { id: number; name: string }[] = [];
    let settingsAcked = 0;
    let stop = false;
    // Writers in parallel: three create destinations, one keeps renaming the robot.
    const writer = async (w: number) => {
      for (let i = 1; !stop; i++) {
        try {
          if (w === 0) {
            const s = await call(first.url, 'PATCH', '/api/settings', { robot_name: `r-${i}` }, session);
            if (s.status === 200) settingsAcked = i;
            continue;
          }
          const name = `w${w}-${i}`;
          const r = await call(first.url, 'POST', '/api/destination', { name, x: i % 20, y: w, orientation: 0, resolution: 0.05 }, session);
          if (r.status === 200) acked.push({ id: r.body.data.id, name });
        } catch {
          return; // the process died under this request: it was never acknowledged
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    const exited = new Promise((ok) => first.child.once('exit', ok));
    while (acked.length < 150) await new Promise((r) => setTimeout(r, 5));
    first.child.kill('SIGKILL');
    await exited;
    stop = true;
    await Promise.all(writers);

    const second = await spawnSim();
    const stored = (await call(second.url, 'GET', '/api/destinations', undefined, await login(second.url, '123456', '/api/auth'))).body.data as { id: number; name: string }[];
    const byId = new Map(stored.map((d) => [d.id, d.name]));
    const lost = acked.filter((a) => byId.get(a.id) !== a.name);
    expect(lost).toEqual([]);
    expect(stored.length).toBeGreaterThanOrEqual(acked.length);
    // The last acknowledged rename (or one still in flight when the process died) is there.
    const robotName = (await call(second.url, 'GET', '/api/settings')).body.data.robot_name as string;
    expect(settingsAcked).toBeGreaterThan(0);
    expect(Number(robotName.slice(2))).toBeGreaterThanOrEqual(settingsAcked);
    second.child.kill('SIGTERM');
    await new Promise((ok) => second.child.once('exit', ok));
  });
});
