/** The /ws event socket (greeting, battery reports, alerts) and every control-surface call. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestSim, type TestSim, until, wsProbe } from './helpers';

let t: TestSim;
beforeAll(async () => {
  t = await startTestSim({ demo: true, speed: 20 });
});
afterAll(() => t.close());

describe('/ws', () => {
  it('greets a new connection with the present state first', async () => {
    await t.call('POST', '/control/alerts', { activate: { errors: ['node_lost'] } });
    const ws = await wsProbe(t);
    await ws.waitFor('robot/alert_update');
    expect(ws.events().slice(0, 4)).toEqual(['backend/connected', 'robot/connected', 'robot/battery_state', 'robot/alert_update']);
    expect(ws.frames[2]?.data.batteries).toHaveLength(2);
    expect(ws.frames[3]?.data).toEqual({ activated_errors: ['node_lost'], activated_warnings: [], resolved_errors: [], resolved_warnings: [] });
    ws.close();
    await t.call('POST', '/control/alerts', { resolve: { errors: ['node_lost'] } });
  });

  it('sends robot/battery_state about every simulated second', async () => {
    const ws = await wsProbe(t);
    await until(() => ws.events().filter((e) => e === 'robot/battery_state').length >= 4, 5000);
    ws.close();
  });

  it('rejects upgrades on other paths', async () => {
    const { WebSocket } = await import('ws');
    const bad = new WebSocket(t.base.replace(/^http/, 'ws') + '/other');
    await expect(new Promise((ok, fail) => (bad.once('open', ok), bad.once('error', fail)))).rejects.toThrow();
  });
});

describe('control surface', () => {
  it('pushes any frame, and raw text', async () => {
    const ws = await wsProbe(t);
    await t.call('POST', '/control/push', { event: 'movement/ready', data: { mission_definition_id: 4, step_index: 0, duration: 3 } });
    expect((await ws.waitFor('movement/ready')).data).toEqual({ mission_definition_id: 4, step_index: 0, duration: 3 });
    await t.call('POST', '/control/push', { event: 'robot/userFollowed' });
    expect((await ws.waitFor('robot/userFollowed')).data).toEqual({});
    await t.call('POST', '/control/push', { raw: 'not json {' });
    await until(() => ws.raw.includes('not json {'));
    expect((await t.call('POST', '/control/push', { nothing: 1 })).status).toBe(400);
    ws.close();
  });

  it('drops the sockets', async () => {
    const ws = await wsProbe(t);
    expect((await t.call('POST', '/control/drop-sockets')).status).toBe(200);
    await until(() => ws.closed);
  });

  it('raises and resolves alerts with robot/alert_update, only for real changes', async () => {
    const ws = await wsProbe(t);
    const r = await t.call('POST', '/control/alerts', { activate: { errors: ['motor_fault'], warnings: ['door_open'] } });
    expect(r.body.data).toEqual({ activated_errors: ['motor_fault'], activated_warnings: ['door_open'], resolved_errors: [], resolved_warnings: [] });
    await ws.waitFor('robot/alert_update', (f) => f.data.activated_errors.includes('motor_fault'));
    const again = await t.call('POST', '/control/alerts', { activate: { errors: ['motor_fault'] }, resolve: { warnings: ['door_open'] } });
    expect(again.body.data).toEqual({ activated_errors: [], activated_warnings: [], resolved_errors: [], resolved_warnings: ['door_open'] });
    await t.call('POST', '/control/alerts', { resolve: { errors: ['motor_fault'] } });
    expect((await t.call('POST', '/control/alerts', { activate: { errors: 'x' } })).status).toBe(400);
    ws.close();
  });

  it('sets battery levels and raises battery_N_low below 10 %', async () => {
    const ws = await wsProbe(t);
    const r = await t.call('POST', '/control/battery', { charges: [0.5, 0.05] });
    expect(r.body.data.batteries.map((b: { charge: number }) => b.charge)).toEqual([0.5, 0.05]);
    await ws.waitFor('robot/alert_update', (f) => f.data.activated_warnings.includes('battery_2_low'));
    expect((await t.call('GET', '/api/diagnostics/batteries')).body.data.batteries[1].charge).toBeLessThan(0.06);
    await t.call('POST', '/control/battery', { charges: [0.08, 0.9] });
    await ws.waitFor('robot/alert_update', (f) => f.data.activated_warnings.includes('battery_1_low') && f.data.resolved_warnings.includes('battery_2_low'));
    await t.call('POST', '/control/battery', { charges: [0.9, 0.9] });
    expect((await t.call('POST', '/control/battery', { charges: [1.5] })).status).toBe(400);
    ws.close();
  });

  it('disconnects and reconnects the robot', async () => {
    const ws = await wsProbe(t);
    await t.call('POST', '/control/robot', { connected: false });
    await ws.waitFor('robot/disconnected');
    const late = await wsProbe(t);
    await late.waitFor('robot/disconnected');
    expect(late.events()[1]).toBe('robot/disconnected');
    await t.call('POST', '/control/robot', { connected: true });
    await ws.waitFor('robot/connected', () => true, 5000, ws.events().indexOf('robot/disconnected'));
    ws.close();
    late.close();
  });

  it('makes calls fail, stall, and behave again', async () => {
    await t.call('POST', '/control/calls', { path: '/api/settings', mode: 'fail', status: 503 });
    expect(await t.call('GET', '/api/settings')).toMatchObject({ status: 503, body: { error: { code: 'internal' } } });
    expect((await t.call('GET', '/api/destinations')).status).toBe(200);
    await t.call('POST', '/control/calls', { path: '/api/settings', mode: 'ok' });
    expect((await t.call('GET', '/api/settings')).status).toBe(200);

    await t.call('POST', '/control/calls', { path: '/api/map/', mode: 'stall' });
    let answered = false;
    const pending = t.call('GET', '/api/map/latest').then((r) => ((answered = true), r));
    await new Promise((r) => setTimeout(r, 200));
    expect(answered).toBe(false);
    await t.call('POST', '/control/calls', { path: '/api/map/', mode: 'ok' });
    expect((await pending).status).toBe(200);
    expect((await t.call('POST', '/control/calls', { path: 'x', mode: 'explode' })).status).toBe(400);
  });

  it("fails the app's own files by the same rules (a worker script that does not load)", async () => {
    const dist = mkdtempSync(join(tmpdir(), 'sim-static-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'mapWorker-abc.js'), 'self.loaded = true;');
    const s = await startTestSim({ staticDir: dist });
    try {
      const script = () => fetch(`${s.base}/assets/mapWorker-abc.js`);
      expect((await script()).status).toBe(200);
      await s.call('POST', '/control/calls', { path: '/assets/mapWorker-', mode: 'fail', status: 404 });
      expect((await script()).status).toBe(404);
      await s.call('POST', '/control/calls', { path: '/assets/mapWorker-', mode: 'ok' });
      expect(await (await script()).text()).toBe('self.loaded = true;');
    } finally {
      await s.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('reports the world state', async () => {
    const s = (await t.call('GET', '/control/state')).body.data;
    expect(s).toMatchObject({ connected: true, manual: false, mission_phase: 'idle', mapping: false, speed: 20 });
  });
});

describe('localization', () => {
  it('stops when lost; POST api/position relocalizes and resolves node_lost', async () => {
    const ws = await wsProbe(t);
    await t.call('POST', '/control/alerts', { activate: { errors: ['node_lost'] } });
    await ws.waitFor('robot/alert_update', (f) => f.data.activated_errors.includes('node_lost'));
    const r = await t.call('POST', '/api/position', { x: 7.8, y: 2.5, orientation: -90 });
    expect(r.body).toEqual({ data: {} });
    await ws.waitFor('robot/alert_update', (f) => f.data.resolved_errors.includes('node_lost'));
    const s = (await t.call('GET', '/control/state')).body.data;
    expect(s.pose).toEqual({ x: 7.8, y: 2.5, orientation: -90 });
    expect(s.alerts.activated_errors).toEqual([]);
    expect((await t.call('POST', '/api/position', { x: 1, y: 2 })).body.error.message).toContain('orientation');
    ws.close();
  });
});
