/** Real-robot mode: the server passes /api, /healthz, /ws and teleop through to another back end. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy, type ProxyServer } from '../../backend/proxy';
import { call, Probe, startTestSim, type TestSim } from './helpers';

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
    // The teleop socket takes a session only; the proxy passes the client's cookie on to the robot.
    const tp = new Probe(`ws://127.0.0.1:${proxy.teleopPort}`, robot.cookie);
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
