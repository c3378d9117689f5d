/**
 * Robots boot in any order (issue 16): the back end starts before the master, reaches the robot when it comes
 * up, says robot/disconnected when the robot falls silent for 5 s or the master goes away, and registers
 * again with a master that was stopped and started again. Nothing stored is lost meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Probe, until } from '../sim/helpers';
import { freePort, HAVE_ROS, type Master, startMaster, startRobot, startRosBackend, type TestBackend, type TestRobot, tempDir } from './rosHarness';

const tmp = tempDir('ros-reconnect-');
let port: number;
let master: Master | null = null;
let robot: TestRobot | null = null;
let b: TestBackend;
let ws: Probe;

beforeAll(async () => {
  port = await freePort();
  b = await startRosBackend(tmp.dir, `http://127.0.0.1:${port}/`);
  ws = new Probe(b.base.replace(/^http/, 'ws') + '/ws');
  await ws.opened;
}, 60_000);

afterAll(async () => {
  ws?.close();
  await b?.close();
  await robot?.stop();
  await master?.stop();
  tmp.remove();
});

const connections = () => ws.frames.filter((f) => f.event === 'robot/connected' || f.event === 'robot/disconnected').map((f) => f.event);

describe.skipIf(!HAVE_ROS)('connection to the ROS robot', () => {
  it('starts with no master: robot/disconnected, and the API works', async () => {
    await ws.waitFor('robot/disconnected');
    expect((await b.call('GET', '/healthz')).status).toBe(200);
    expect((await b.call('POST', '/api/destination', { name: 'Dock', x: 0, y: 0, orientation: 0, resolution: 0.1 })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 2_500));
    expect(connections()).toEqual(['robot/disconnected']);
  });

  it('connects once the master and the robot are up', async () => {
    master = await startMaster(tmp.dir, port);
    robot = await startRobot(tmp.dir, master.uri);
    const from = ws.frames.length;
    await ws.waitFor('robot/connected', () => true, 10_000, from);
    await ws.waitFor('robot/battery_state', (f) => f.data.batteries.length === 2, 5_000, from);
  });

  it('says disconnected after 5 s with no pose and no battery message, connected when they are back', async () => {
    const from = ws.frames.length;
    await robot?.control({ silent: true });
    const silentAt = Date.now();
    await ws.waitFor('robot/disconnected', () => true, 10_000, from);
    const after = Date.now() - silentAt;
    expect(after).toBeGreaterThan(4_500);
    expect(after).toBeLessThan(7_000);
    await robot?.control({ silent: false });
    await ws.waitFor('robot/connected', () => true, 5_000, from);
  });

  it('says disconnected when the master stops, and registers again when it is back', async () => {
    let from = ws.frames.length;
    await master?.stop();
    await ws.waitFor('robot/disconnected', () => true, 6_000, from);
    // The robot's nodes go down with their master here; they come back with a fresh one.
    await robot?.stop();
    master = await startMaster(tmp.dir, port);
    robot = await startRobot(tmp.dir, master.uri);
    from = ws.frames.length;
    await ws.waitFor('robot/connected', () => true, 10_000, from);

    // Both directions work again: the back end's publications reach the new robot, its map reaches the back end.
    const r = robot;
    await until(async () => {
      const line = r.lines.length;
      await b.call('POST', '/api/position', { x: 0.5, y: 0.25, orientation: 30 });
      return r.waitFor((l) => l.got === 'initialpose', 1_000, line).catch(() => null);
    }, 10_000, 0);
    const map = (await b.call('GET', '/api/map/latest')).body.data;
    expect(map.origin).toEqual({ x: -1, y: -2 });
    expect((await b.call('GET', '/api/destinations')).body.data.map((d: { name: string }) => d.name)).toEqual(['Dock']);
  });
});
