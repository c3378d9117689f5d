/** Serving the built app, command-line parsing, fast start, side-by-side instances and a clean close. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseArgs } from '../../backend/cli';
import { startSimulator } from '../../backend/server';
import { call, startTestSim, wsProbe } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'sim-life-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('static app', () => {
  it('serves dist files with their types and index.html for unknown paths', async () => {
    const dist = join(dir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>kiosk</title>');
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'app-1234.css'), 'body{}');
    writeFileSync(join(dist, 'logo.svg'), '<svg/>');
    const t = await startTestSim({ staticDir: dist });
    try {
      const js = await call(t.base, 'GET', '/assets/app-1234.js');
      expect(js.headers.get('content-type')).toContain('text/javascript');
      expect(js.headers.get('cache-control')).toContain('immutable');
      expect((await call(t.base, 'GET', '/assets/app-1234.css')).headers.get('content-type')).toContain('text/css');
      expect((await call(t.base, 'GET', '/logo.svg')).headers.get('content-type')).toBe('image/svg+xml');
      for (const path of ['/', '/missions', '/movement/3', '/fux/hello?x=1', '/../../etc/passwd']) {
        const r = await call(t.base, 'GET', path);
        expect(r.status).toBe(200);
        expect(r.headers.get('content-type')).toContain('text/html');
        expect(r.body).toContain('<title>kiosk</title>');
      }
      // API paths never fall back to the app.
      expect((await t.call('GET', '/api/unknown')).status).toBe(404);
      // Without a session, an unknown API path is one more call that needs one (api.md "Sessions").
      expect((await t.anon('GET', '/api/unknown')).status).toBe(401);
      expect((await call(t.base, 'POST', '/missions')).status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('says to build the app when dist is missing', async () => {
    const t = await startTestSim({ staticDir: join(dir, 'nothing-here') });
    try {
      const r = await call(t.base, 'GET', '/missions');
      expect(r.status).toBe(200);
      expect(r.body).toContain('npm run build');
    } finally {
      await t.close();
    }
  });
});

describe('command line', () => {
  it('parses flags and environment', () => {
    expect(parseArgs([], {})).toEqual({ dbPath: 'data/robot.db', speed: 1 });
    expect(
      parseArgs(['--host', '0.0.0.0', '--port', '0', '--teleop-port', '9999', '--reset', '--demo', '--control', '--control-on-network', '--static', 'build'], {
        ROBOT_DB: '/tmp/x.db',
        SIM_SPEED: '25',
      }),
    ).toEqual({ host: '0.0.0.0', port: 0, teleopPort: 9999, reset: true, demo: true, control: true, controlOnNetwork: true, staticDir: 'build', dbPath: '/tmp/x.db', speed: 25 });
    expect(() => parseArgs(['--port', 'http'], {})).toThrow(/port/);
    expect(() => parseArgs(['--port'], {})).toThrow(/needs a value/);
    expect(() => parseArgs(['--verbose'], {})).toThrow(/unknown option/);
    expect(() => parseArgs([], { SIM_SPEED: '-1' })).toThrow(/SIM_SPEED/);
  });

  it('collects extra allowed origins from ALLOW_ORIGINS and --allow-origin, and refuses what is not an origin', () => {
    expect(parseArgs(['--allow-origin', 'http://localhost:5173'], { ALLOW_ORIGINS: 'https://kiosk.local, http://10.0.0.5:8080' }).allowOrigins).toEqual([
      'https://kiosk.local',
      'http://10.0.0.5:8080',
      'http://localhost:5173',
    ]);
    expect(() => parseArgs(['--allow-origin', 'http://localhost:5173/'], {})).toThrow(/not an origin/);
    expect(() => parseArgs(['--allow-origin', '*'], {})).toThrow(/not an origin/);
    expect(() => parseArgs([], { ALLOW_ORIGINS: 'localhost:5173' })).toThrow(/not an origin/);
  });

  it('collects host names from ALLOW_HOSTS and --allow-host, and refuses what is not a host name', () => {
    expect(parseArgs(['--allow-host', '.robots.example.net'], { ALLOW_HOSTS: 'kiosk.example.org, ward-3' }).allowHosts).toEqual([
      'kiosk.example.org',
      'ward-3',
      '.robots.example.net',
    ]);
    for (const bad of ['http://kiosk.example.org', 'kiosk.example.org:8080', '*', 'kiosk/x'])
      expect(() => parseArgs(['--allow-host', bad], {}), bad).toThrow(/not a host name/);
  });
});

describe('lifecycle', () => {
  it('starts fast on a fresh database, runs side by side, and closes cleanly', async () => {
    const t0 = performance.now();
    const a = await startSimulator({ port: 0, teleopPort: 0, dbPath: join(dir, 'a', 'robot.db'), staticDir: dir });
    const startMs = performance.now() - t0;
    const b = await startSimulator({ port: 0, teleopPort: 0, dbPath: join(dir, 'b', 'robot.db'), staticDir: dir });
    expect(startMs).toBeLessThan(1000);
    expect(a.port).not.toBe(b.port);
    expect(a.teleopPort).not.toBe(b.teleopPort);
    await call(a.url, 'PATCH', '/api/settings', { robot_name: 'A' });
    expect((await call(b.url, 'GET', '/api/settings')).body.data.robot_name).toBeNull();
    // A connected page is closed politely on shutdown.
    const ws = await wsProbe({ base: a.url } as never);
    await Promise.all([a.close(), b.close()]);
    await new Promise((r) => setTimeout(r, 50));
    expect(ws.closed).toBe(true);
    await expect(call(a.url, 'GET', '/healthz')).rejects.toThrow();
    // Closing twice is harmless.
    await a.close();
  });

  it('refuses a port in use', async () => {
    const a = await startSimulator({ port: 0, teleopPort: 0, dbPath: join(dir, 'c', 'robot.db') });
    await expect(startSimulator({ port: a.port, teleopPort: 0, dbPath: join(dir, 'd', 'robot.db') })).rejects.toThrow(/EADDRINUSE/);
    await a.close();
  });
});
