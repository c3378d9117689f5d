/** Real-robot mode: the server passes /api, /healthz, /ws and teleop through to another back end. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy, type ProxyServer } from '../../backend/proxy';
import { call, login, Probe, startTestSim, type TestSim } from './helpers';

let robot: TestSim;
let proxy: ProxyServer;
beforeAll(async () => {
  robot = await startTestSim({ speed: 5 });
  proxy = await startProxy({ backend: robot.base, teleop: `ws://127.0.0.1:${robot.sim.teleopPort}`, port: 0, teleopPort: 0, staticDir: robot.dir });
});
afterAll(async () => {
  await proxy.close();
  await robot.close();
});

describe('pass-through to a robot', () => {
  it('forwards calls with their answers and errors', async () => {
    expect((await call(proxy.url, 'GET', '/healthz')).body).toEqual({ data: { ok: true } });
    await call(proxy.url, 'PATCH', '/api/settings', { robot_name: 'Real' });
    expect((await robot.call('GET', '/api/settings')).body.data.robot_name).toBe('Real');
    expect(await call(proxy.url, 'PATCH', '/api/settings', { language: 'xx' })).toMatchObject({ status: 400, body: { error: { code: 'invalid_request' } } });
  });

  it('bridges the event socket and the teleop socket', async () => {
    const ws = new Probe(proxy.url.replace('http', 'ws') + '/ws');
    await ws.opened;
    await ws.waitFor('robot/alert_update');
    expect(ws.events().slice(0, 2)).toEqual(['backend/connected', 'robot/connected']);
    await robot.call('POST', '/control/push', { event: 'robot/userFollowed' });
    await ws.waitFor('robot/userFollowed');
    ws.close();
    // The teleop socket takes a session only: the pass-through's own, from a right PIN as the robot answered it
    // (first use here: the demo PIN); it opens the robot's socket with the robot's session of that login.
    const cookie = await login(proxy.url, '123456', '/api/auth');
    const tp = new Probe(`ws://127.0.0.1:${proxy.teleopPort}`, cookie);
    await tp.opened;
    tp.send({ client_id: 'x', op: 'manual_mode_status' });
    expect(await tp.waitFor('manual_mode_status')).toMatchObject({ payload: { actual_mode: { mode: 'NORMAL' } } });
    tp.close();
  });

  it('answers 502 with an error body when the robot is unreachable', async () => {
    const dead = await startProxy({ backend: 'http://127.0.0.1:1', port: 0, teleopPort: 0 });
    try {
      expect(await call(dead.url, 'GET', '/api/settings')).toMatchObject({ status: 502, body: { error: { code: 'backend_unreachable' } } });
    } finally {
      await dead.close();
    }
  });
});

describe('pass-through for a device elsewhere', () => {
  it('/ws without a session carries only the public frames; the robot screen rule is the proxy’s own', async () => {
    const remote = await startProxy({ backend: robot.base, port: 0, teleopPort: 0, staticDir: robot.dir, isRobotScreen: () => false });
    try {
      const ws = new Probe(remote.url.replace('http', 'ws') + '/ws');
      await ws.opened;
      await robot.call('POST', '/control/push', { event: 'robot/userFollowed' });
      await robot.call('POST', '/control/push', { event: 'robot/battery_state', data: { batteries: [{ charge: 0.5, health: 0.9 }] } });
      await ws.waitFor('robot/battery_state');
      expect(ws.events()).not.toContain('robot/userFollowed');
      ws.close();
      expect((await call(remote.url, 'GET', '/api/current_mission')).status).toBe(401);
    } finally {
      await remote.close();
    }
  });
});
