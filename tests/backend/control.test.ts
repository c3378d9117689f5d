/**
 * The control surface's rules (api.md "Left running on a network"): it answers loopback clients only; the back
 * end refuses to start with it on a network address unless told `--control-on-network`; its fault rules match
 * paths by hand (http/pathPattern.ts), never through a regular expression built from the client's text.
 */
import { spawn } from 'node:child_process';
import { networkInterfaces } from 'node:os';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../backend/cli';
import { matchesPathStart } from '../../backend/http/pathPattern';
import { call, startTestSim } from '../sim/helpers';

/** One of this machine's own non-loopback IPv4 addresses: a client connecting to it is not a loopback client. */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

describe('control surface', () => {
  it.skipIf(!lanAddress)('answers loopback clients only, even when listening on the network', async () => {
    const t = await startTestSim({ host: '0.0.0.0', controlOnNetwork: true });
    try {
      const lan = `http://${lanAddress}:${t.sim.port}`;
      const refused = await call(lan, 'GET', '/control/state');
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('forbidden');
      expect((await call(lan, 'POST', '/control/calls', { path: '/healthz', mode: 'fail' })).status).toBe(403);
      // The same server answers the machine itself, and the network client's calls go on as usual.
      expect((await call(`http://127.0.0.1:${t.sim.port}`, 'GET', '/control/state')).status).toBe(200);
      expect((await call(lan, 'GET', '/healthz')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('refuses to start with --control on a network address unless --control-on-network', async () => {
    await expect(startTestSim({ host: '0.0.0.0' })).rejects.toThrow(/--control-on-network/);
    expect(() => parseArgs(['--host', '0.0.0.0', '--control'], {})).toThrow(/--control on the network address 0\.0\.0\.0.*--control-on-network/);
    expect(() => parseArgs(['--host', '192.0.2.7', '--control'], {})).toThrow(/--control-on-network/);
    expect(() => parseArgs(['--control-on-network'], {})).toThrow(/goes with --control/);
    expect(parseArgs(['--host', '127.0.0.2', '--control'], {}).control).toBe(true);
    expect(parseArgs(['--host', 'localhost', '--control'], {}).control).toBe(true);
    expect(parseArgs(['--host', '::1', '--control'], {}).control).toBe(true);
    expect(parseArgs(['--host', '0.0.0.0', '--control', '--control-on-network'], {}).controlOnNetwork).toBe(true);
    // The command line says why and exits non-zero before anything listens.
    const child = spawn(process.execPath, ['--import', 'tsx', 'backend/main.ts', '--host', '0.0.0.0', '--port', '0', '--teleop-port', '0', '--control'], {
      cwd: resolve(import.meta.dirname, '../..'),
      env: { ...process.env, ROBOT_BACKEND: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((ok) => child.once('exit', ok));
    expect(code).not.toBe(0);
    expect(err).toMatch(/--control on the network address 0\.0\.0\.0/);
  }, 30_000);

  it('matches fault rule paths by prefix and * within a segment, taking every other character literally', () => {
    expect(matchesPathStart('/api/settings', '/api/settings')).toBe(true);
    expect(matchesPathStart('/api/settings', '/api/settings/')).toBe(true);
    expect(matchesPathStart('/api/current_mission/step', '/api/current_mission/step/1/activity/2/status')).toBe(true);
    expect(matchesPathStart('/assets/mapWorker-', '/assets/mapWorker-B2x.js')).toBe(true);
    expect(matchesPathStart('/api/mission/definition/*/run', '/api/mission/definition/12/run')).toBe(true);
    expect(matchesPathStart('/api/mission/definition/*/run', '/api/mission/definition/12/x/run')).toBe(false);
    expect(matchesPathStart('/api/*s', '/api/destinations')).toBe(true);
    expect(matchesPathStart('/api/map', '/api/settings')).toBe(false);
    expect(matchesPathStart('/api/map/', '/api/map')).toBe(false);
    // Regular expression syntax is text: it matches only itself.
    expect(matchesPathStart('^/api/settings', '/api/settings')).toBe(false);
    expect(matchesPathStart('/api/(a+)+$', '/api/(a+)+$')).toBe(true);
    expect(matchesPathStart('/api/.*', '/api/settings')).toBe(false);
  });

  it('a pattern built to make a regular expression backtrack, or an invalid one, is answered at once', async () => {
    const t = await startTestSim();
    try {
      for (const path of [`/api/${'(a*)*'.repeat(20)}b`, '/api/[', `/${'*a'.repeat(200)}`]) {
        expect((await t.call('POST', '/control/calls', { path, mode: 'fail' })).status).toBe(200);
      }
      const started = performance.now();
      expect((await t.call('GET', `/api/${'a'.repeat(5_000)}`)).status).toBe(404);
      expect(performance.now() - started).toBeLessThan(1_000);
      await t.call('POST', '/control/calls', { path: '/api/mission/definition/*/run', mode: 'fail', status: 405 });
      expect((await t.call('POST', '/api/mission/definition/7/run')).status).toBe(405);
      expect((await t.call('GET', '/api/settings')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
