/**
 * The back end driving a real DDS peer as a ROS 2 Nav2 robot (issue 33): the C test robot on Cyclone DDS
 * (testRobot.c) and the back end in-process with its ROS 2 driver and bridge, on loopback and unicast only.
 * The robot starts first here (reconnect.test.ts starts the back end first). The back end's clock runs 10x so
 * a mission's 10 s countdown takes 1 s; the robot and DDS run in real time.
 */
import { decode } from 'fast-png';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ROS2_TOPICS } from '../../backend/robots/ros2/config';
import { DEAD_MAN_MS } from '../../backend/world';
import { Probe, until, quickMission } from '../sim/helpers';
import { freeDomain, HAVE_CYCLONE, startRos2Backend, startRos2TestRobot, tempDir, type TestBackend, type TestRobot } from './ros2Harness';

const tmp = tempDir('ros2-robot-');
const domain = freeDomain();
let robot: TestRobot;
let b: TestBackend;
let ws: Probe;
let teleop: Probe;

beforeAll(async () => {
  if (!HAVE_CYCLONE) return;
  robot = await startRos2TestRobot(domain);
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

describe.skipIf(!HAVE_CYCLONE)('the back end on a ROS 2 robot over DDS', () => {
  it('serves /map (transient local) as map_saver would: size, origin, resolution, rows flipped, thresholds', async () => {
    const map = (await b.call('GET', '/api/map/latest')).body.data;
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

  it('a goal the robot never answers (a Fast DDS action server, a stuck one) fails after answerMs', async () => {
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

  it('teleop moves reach /cmd_vel in MANUAL mode only, and a zero Twist follows 500 ms after the last', async () => {
    let from = robot.lines.length;
    teleop.send({ client_id: 't', op: 'move', lvx: 0.5, lvy: 0, avz: 0 });
    await new Promise((r) => setTimeout(r, 800));
    expect(since('cmd_vel', from), 'NORMAL mode: nothing sent').toEqual([]);
    const fromFrame = teleop.frames.length;
    teleop.send({ client_id: 't', op: 'manual_mode', mode: 'MANUAL' });
    await teleop.waitFor('manual_mode', () => true, 5_000, fromFrame);
    from = robot.lines.length;
    teleop.send({ client_id: 't', op: 'move', lvx: 0.5, lvy: -0.25, avz: 0.75 });
    const moved = await robot.waitFor((l) => l.got === 'cmd_vel' && l.lx === 0.5, 5_000, from);
    const movedAt = Date.now();
    expect(moved).toMatchObject({ lx: 0.5, ly: -0.25, az: 0.75 });
    const zero = await robot.waitFor((l) => l.got === 'cmd_vel' && l.lx === 0 && l.ly === 0 && l.az === 0, 5_000, robot.lines.indexOf(moved) + 1);
    const after = Date.now() - movedAt;
    expect(zero).toBeTruthy();
    expect(after).toBeGreaterThan(DEAD_MAN_MS - 150);
    expect(after).toBeLessThan(DEAD_MAN_MS + 600);
    teleop.send({ client_id: 't', op: 'manual_mode', mode: 'NORMAL' });
    await teleop.waitFor('manual_mode', (f) => (f as unknown as { payload: { actual_mode: { mode: string } } }).payload.actual_mode.mode === 'NORMAL', 5_000, fromFrame);
  });

  it('read_joints answers the latest /joint_states', async () => {
    const from = teleop.frames.length;
    teleop.send({ client_id: 't', op: 'read_joints' });
    const f = (await teleop.waitFor('joints', () => true, 5_000, from)) as unknown as { payload: { name: string[]; position: number[]; velocity: number[] } };
    expect(f.payload.name).toEqual(['front_left_steer', 'front_left_wheel']);
    expect(f.payload.position[0]).toBeCloseTo(0.25);
    expect(f.payload.velocity).toHaveLength(2);
  });

  it('diagnostics become alerts, and battery charges under 10 % raise battery_N_low', async () => {
    let from = ws.frames.length;
    await robot.control('diag 2 Node lost');
    const raised = await ws.waitFor('robot/alert_update', (f) => f.data.activated_errors.includes('node_lost'), 5_000, from);
    expect(raised.data).toEqual({ activated_errors: ['node_lost'], activated_warnings: [], resolved_errors: [], resolved_warnings: [] });
    from = ws.frames.length;
    await robot.control('diag 0 Node lost');
    const resolved = await ws.waitFor('robot/alert_update', () => true, 5_000, from);
    expect(resolved.data).toEqual({ activated_errors: [], activated_warnings: [], resolved_errors: ['node_lost'], resolved_warnings: [] });

    from = ws.frames.length;
    await robot.control('battery 0.8 0.05');
    const low = await ws.waitFor('robot/alert_update', (f) => f.data.activated_warnings.includes('battery_2_low'), 5_000, from);
    expect(low.data.activated_warnings).toEqual(['battery_2_low']);
    const state = await ws.waitFor('robot/battery_state', (f) => f.data.batteries[1]?.charge === 0.05, 5_000, from);
    expect(state.data.batteries).toEqual([
      { charge: 0.8, health: 0.9 },
      { charge: 0.05, health: 0.9 },
    ]);
    from = ws.frames.length;
    await robot.control('battery 0.8 0.6');
    await ws.waitFor('robot/alert_update', (f) => f.data.resolved_warnings.includes('battery_2_low'), 5_000, from);
  });

  it('follow-me and mapping publish their switches; following and the map come back', async () => {
    let from = robot.lines.length;
    let fromFrame = ws.frames.length;
    expect((await b.call('POST', '/api/follow-me/start', {})).status).toBe(200);
    expect(await robot.waitFor((l) => l.got === 'follow_me', 5_000, from)).toMatchObject({ data: true });
    await ws.waitFor('robot/userFollowed', () => true, 5_000, fromFrame);
    from = robot.lines.length;
    fromFrame = ws.frames.length;
    expect((await b.call('POST', '/api/follow-me/stop', {})).status).toBe(200);
    expect(await robot.waitFor((l) => l.got === 'follow_me', 5_000, from)).toMatchObject({ data: false });
    await ws.waitFor('robot/lostFollowedUser', () => true, 5_000, fromFrame);

    from = robot.lines.length;
    fromFrame = ws.frames.length;
    expect((await b.call('POST', '/api/mapping/start', {})).status).toBe(200);
    expect(await robot.waitFor((l) => l.got === 'mapping', 5_000, from)).toMatchObject({ data: true });
    const update = await ws.waitFor('mapping/mapUpdate', () => true, 5_000, fromFrame);
    expect(decode(Buffer.from(update.data.image, 'base64')).data[(39 - 12) * 60 + 2]).toBe(254);
    const burst = ws.frames.length;
    await robot.control('maps 6');
    const newest = await ws.waitFor('mapping/mapUpdate', (f) => decode(Buffer.from(f.data.image, 'base64')).data[(39 - 20) * 60 + 20] === 0, 5_000, burst);
    const updates = ws.frames.slice(burst).filter((f) => f.event === 'mapping/mapUpdate');
    expect(updates.length).toBeLessThanOrEqual(2);
    expect(updates.at(-1)).toBe(newest);
    from = robot.lines.length;
    expect((await b.call('POST', '/api/mapping/stop', {})).status).toBe(200);
    expect(await robot.waitFor((l) => l.got === 'mapping', 5_000, from)).toMatchObject({ data: false });
  });

  it('bad input from the robot is logged once and changes nothing', async () => {
    await placeRobot(0.5, 0.5, 0);
    const before = (await b.call('GET', '/api/map/latest')).body.data;
    const warn = vi.spyOn(console, 'warn');
    for (let i = 0; i < 2; i++) for (const bad of ['map', 'pose', 'status']) await robot.control(`bad ${bad}`);
    const said = () => warn.mock.calls.map((c) => String(c[0]));
    await until(() => said().some((s) => /unknown status 42/.test(s)) && said().some((s) => /NaN/.test(s)) && said().some((s) => /map data has 2393 cells/.test(s)), 5_000);
    await new Promise((r) => setTimeout(r, 300));
    for (const re of [/unknown status 42/, /NaN/, /map data has 2393 cells/]) expect(said().filter((s) => re.test(s)), `${re} said once`).toHaveLength(1);
    warn.mockRestore();
    const after = (await b.call('GET', '/api/map/latest')).body.data;
    expect(after.image).toBe(before.image);
    expect(after.robot).toEqual({ x: 0.5, y: 0.5, orientation: 0 });
  });

  it('a topic of another type is ignored, with the reason logged', async () => {
    const warn = vi.spyOn(console, 'warn');
    const other = await startRos2Backend(tmp.dir, domain, { topics: { ...DEFAULT_ROS2_TOPICS, joints: '/amcl_pose' } }, { dbPath: `${tmp.dir}/other.db` });
    try {
      const said = () => warn.mock.calls.map((c) => String(c[0])).join('\n');
      await until(() => said().includes('/amcl_pose: ignored, it carries geometry_msgs::msg::dds_::PoseWithCovarianceStamped_, not sensor_msgs::msg::dds_::JointState_'), 10_000);
      expect(other.backend.app.world.driver.joints()).toEqual({ name: [], position: [], velocity: [] });
      await until(() => other.backend.app.world.driver.connected, 10_000);
    } finally {
      warn.mockRestore();
      await other.close();
    }
  });
});
