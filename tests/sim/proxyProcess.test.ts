/**
 * The pass-through server from the command line (`backend/main.ts --backend https://...`) in front of a robot that
 * serves HTTPS and WSS with a self-signed certificate, trusted the documented way (NODE_EXTRA_CA_CERTS): the
 * first-access login (which asks the robot whether a PIN exists), a call, the teleop socket over wss, and SIGTERM
 * (sockets closed 1001, exit 0).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, login, Probe, startTestSim, type TestSim } from './helpers';

const root = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'proxy-process-'));
const cert = join(dir, 'cert.pem');
const key = join(dir, 'key.pem');
execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });

let robot: TestSim | null = null;
let child: ChildProcess | null = null;
afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await robot?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('backend/main.ts --backend https://robot', () => {
  it('logs in, calls and drives through to an https/wss robot, and stops cleanly on SIGTERM', async () => {
    robot = await startTestSim({ speed: 5, tls: { cert, key } });
    const args = ['--import', 'tsx', 'backend/main.ts', '--backend', robot.base, '--robot-teleop', `wss://127.0.0.1:${robot.sim.teleopPort}`, '--port', '0', '--teleop-port', '0'];
    const proc = spawn(process.execPath, args, { cwd: root, env: { ...process.env, NODE_EXTRA_CA_CERTS: cert, ROBOT_BACKEND: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    const exited = new Promise<number | null>((ok) => proc.once('exit', (code) => ok(code)));
    let out = '';
    const started = await new Promise<{ url: string; teleopPort: number }>((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`no startup line: ${out}`)), 30_000);
      const onData = (d: Buffer) => {
        out += d.toString();
        const m = /app on (http:\/\/[\d.]+:\d+).*\(teleop port (\d+)\)/.exec(out);
        if (!m) return;
        clearTimeout(timer);
        ok({ url: m[1] as string, teleopPort: Number(m[2]) });
      };
      proc.stdout?.on('data', onData);
      proc.stderr?.on('data', (d: Buffer) => (out += d.toString()));
      void exited.then((code) => fail(new Error(`exited ${code}: ${out}`)));
    });
    // First access: the demo PIN opens a session only while the robot has no PIN, which the proxy asks over HTTPS.
    const cookie = await login(started.url, '123456', '/api/auth');
    expect((await call(started.url, 'GET', '/api/auth/session', undefined, cookie)).body).toEqual({ data: { active: true } });
    expect((await call(started.url, 'GET', '/api/settings', undefined, cookie)).body.data).toMatchObject({ has_superadmin_pin: false });
    const ws = new Probe(`${started.url.replace('http', 'ws')}/ws`, cookie);
    const tp = new Probe(`ws://127.0.0.1:${started.teleopPort}`, cookie);
    await Promise.all([ws.opened, tp.opened]);
    await ws.waitFor('robot/connected');
    tp.send({ client_id: 'cli', op: 'manual_mode_status' });
    expect(await tp.waitFor('manual_mode_status')).toMatchObject({ payload: { actual_mode: { mode: 'NORMAL' } } });
    const codes = [ws, tp].map((p) => new Promise<number>((ok) => p.ws.once('close', (code) => ok(code))));
    const start = performance.now();
    proc.kill('SIGTERM');
    expect(await Promise.all(codes)).toEqual([1001, 1001]);
    expect(await exited).toBe(0);
    expect(performance.now() - start).toBeLessThan(5_000);
  });
});
