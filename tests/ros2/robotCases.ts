/**
 * The back end driving a real DDS peer as a ROS 2 Nav2 robot (issues 33, 41): the test robot (testRobot.c) on
 * either middleware, Cyclone DDS (robot.test.ts) or Fast DDS (fastdds.test.ts), and the back end in-process
 * with its ROS 2 driver, which learns the robot's middleware from discovery, on loopback and unicast only. The
 * robot starts first here (reconnectCases.ts starts the back end first). The back end's clock runs 10x so a
 * mission's 10 s countdown takes 1 s; the robot and DDS run in real time. Every case runs against both robots.
 */
import { decode } from 'fast-png';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ros2Robot } from '../../backend/robots/ros2/ros2Robot';
import { Probe, until, quickMission } from '../sim/helpers';
import { type RobotCtx, topicCases } from './robotTopicCases';
import { freeDomain, HAVE_CYCLONE, type RobotKind, startRos2Backend, startRos2TestRobot, tempDir, type TestBackend, type TestRobot } from './ros2Harness';

/**
 * The robot suite against the test robot of `kind` (its middleware must be given); `more` adds cases of the
 * caller's, run against the same robot and back end after these.
 */
export function robotSuite(kind: RobotKind & { rmw: NonNullable<RobotKind['rmw']> }, more: (ctx: RobotCtx) => void = () => {}): void {
  const tmp = tempDir(`ros2-robot-${kind.rmw}-`);
  const domain = freeDomain();
  let robot: TestRobot;
  let b: TestBackend;
  let ws: Probe;
  let teleop: Probe;

  async function destination(name: string, x: number, y: number, orientation: number): Promise<number> {
    const r = await b.call('POST', '/api/destination', { name, x, y, orientation, resolution: 0.1 });
    expect(r.status).toBe(200);
    return r.body.data.id as number;
  }

  /** Relocalises the robot and waits until its pose says so (repeated, as an operator taps again). */
  async function placeRobot(x: number, y: number, orientation = 0) {
    const there = async () => {
      const p = (await b.call('GET', '/api/map/latest')).body.data.robot;
      return Math.hypot(p.x - x, p.y - y) < 0.01;
    };
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await b.call('POST', '/api/position', { x, y, orientation })).status).toBe(200);
      if (await until(there, 2_000).catch(() => false)) return;
    }
    throw new Error(`the robot never reported the pose (${x}, ${y})`);
  }

  const movementsOf = (id: number, from = 0) =>
    ws.frames
      .slice(from)
      .filter((f) => f.event.startsWith('movement/') && f.data.mission_definition_id === id)
      .map((f) => f.event);

  const since = (what: string, from: number) => robot.got(what).filter((l) => robot.lines.indexOf(l) >= from);
  const ctx: RobotCtx = {
    get b() {
      return b;
    },
    get ws() {
      return ws;
    },
    get teleop() {
      return teleop;
    },
    get robot() {
      return robot;
    },
    tmpDir: tmp.dir,
    domain,
    placeRobot,
    since,
  };

  describe.skipIf(!HAVE_CYCLONE)(`the back end on a ROS 2 robot on ${kind.rmw}`, () => {
    beforeAll(async () => {
      if (!HAVE_CYCLONE) return;
      robot = await startRos2TestRobot(domain, kind);
      // A goal unanswered for 3 s fails (10 s by default), so the test of it is short.
      b = await startRos2Backend(tmp.dir, domain, { answerMs: 3_000 }, { speed: 10 });
      ws = new Probe(b.base.replace(/^http/, 'ws') + '/ws');
      await ws.opened;
      teleop = new Probe(`ws://127.0.0.1:${b.backend.teleopPort}`, b.cookie);
      await teleop.opened;
      await ws.waitFor('robot/connected', () => true, 15_000);
    }, 60_000);

    afterAll(async () => {
      ws?.close();
      teleop?.close();
      await b?.close();
      await robot?.stop();
      tmp.remove();
    });

    it('learns the middleware from discovery: the bridge that runs is the robot\'s', () => {
      expect((b.backend.app.world.driver as Ros2Robot).rmw).toBe(kind.rmw);
    });

    it('serves /map (transient local) as map_saver would: size, origin, resolution, rows flipped, thresholds', async () => {
      // A late joiner gets the latched map when the writer's next heartbeat says it exists (Fast DDS: every 3 s).
      const map = await until(async () => {
        const m = (await b.call('GET', '/api/map/latest')).body.data;
        return m.origin ? m : undefined;
      }, 10_000);
      expect(map.origin).toEqual({ x: -1, y: -2 });
      expect(map.resolution).toBe(0.1);
      const png = decode(Buffer.from(map.image, 'base64'));
      expect([png.width, png.height, png.channels]).toEqual([60, 40, 1]);
      const px = (col: number, row: number) => png.data[(39 - row) * 60 + col];
      expect(px(40, 30), 'the occupied cell, grid row 30 = picture row 9').toBe(0);
      expect(png.data[30 * 60 + 40], 'not at the unflipped place').toBe(254);
      expect(px(10, 10), 'a free cell').toBe(254);
      expect(px(2, 12), 'an unknown cell').toBe(205);
    });

    it('reports the pose in degrees and relocalises through /initialpose', async () => {
      const from = robot.lines.length;
      await placeRobot(1, 0.5, 90);
      const sent = await robot.waitFor((l) => l.got === 'initialpose', 5_000, from);
      expect(sent).toMatchObject({ frame: 'map', x: 1, y: 0.5 });
      expect(sent.yaw).toBeCloseTo(90, 3);
      expect((await b.call('GET', '/api/map/latest')).body.data.robot).toEqual({ x: 1, y: 0.5, orientation: 90 });
      await placeRobot(0, 0, -135);
      expect((await b.call('GET', '/api/map/latest')).body.data.robot.orientation).toBe(-135);
    });

    it('drives a quick mission to completion: one NavigateToPose goal, the movement events, the distance', async () => {
      await placeRobot(0, 0, 0);
      const dest = await destination('Bench', 3, 1.2, 45);
      const fromLine = robot.lines.length;
      const fromFrame = ws.frames.length;
      const def = (await b.call('POST', '/api/mission/definition/quick', quickMission(dest))).body.data;
      await ws.waitFor('movement/completed', (f) => f.data.mission_definition_id === def.id, 20_000, fromFrame);
      expect(movementsOf(def.id, fromFrame)).toEqual(['movement/ready', 'movement/started', 'movement/arriving', 'movement/completed']);
      const goal = since('goal', fromLine);
      expect(goal).toHaveLength(1);
      expect(goal[0]).toMatchObject({ frame: 'map', x: 3, y: 1.2 });
      expect(goal[0]?.yaw).toBeCloseTo(45, 3);
      await until(async () => (await b.call('GET', '/api/map/latest')).body.data.robot.x === 3, 2_000);
      expect((await b.call('GET', '/api/map/latest')).body.data.robot).toEqual({ x: 3, y: 1.2, orientation: 45 });

      expect((await b.call('PUT', '/api/current_mission/step/0/activity/0/status', { status: 'completed' })).status).toBe(200);
      const now = new Date();
      const ended = (await b.call('GET', `/api/ended_missions/year/${now.getUTCFullYear()}/month/${now.getUTCMonth() + 1}`)).body.data.missions;
      const mine = ended.find((m: { definition_id: number }) => m.definition_id === def.id);
      expect(mine.status).toBe('completed');
      expect(mine.distance).toBeCloseTo(Math.hypot(3, 1.2), 1);
    });

    it('drives a path mission of two steps: a goal for each, the next once the step\'s activity is done', async () => {
      await placeRobot(0, 0, 0);
      const stops = [await destination('Desk', 1, 1, 0), await destination('Shelf', 2, -1, 90)];
      const activity = { activity_id: 1, recipients: [1], message: '', message_read_required: false, load_location_left: [], load_location_right: [] };
      const fromLine = robot.lines.length;
      const fromFrame = ws.frames.length;
      const steps = stops.map((destination_id) => ({ destination_id, activities: [activity] }));
      const def = (await b.call('POST', '/api/mission/definition/path', { name: 'Round', steps })).body.data;
      for (const step of [0, 1]) {
        await ws.waitFor('movement/completed', (f) => f.data.mission_definition_id === def.id && f.data.step_index === step, 20_000, fromFrame);
        expect((await b.call('PUT', `/api/current_mission/step/${step}/activity/0/status`, { status: 'completed' })).status).toBe(200);
      }
      expect(since('goal', fromLine).map((g) => [g.x, g.y])).toEqual([[1, 1], [2, -1]]);
      expect((await b.call('GET', '/api/map/latest')).body.data.robot).toEqual({ x: 2, y: -1, orientation: 90 });
      const now = new Date();
      const ended = (await b.call('GET', `/api/ended_missions/year/${now.getUTCFullYear()}/month/${now.getUTCMonth() + 1}`)).body.data.missions;
      expect(ended.find((m: { definition_id: number }) => m.definition_id === def.id).status).toBe('completed');
    });

    it('pause cancels the goal, resume sends it again, cancel cancels it and ends the mission', async () => {
      await placeRobot(0, 0, 0);
      const dest = await destination('Far corner', 4.5, -1, 0);
      const fromFrame = ws.frames.length;
      const def = (await b.call('POST', '/api/mission/definition/quick', quickMission(dest))).body.data;
      await ws.waitFor('movement/started', (f) => f.data.mission_definition_id === def.id, 15_000, fromFrame);
      const fromLine = robot.lines.length;
      expect((await b.call('PUT', '/api/current_mission/pause', {})).status).toBe(200);
      expect(await robot.waitFor((l) => l.got === 'cancel', 5_000, fromLine), 'that goal, not every goal').toMatchObject({ all: false });
      const resumeLine = robot.lines.length;
      expect((await b.call('PUT', '/api/current_mission/resume', {})).status).toBe(200);
      expect(await robot.waitFor((l) => l.got === 'goal', 5_000, resumeLine)).toMatchObject({ x: 4.5, y: -1 });
      const cancelLine = robot.lines.length;
      expect((await b.call('PUT', '/api/current_mission/cancel', {})).status).toBe(200);
      await robot.waitFor((l) => l.got === 'cancel', 5_000, cancelLine);
      expect((await b.call('GET', '/api/current_mission')).body.data).toEqual({});
      // The cancelled goal is no failure and no arrival: the mission just ended, uncompleted.
      await new Promise((r) => setTimeout(r, 500));
      expect(movementsOf(def.id, fromFrame)).not.toContain('movement/failed');
      expect(movementsOf(def.id, fromFrame)).not.toContain('movement/arriving');
      const now = new Date();
      const ended = (await b.call('GET', `/api/ended_missions/year/${now.getUTCFullYear()}/month/${now.getUTCMonth() + 1}`)).body.data.missions;
      expect(ended.find((m: { definition_id: number }) => m.definition_id === def.id).status).toBe('uncompleted');
    });

    it("after a resume, Nav2's ABORTED for the old goal (replaced while it still ran) is no failure", async () => {
      await placeRobot(0, 0, 0);
      const dest = await destination('Window', 4.5, 1.5, 0);
      const fromFrame = ws.frames.length;
      const def = (await b.call('POST', '/api/mission/definition/quick', quickMission(dest))).body.data;
      await ws.waitFor('movement/started', (f) => f.data.mission_definition_id === def.id, 15_000, fromFrame);
      // The robot refuses the pause's cancel, so the first goal still runs when the resume's goal replaces it.
      await robot.control('ignore_cancel 1');
      const fromLine = robot.lines.length;
      expect((await b.call('PUT', '/api/current_mission/pause', {})).status).toBe(200);
      await robot.waitFor((l) => l.got === 'cancel', 5_000, fromLine);
      expect((await b.call('PUT', '/api/current_mission/resume', {})).status).toBe(200);
      await robot.waitFor((l) => l.got === 'goal', 5_000, fromLine);
      await robot.control('ignore_cancel 0');
      await ws.waitFor('movement/arriving', (f) => f.data.mission_definition_id === def.id, 15_000, fromFrame);
      expect(movementsOf(def.id, fromFrame)).not.toContain('movement/failed');
      expect((await b.call('PUT', '/api/current_mission/cancel', {})).status).toBe(200);
    });

    it('an aborted goal (into a wall) and a rejected one fail their missions', async () => {
      await placeRobot(0, 0, 0);
      const wall = await destination('In the wall', 3.05, 1.05, 0);
      let from = ws.frames.length;
      const aborted = (await b.call('POST', '/api/mission/definition/quick', quickMission(wall))).body.data;
      await ws.waitFor('movement/failed', (f) => f.data.mission_definition_id === aborted.id, 15_000, from);
      expect(movementsOf(aborted.id, from)).toEqual(['movement/ready', 'movement/failed']);
      expect((await b.call('GET', '/api/current_mission')).body.data).toEqual({});

      await robot.control('reject_next');
      const open = await destination('Open floor', 1, 1, 0);
      from = ws.frames.length;
      const rejected = (await b.call('POST', '/api/mission/definition/quick', quickMission(open))).body.data;
      const failed = await ws.waitFor('movement/failed', (f) => f.data.mission_definition_id === rejected.id, 15_000, from);
      expect(JSON.stringify(failed.data)).toContain('refused');
      const now = new Date();
      const ended = (await b.call('GET', `/api/ended_missions/year/${now.getUTCFullYear()}/month/${now.getUTCMonth() + 1}`)).body.data.missions;
      for (const id of [aborted.id, rejected.id]) expect(ended.find((m: { definition_id: number }) => m.definition_id === id).status).toBe('uncompleted');
    });

    it('a goal the robot never answers (a stuck action server) fails after answerMs', async () => {
      await robot.control('ignore_goals 1');
      try {
        const dest = await destination('Nowhere', 2, 2, 0);
        const from = ws.frames.length;
        const fromLine = robot.lines.length;
        const def = (await b.call('POST', '/api/mission/definition/quick', quickMission(dest))).body.data;
        const sentAt = Date.now();
        const failed = await ws.waitFor('movement/failed', (f) => f.data.mission_definition_id === def.id, 10_000, from);
        expect(Date.now() - sentAt).toBeGreaterThan(2_500);
        expect(JSON.stringify(failed.data)).toContain('did not answer');
        expect(since('goal', fromLine), 'the goal reached the robot, which did not answer').toHaveLength(1);
      } finally {
        await robot.control('ignore_goals 0');
      }
    });

    topicCases(ctx);
    more(ctx);
  });
}
