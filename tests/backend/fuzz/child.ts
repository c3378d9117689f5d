/**
 * The real back end as a child process (`backend/main.ts`, as systemd or a shell would start it), on free ports
 * with its own database: the fuzz test measures that process's memory and watches its output and exit.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');

export interface ChildBackend {
  child: ChildProcess;
  url: string;
  port: number;
  teleopPort: number;
  /** everything it wrote to stdout and stderr so far */
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts `backend/main.ts` with `args` (plus free ports and a fresh database); `node` flags go before it. */
export function spawnBackend(args: string[] = [], nodeFlags: string[] = []): Promise<ChildBackend> {
  const dir = mkdtempSync(join(tmpdir(), 'backend-child-'));
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'backend/main.ts', '--port', '0', '--teleop-port', '0', ...args], {
    cwd: root,
    env: { ...process.env, ROBOT_DB: join(dir, 'robot.db'), SIM_SPEED: '1', ROBOT_BACKEND: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((ok) => child.once('exit', ok));
      child.kill('SIGKILL');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => (void stop(), fail(new Error(`no startup line: ${out}`))), 30_000);
    const onData = () => {
      // The simulator's startup line, or the pass-through server's (`app on URL, passing ... (teleop port N)`).
      const m = /on (http:\/\/[\d.]+:(\d+))[^\n]*?\(teleop (?:ws )?port (\d+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      ok({ child, url: m[1] as string, port: Number(m[2]), teleopPort: Number(m[3]), output: () => out, stop });
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`exited ${code}: ${out}`));
    });
  });
}
