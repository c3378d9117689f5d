/**
 * Robots and back ends boot in any order (issues 33, 41), on either middleware (reconnect.test.ts: Cyclone DDS,
 * fastddsReconnect.test.ts: Fast DDS): the back end starts before the robot here (robotCases.ts starts the
 * robot first), reaches it when it comes up, says robot/disconnected within 8 s of the robot's
 * last pose or battery message (a silent robot whose DDS participant lives on, or one that is gone: DDS's
 * lease is not waited for), and drives a robot that was restarted mid-mission again; a bridge that dies comes
 * back. Nothing stored is lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ros2Robot } from '../../backend/robots/ros2/ros2Robot';
import { Probe, until, quickMission } from '../sim/helpers';
import { freeDomain, HAVE_CYCLONE, type RobotKind, startRos2Backend, startRos2TestRobot, tempDir, type TestBackend, type TestRobot } from './ros2Harness';

/** The reconnection cases against the test robot on `rmw`. */
export function reconnectSuite(rmw: NonNullable<RobotKind['rmw']>): void {
  const tmp = tempDir(`ros2-reconnect-${rmw}-`);
  const domain = freeDomain();
  let robot: TestRobot | null = null;
  let b: TestBackend;
  let ws: Probe;

  beforeAll(async () => {
    if (!HAVE_CYCLONE) return;
    b = await startRos2Backend(tmp.dir, domain, {}, { speed: 10 });
    ws = new Probe(b.base.replace(/^http/, 'ws') + '/ws');
    await ws.opened;
  }, 60_000);

  afterAll(async () => {
    ws?.close();
    await b?.close();
    await robot?.stop();
    tmp.remove();
  });

  const connections = () => ws.frames.filter((f) => f.event === 'robot/connected' || f.event === 'robot/disconnected').map((f) => f.event);

  describe.skipIf(!HAVE_CYCLONE)(`connection to the ROS 2 robot on ${rmw}`, () => {
    it('starts with no robot: robot/disconnected, and the API works', async () => {
      await ws.waitFor('robot/disconnected');
      expect((await b.call('GET', '/healthz')).status).toBe(200);
      expect((await b.call('POST', '/api/destination', { name: 'Dock', x: 0, y: 0, orientation: 0, resolution: 0.1 })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 1_500));
      expect(connections()).toEqual(['robot/disconnected']);
    });

    it('connects once the robot is up, and reads its transient-local map', async () => {
      const from = ws.frames.length;
      robot = await startRos2TestRobot(domain, { rmw });
      await ws.waitFor('robot/connected', () => true, 10_000, from);
      await ws.waitFor('robot/battery_state', (f) => f.data.batteries.length === 2, 5_000, from);
      // Fast DDS: the latched map comes with its writer's next heartbeat (every 3 s).
      await until(async () => (await b.call('GET', '/api/map/latest')).body.data.origin?.x === -1, 10_000);
      expect((b.backend.app.world.driver as Ros2Robot).rmw, 'the bridge of the robot\'s middleware').toBe(rmw);
    });

    it('says disconnected within 8 s (after 5 s) of a robot falling silent, though its participant lives; connected when it speaks', async () => {
      const from = ws.frames.length;
      await robot?.control('silent 1');
      const silentAt = Date.now();
      await ws.waitFor('robot/disconnected', () => true, 10_000, from);
      const after = Date.now() - silentAt;
      expect(after).toBeGreaterThan(4_500);
      expect(after).toBeLessThan(8_000);
      await robot?.control('silent 0');
      await ws.waitFor('robot/connected', () => true, 5_000, from);
    });

    it('a robot restarted mid-mission: disconnected within 8 s, then the goal is given again and the mission arrives', async () => {
      const dest = (await b.call('POST', '/api/destination', { name: 'Far', x: 4.5, y: 1.5, orientation: 0, resolution: 0.1 })).body.data.id;
      let from = ws.frames.length;
      const def = (await b.call('POST', '/api/mission/definition/quick', quickMission(dest))).body.data;
      await ws.waitFor('movement/started', (f) => f.data.mission_definition_id === def.id, 15_000, from);
      from = ws.frames.length;
      await robot?.stop();
      const goneAt = Date.now();
      await ws.waitFor('robot/disconnected', () => true, 10_000, from);
      expect(Date.now() - goneAt).toBeLessThan(8_000);
      robot = await startRos2TestRobot(domain, { rmw });
      await ws.waitFor('robot/connected', () => true, 10_000, from);
      // The new robot knows no goal: the back end gives it again, and the robot drives there from its start.
      const goal = await robot.waitFor((l) => l.got === 'goal', 10_000);
      expect(goal).toMatchObject({ x: 4.5, y: 1.5 });
      await ws.waitFor('movement/arriving', (f) => f.data.mission_definition_id === def.id, 15_000, from);
      expect(ws.frames.slice(from).some((f) => f.event === 'movement/failed')).toBe(false);
      expect((await b.call('PUT', '/api/current_mission/cancel', {})).status).toBe(200);

      // Both directions work with the new robot: its map came, and the back end's publications reach it.
      const r = robot;
      await until(async () => {
        const line = r.lines.length;
        await b.call('POST', '/api/position', { x: 0.5, y: 0.25, orientation: 30 });
        return r.waitFor((l) => l.got === 'initialpose', 1_000, line).catch(() => null);
      }, 10_000, 0);
      expect((await b.call('GET', '/api/map/latest')).body.data.origin).toEqual({ x: -1, y: -2 });
      expect((await b.call('GET', '/api/destinations')).body.data.map((d: { name: string }) => d.name)).toContain('Dock');
    });

    it('a DDS bridge that dies is started again: disconnected at once, connected again, and publishing works', async () => {
      const driver = b.backend.app.world.driver as Ros2Robot;
      const pid = driver.bridgePid as number;
      expect(pid).toBeGreaterThan(0);
      const from = ws.frames.length;
      process.kill(pid, 'SIGKILL');
      await ws.waitFor('robot/disconnected', () => true, 2_000, from);
      await ws.waitFor('robot/connected', () => true, 10_000, from);
      expect(driver.bridgePid).not.toBe(pid);
      const r = robot as TestRobot;
      await until(async () => {
        const line = r.lines.length;
        await b.call('POST', '/api/position', { x: 1.5, y: 0.5, orientation: 0 });
        return r.waitFor((l) => l.got === 'initialpose' && l.x === 1.5, 1_000, line).catch(() => null);
      }, 10_000, 0);
    });
  });
}
