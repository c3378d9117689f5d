/**
 * The back end (its Cyclone DDS bridge) against a robot on Fast DDS that speaks rmw_fastrtps' wire
 * (fastddsRobot.cpp): what works and what does not, as observed. Topics interoperate both ways (same RTPS,
 * type names and CDR). The action does not: rmw_fastrtps' NavigateToPose server reads our send_goal request as
 * the bare message, but rmw_cyclonedds' wire puts a 16-byte {guid, seq} header first, so the server cannot
 * read it and drops it (as rmw_fastrtps' take fails): the goal gets no answer and fails after answerMs with the
 * driver's own reason. No skip: a machine where Fast DDS cannot be installed or built fails here, loudly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROS2_TOPICS } from '../../backend/robots/ros2/config';
import { Probe, until, quickMission } from '../sim/helpers';
import { type FastddsRobot, startFastddsRobot } from './fastddsHarness';
import { freeDomain, startRos2Backend, tempDir, type TestBackend } from './ros2Harness';

const tmp = tempDir('ros2-fastdds-');
const domain = freeDomain();
let robot: FastddsRobot;
let b: TestBackend;
let ws: Probe;

beforeAll(async () => {
  robot = await startFastddsRobot(domain);
  b = await startRos2Backend(tmp.dir, domain, { answerMs: 3_000, topics: { ...DEFAULT_ROS2_TOPICS, batteries: ['/battery_state'] } }, { speed: 10 });
  ws = new Probe(b.base.replace(/^http/, 'ws') + '/ws');
  await ws.opened;
}, 60_000);

afterAll(async () => {
  ws?.close();
  await b?.close();
  await robot?.stop();
  tmp.remove();
});


describe('a robot on Fast DDS (rmw_fastrtps wire)', () => {
  it('its topics reach the back end: connected, /map and /amcl_pose (transient local), /battery_state', async () => {
    await ws.waitFor('robot/connected', () => true, 15_000);
    const state = await ws.waitFor('robot/battery_state', (f) => f.data.batteries?.[0]?.charge === 0.8, 10_000);
    expect(state.data.batteries[0].charge).toBe(0.8);
    // The map comes a little after the first pose and battery (its writer's history answers the bridge's reader).
    const map = await until(async () => {
      const m = (await b.call('GET', '/api/map/latest')).body.data;
      return m.robot ? m : undefined;
    }, 10_000);
    expect([map.origin, map.resolution]).toEqual([{ x: -1, y: -2 }, 0.1]);
    expect(map.robot).toEqual({ x: 0.5, y: 0.25, orientation: 0 });
  });

  it('the back end reaches its topics: teleop arrives on /cmd_vel', async () => {
    const teleop = new Probe(`ws://127.0.0.1:${b.backend.teleopPort}`, b.cookie);
    try {
      await teleop.opened;
      teleop.send({ client_id: 't', op: 'manual_mode', mode: 'MANUAL' });
      await teleop.waitFor('manual_mode', () => true, 5_000);
      teleop.send({ client_id: 't', op: 'move', lvx: 0.5, lvy: 0, avz: 0.75 });
      const got = await robot.waitFor((l) => l.got === 'cmd_vel' && l.linear === 0.5, 10_000);
      expect(got.angular).toBe(0.75);
      teleop.send({ client_id: 't', op: 'manual_mode', mode: 'NORMAL' });
    } finally {
      teleop.close();
    }
  });

  it('the action does not: send_goal matches and reaches the robot unreadable, the goal fails after answerMs', async () => {
    const dest = (await b.call('POST', '/api/destination', { name: 'Bench', x: 1, y: 0.5, orientation: 0, resolution: 0.1 })).body.data.id;
    const from = ws.frames.length;
    const def = (await b.call('POST', '/api/mission/definition/quick', quickMission(dest))).body.data;
    const sentAt = Date.now();
    const failed = await ws.waitFor('movement/failed', (f) => f.data.mission_definition_id === def.id, 20_000, from);
    expect(JSON.stringify(failed.data)).toContain("the robot's navigation did not answer the goal");
    expect(Date.now() - sentAt).toBeGreaterThan(2_500);
    // The request did cross DDS (the bridge only sends once a reader matched), but not as the server reads it.
    const goal = await robot.waitFor((l) => l.got === 'goal', 1_000);
    expect(goal).toMatchObject({ readable: false });
    expect(robot.lines.filter((l) => l.got === 'goal' && l.readable), 'no goal was ever accepted').toEqual([]);
  });
});
