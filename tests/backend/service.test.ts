/**
 * The back end as a service (deploy/robot-kiosk.service): `systemd-analyze verify` passes on the unit rendered with
 * this checkout's paths; its ExecStart, started as systemd would (its user, environment, working directory, state
 * folder, umask), serves /healthz from the built back end; and on SIGTERM it finishes a report upload in progress,
 * closes /ws and the teleop socket with 1001 and exits 0 within 5 s. systemd is installed here but is not PID 1,
 * so the sandbox options are checked by `verify` and by reading them, not applied.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { assignments, envFileAssignments, execStart, ROOT, rendered, settings, UNIT_FILE, value } from './serviceUnit';

const USER = 'robot-kiosk';
const isRoot = process.getuid?.() === 0;
const work = mkdtempSync(join(tmpdir(), 'service-test-'));
const stateRoot = join(work, 'var-lib');
const envFile = join(work, 'env');
const unitText = readFileSync(UNIT_FILE, 'utf8');
let createdUser = false;
let uid = 0;
let gid = 0;

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const port = (s.address() as { port: number }).port;
  await new Promise((ok) => s.close(ok));
  return port;
}

beforeAll(() => {
  // The unit runs the built back end: build it as deploy/install.sh does (esbuild, about a second).
  execFileSync(process.execPath, [join(ROOT, 'deploy', 'build-backend.mjs')], { stdio: 'ignore' });
  if (!isRoot) return;
  if (spawnSync('id', ['-u', USER]).status !== 0) {
    execFileSync('useradd', ['--system', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', USER]);
    createdUser = true;
  }
  uid = Number(execFileSync('id', ['-u', USER]).toString());
  gid = Number(execFileSync('id', ['-g', USER]).toString());
}, 30_000);
afterAll(() => {
  if (createdUser) spawnSync('userdel', [USER]);
  rmSync(work, { recursive: true, force: true });
});

describe('deploy/robot-kiosk.service', () => {
  it('passes systemd-analyze verify (rendered with this checkout’s paths)', () => {
    const dir = join(work, 'unit');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'robot-kiosk.service'), rendered(stateRoot, envFile));
    const r = spawnSync('systemd-analyze', ['verify', '--man=no', join(dir, 'robot-kiosk.service')], { encoding: 'utf8' });
    expect({ status: r.status, stderr: r.stderr.trim() }).toEqual({ status: 0, stderr: '' });
    // And a unit with a mistake does not pass, so the check can fail.
    writeFileSync(join(dir, 'robot-kiosk.service'), rendered(stateRoot, envFile).replace('ProtectHome=yes', 'ProtectHomme=yes'));
    expect(spawnSync('systemd-analyze', ['verify', '--man=no', join(dir, 'robot-kiosk.service')], { encoding: 'utf8' }).stderr).toMatch(/Unknown key 'ProtectHomme'/);
  });

  it('runs as its own user with its state under /var/lib, restarts always, sandboxed, DDS multicast kept', () => {
    expect(value(unitText, 'User')).toBe(USER);
    expect(value(unitText, 'StateDirectory')).toBe('robot-kiosk');
    expect(value(unitText, 'Restart')).toBe('always');
    expect(value(unitText, 'ExecStart')).toMatch(/^\/usr\/bin\/node \/opt\/robot-kiosk\/build\/backend\/main\.mjs /);
    for (const [k, v] of Object.entries({
      ProtectSystem: 'strict',
      ProtectHome: 'yes',
      NoNewPrivileges: 'yes',
      PrivateTmp: 'yes',
      PrivateDevices: 'yes',
      ProtectKernelTunables: 'yes',
      ProtectKernelModules: 'yes',
      CapabilityBoundingSet: '',
      SystemCallFilter: '@system-service',
    }))
      expect([k, value(unitText, k)]).toEqual([k, v]);
    expect(value(unitText, 'RestrictAddressFamilies')?.split(/\s+/).sort()).toEqual(['AF_INET', 'AF_INET6', 'AF_NETLINK', 'AF_UNIX']);
    expect(value(unitText, 'MemoryMax')).toMatch(/^\d+[KMG]$/);
    // Nothing that would cut a ROS 2 robot's DDS discovery (UDP multicast) off.
    for (const k of ['IPAddressDeny', 'PrivateNetwork', 'MemoryDenyWriteExecute']) expect(value(unitText, k)).toBeUndefined();
  });
});

/** The service process, started from the unit as systemd would. */
let proc: ChildProcess | null = null;
let exit: Promise<{ code: number | null; signal: string | null }>;
let port = 0;
let teleopPort = 0;

describe.skipIf(!isRoot)('started as systemd would', () => {
  beforeAll(async () => {
    port = await freePort();
    teleopPort = await freePort();
    // The robot's own settings file: here, free ports on loopback.
    writeFileSync(envFile, `# per robot\nKIOSK_ARGS="--host 127.0.0.1 --port ${port} --teleop-port ${teleopPort}"\n`);
    const unit = rendered(stateRoot, envFile);
    // StateDirectory=: systemd creates %S/robot-kiosk owned by the unit's user, mode StateDirectoryMode.
    const state = join(stateRoot, value(unit, 'StateDirectory') as string);
    // The folders above it can be walked through, as /var/lib is (mkdtemp makes its folder private).
    chmodSync(work, 0o755);
    mkdirSync(stateRoot, { mode: 0o755 });
    mkdirSync(state, { mode: 0o750 });
    chownSync(state, uid, gid);
    // The environment systemd gives a service with User=, then Environment= lines in order, then EnvironmentFile=.
    const env: Record<string, string> = { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: '/nonexistent', USER, LOGNAME: USER, SHELL: '/usr/sbin/nologin', STATE_DIRECTORY: state };
    for (const [, v] of settingsOf(unit, 'Environment')) for (const [name, val] of assignments(v)) env[name] = val;
    for (const [, v] of settingsOf(unit, 'EnvironmentFile')) for (const [name, val] of envFileAssignments(readFileSync(v.replace(/^-/, ''), 'utf8'))) env[name] = val;
    const argv = execStart(unit, env);
    const umask = value(unit, 'UMask') ?? '0022';
    // setpriv: the user and group, no other groups, no capabilities, no new privileges; sh sets the umask.
    const setpriv = ['setpriv', `--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', '--no-new-privs', '--inh-caps=-all', '--bounding-set=-all', '--', ...argv];
    proc = spawn('sh', ['-c', `umask ${umask} && exec "$@"`, 'sh', ...setpriv], { cwd: value(unit, 'WorkingDirectory'), env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    proc.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    proc.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    exit = new Promise((ok) => proc?.once('exit', (code, signal) => ok({ code, signal })));
    const deadline = Date.now() + 20_000;
    for (;;) {
      const up = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status, () => 0);
      if (up === 200) break;
      if (Date.now() > deadline || proc.exitCode !== null) throw new Error(`the service did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 30_000);
  afterAll(() => {
    if (proc && proc.exitCode === null) proc.kill('SIGKILL');
  });

  it('serves /healthz as its own user, its database in the state folder', async () => {
    expect(await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()).toEqual({ data: { ok: true } });
    const db = join(stateRoot, 'robot-kiosk', 'robot.db');
    expect(statSync(db).uid).toBe(uid);
    // UMask=0027: nothing it writes is readable by others.
    expect(statSync(db).mode & 0o007).toBe(0);
    expect(Number(execFileSync('ps', ['-o', 'uid=', '-p', String(proc?.pid)]).toString().trim())).toBe(uid);
  });

  it('on SIGTERM finishes a report upload, closes both sockets with 1001 and exits 0 within 5 s', async () => {
    const login = await fetch(`http://127.0.0.1:${port}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"pin":"123456"}' });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string;
    expect(cookie).toMatch(/^kiosk_session=/);
    const closeCode = (url: string) => {
      const ws = new WebSocket(url, { headers: { cookie } });
      return {
        opened: new Promise<void>((ok, fail) => ws.once('open', () => ok()).once('error', fail)),
        closed: new Promise<number>((ok) => ws.once('close', (code) => ok(code))),
      };
    };
    const events = closeCode(`ws://127.0.0.1:${port}/ws`);
    const teleop = closeCode(`ws://127.0.0.1:${teleopPort}`);
    await Promise.all([events.opened, teleop.opened]);
    // A report upload in progress: its header sent, the rest after the signal.
    const header = JSON.stringify({ format: 'kiosk-event-log', version: 1, clip: { from: 1, to: 2 }, snapshot: {}, report: { note: 'sent during the stop', at: '2026-11-28T10:00:00Z' } });
    const upload = request({ host: '127.0.0.1', port, path: '/api/reports', method: 'POST', headers: { 'content-type': 'application/x-ndjson', cookie } });
    const answered = new Promise<number>((ok, fail) => upload.once('response', (res) => (res.resume(), ok(res.statusCode ?? 0))).once('error', fail));
    upload.write(`${header}\n`);
    const reports = join(stateRoot, 'robot-kiosk', 'reports');
    for (let i = 0; i < 100 && !readdirSync(reports).some((n) => n.startsWith('.upload-')); i++) await new Promise((r) => setTimeout(r, 20));
    const start = performance.now();
    proc?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    upload.end('{"type":"tick","at":2}\n');
    expect(await answered).toBe(200);
    expect(await Promise.all([events.closed, teleop.closed])).toEqual([1001, 1001]);
    expect(await exit).toEqual({ code: 0, signal: null });
    expect(performance.now() - start).toBeLessThan(5_000);
    // The report was written whole and listed: its row in SQLite, its clip in place, no temporary file.
    const db = new Database(join(stateRoot, 'robot-kiosk', 'robot.db'), { readonly: true });
    try {
      const rows = db.prepare('SELECT id, note FROM problem_reports').all() as { id: number; note: string }[];
      expect(rows.map((r) => r.note)).toEqual(['sent during the stop']);
      expect(readdirSync(reports)).toEqual([`${rows[0]?.id}.jsonl`]);
    } finally {
      db.close();
    }
  }, 20_000);
});

const settingsOf = (unit: string, key: string) => settings(unit, 'Service').filter(([k]) => k === key);
