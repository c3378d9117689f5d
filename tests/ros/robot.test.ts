/**
 * The back end driving a real ROS 1 graph (issue 16): Debian's rosmaster on a free port, the rospy test robot
 * (testRobot.py), and the back end in-process with its ROS driver. The back end's clock runs 10x so a
 * mission's 10 s countdown takes 1 s; the robot and the ROS traffic run in real time.
 */
import { decode } from 'fast-png';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TOPICS } from '../../backend/robots/ros/config';
import { DEAD_MAN_MS } from '../../backend/world';
import { Probe, until } from '../sim/helpers';
import { HAVE_ROS, type Master, startMaster, startRobot, startRosBackend, type TestBackend, type TestRobot, tempDir } from './rosHarness';

const tmp = tempDir('ros-robot-');
let master: Master;
let robot: TestRobot;
let b: TestBackend;
let ws: Probe;
let teleop: Probe;

beforeAll(async () => {
  master = await startMaster(tmp.dir);
  robot = await startRobot(tmp.dir, master.uri);
  b = await startRosBackend(tmp.dir, master.uri, {}, { speed: 10 });
  ws = new Probe(b.base.replace(/^http/, 'ws') + '/ws');
  await ws.opened;
  teleop = new Probe(`ws://127.0.0.1:${b.backend.teleopPort}`, b.cookie);
  await teleop.opened;
  await ws.waitFor('robot/connected');
}, 60_000);

afterAll(async () => {
  ws?.close();
  teleop?.close();
  await b?.close();
  await robot?.stop();
  await master?.stop();
  tmp.remove();
});

const quick = (destination_id: number) => ({
  destination_id,
  activity_id: 1,
  recipient_id: 1,
  load_location_left: [],
  load_location_right: [],
  message: '',
  message_read_required: false,
});

async function destination(name: string, x: number, y: number, orientation: number): Promise<number> {
  const r = await b.call('POST', '/api/destination', { name, x, y, orientation, resolution: 0.1 });
  expect(r.status).toBe(200);
  return r.body.data.id as number;
}

/**
 * Relocalises the robot and waits until its pose says so. The call is repeated every 2 s: ROS drops a message
 * published before the subscriber's connection is made (a loaded machine can take that long), as a robot's
 * operator would tap again.
 */
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

describe.skipIf(!HAVE_ROS)('the back end on a ROS 1 robot', () => {
  it('serves /map as map_saver would: size, origin, resolution, rows flipped, thresholds', async () => {
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
    expect(px(30, 0), 'the bottom wall is the last picture row').toBe(0);
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

  it('drives a quick mission to completion: the goal, the movement events, the distance', async () => {
    await placeRobot(0, 0, 0);
    const dest = await destination('Bench', 3, 1.2, 45);
    const fromLine = robot.lines.length;
    const fromFrame = ws.frames.length;
    const def = (await b.call('POST', '/api/mission/definition/quick', quick(dest))).body.data;
    const ready = await ws.waitFor('movement/ready', (f) => f.data.mission_definition_id === def.id, 10_000, fromFrame);
    expect(ready.data).toEqual({ mission_definition_id: def.id, step_index: 0, duration: 10 });
    await ws.waitFor('movement/completed', (f) => f.data.mission_definition_id === def.id, 20_000, fromFrame);
    expect(movementsOf(def.id, fromFrame)).toEqual(['movement/ready', 'movement/started', 'movement/arriving', 'movement/completed']);
    const goal = robot.got('goal').filter((_, i, all) => robot.lines.indexOf(all[i] as object) >= fromLine);
    expect(goal).toHaveLength(1);
    expect(goal[0]).toMatchObject({ frame: 'map', x: 3, y: 1.2 });
    expect(goal[0]?.yaw).toBeCloseTo(45, 3);
    // The robot publishes the goal's status before its next pose: the pose follows within one cycle.
    await until(async () => (await b.call('GET', '/api/map/latest')).body.data.robot.x === 3, 2_000);
    expect((await b.call('GET', '/api/map/latest')).body.data.robot).toEqual({ x: 3, y: 1.2, orientation: 45 });

    expect((await b.call('PUT', '/api/current_mission/step/0/activity/0/status', { status: 'completed' })).status).toBe(200);
    expect((await b.call('GET', '/api/current_mission')).body.data).toEqual({});
    const now = new Date();
    const ended = (await b.call('GET', `/api/ended_missions/year/${now.getUTCFullYear()}/month/${now.getUTCMonth() + 1}`)).body.data.missions;
    const mine = ended.find((m: { definition_id: number }) => m.definition_id === def.id);
    expect(mine.status).toBe('completed');
    // A straight drive from (0, 0) to (3, 1.2) at 2 m/s, summed from the poses.
    expect(mine.distance).toBeCloseTo(Math.hypot(3, 1.2), 1);
  });

  it('pause publishes a cancel, resume the goal again, cancel a cancel and ends the mission', async () => {
    await placeRobot(0, 0, 0);
    const dest = await destination('Far corner', 4.5, -1, 0);
    const fromFrame = ws.frames.length;
    const def = (await b.call('POST', '/api/mission/definition/quick', quick(dest))).body.data;
    await ws.waitFor('movement/started', (f) => f.data.mission_definition_id === def.id, 15_000, fromFrame);
    const fromLine = robot.lines.length;
    expect((await b.call('PUT', '/api/current_mission/pause', {})).status).toBe(200);
    expect(await robot.waitFor((l) => l.got === 'cancel', 5_000, fromLine)).toMatchObject({ id: '' });
    const resumeLine = robot.lines.length;
    expect((await b.call('PUT', '/api/current_mission/resume', {})).status).toBe(200);
    expect(await robot.waitFor((l) => l.got === 'goal', 5_000, resumeLine)).toMatchObject({ x: 4.5, y: -1 });
    const cancelLine = robot.lines.length;
    expect((await b.call('PUT', '/api/current_mission/cancel', {})).status).toBe(200);
    await robot.waitFor((l) => l.got === 'cancel', 5_000, cancelLine);
    expect((await b.call('GET', '/api/current_mission')).body.data).toEqual({});
    // The preempted goal is no failure and no arrival: the mission just ended, uncompleted.
    await new Promise((r) => setTimeout(r, 500));
    expect(movementsOf(def.id, fromFrame)).toEqual(['movement/ready', 'movement/started']);
    const now = new Date();
    const ended = (await b.call('GET', `/api/ended_missions/year/${now.getUTCFullYear()}/month/${now.getUTCMonth() + 1}`)).body.data.missions;
    expect(ended.find((m: { definition_id: number }) => m.definition_id === def.id).status).toBe('uncompleted');
  });

  it('an aborted goal (into a wall) and a rejected one fail their missions', async () => {
    await placeRobot(0, 0, 0);
    const wall = await destination('In the wall', 3.05, 1.05, 0);
    let from = ws.frames.length;
    const aborted = (await b.call('POST', '/api/mission/definition/quick', quick(wall))).body.data;
    await ws.waitFor('movement/failed', (f) => f.data.mission_definition_id === aborted.id, 15_000, from);
    expect(movementsOf(aborted.id, from)).toEqual(['movement/ready', 'movement/failed']);
    expect((await b.call('GET', '/api/current_mission')).body.data).toEqual({});

    await robot.control({ reject_next: true });
    const open = await destination('Open floor', 1, 1, 0);
    from = ws.frames.length;
    const rejected = (await b.call('POST', '/api/mission/definition/quick', quick(open))).body.data;
    await ws.waitFor('movement/failed', (f) => f.data.mission_definition_id === rejected.id, 15_000, from);
    const now = new Date();
    const ended = (await b.call('GET', `/api/ended_missions/year/${now.getUTCFullYear()}/month/${now.getUTCMonth() + 1}`)).body.data.missions;
    for (const id of [aborted.id, rejected.id]) expect(ended.find((m: { definition_id: number }) => m.definition_id === id).status).toBe('uncompleted');
  });

  it('teleop moves reach /cmd_vel in MANUAL mode only, and a zero Twist follows 500 ms after the last', async () => {
    let from = robot.lines.length;
    teleop.send({ client_id: 't', op: 'move', lvx: 0.5, lvy: 0, avz: 0 });
    await new Promise((r) => setTimeout(r, 800));
    expect(robot.got('cmd_vel').filter((l) => robot.lines.indexOf(l) >= from), 'NORMAL mode: nothing sent').toEqual([]);

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

  it('diagnostics become alerts (node_lost), and battery charges under 10 % raise battery_N_low', async () => {
    let from = ws.frames.length;
    await robot.control({ diagnostics: [{ name: 'Node lost', level: 2 }, { name: 'Lidar: dirty window', level: 1 }] });
    const raised = await ws.waitFor('robot/alert_update', (f) => f.data.activated_errors.includes('node_lost'), 5_000, from);
    expect(raised.data).toEqual({ activated_errors: ['node_lost'], activated_warnings: ['lidar_dirty_window'], resolved_errors: [], resolved_warnings: [] });
    from = ws.frames.length;
    // The same again changes nothing, so nothing is sent; OK resolves.
    await robot.control({ diagnostics: [{ name: 'Node lost', level: 2 }] });
    await robot.control({ diagnostics: [{ name: 'Node lost', level: 0 }, { name: 'Lidar: dirty window', level: 0 }] });
    const resolved = await ws.waitFor('robot/alert_update', () => true, 5_000, from);
    expect(resolved.data).toEqual({ activated_errors: [], activated_warnings: [], resolved_errors: ['node_lost'], resolved_warnings: ['lidar_dirty_window'] });

    from = ws.frames.length;
    await robot.control({ battery: [0.8, 0.05] });
    const low = await ws.waitFor('robot/alert_update', (f) => f.data.activated_warnings.includes('battery_2_low'), 5_000, from);
    expect(low.data.activated_warnings).toEqual(['battery_2_low']);
    const state = await ws.waitFor('robot/battery_state', (f) => f.data.batteries[1]?.charge === 0.05, 5_000, from);
    expect(state.data.batteries).toEqual([
      { charge: 0.8, health: 0.9 },
      { charge: 0.05, health: 0.9 },
    ]);
    from = ws.frames.length;
    await robot.control({ battery: [0.8, 0.6] });
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
    // The robot's mapping fills the unknown patch in: the update on /ws shows it free.
    const update = await ws.waitFor('mapping/mapUpdate', () => true, 5_000, fromFrame);
    const png = decode(Buffer.from(update.data.image, 'base64'));
    expect(png.data[(39 - 12) * 60 + 2]).toBe(254);
    // A burst of six maps goes out as at most one update a second, the newest last.
    const burst = ws.frames.length;
    await robot.control({ maps: 6 });
    const newest = await ws.waitFor('mapping/mapUpdate', (f) => decode(Buffer.from(f.data.image, 'base64')).data[(39 - 20) * 60 + 20] === 0, 5_000, burst);
    const updates = ws.frames.slice(burst).filter((f) => f.event === 'mapping/mapUpdate');
    expect(updates.length).toBeLessThanOrEqual(2);
    expect(updates.at(-1)).toBe(newest);
    from = robot.lines.length;
    expect((await b.call('POST', '/api/mapping/stop', {})).status).toBe(200);
    expect(await robot.waitFor((l) => l.got === 'mapping', 5_000, from)).toMatchObject({ data: false });
    const stored = b.backend.app.store.maps.latest();
    expect(stored && [stored.width, stored.height, stored.resolution, stored.origin]).toEqual([60, 40, 0.1, { x: -1, y: -2 }]);
    expect(decode(stored?.png as Buffer).data[(39 - 12) * 60 + 2]).toBe(254);
  });

  it('bad input from the robot is logged and changes nothing', async () => {
    await placeRobot(0.5, 0.5, 0);
    const before = (await b.call('GET', '/api/map/latest')).body.data;
    const warn = vi.spyOn(console, 'warn');
    for (const bad of ['map', 'pose', 'status']) await robot.control({ bad });
    const said = () => warn.mock.calls.map((c) => String(c[0])).join('\n');
    await until(() => /unknown status 42/.test(said()) && /NaN/.test(said()) && /map data has 2393 cells/.test(said()), 5_000);
    warn.mockRestore();
    const after = (await b.call('GET', '/api/map/latest')).body.data;
    expect(after.image).toBe(before.image);
    expect(after.robot).toEqual({ x: 0.5, y: 0.5, orientation: 0 });
    expect((await b.call('GET', '/healthz')).status).toBe(200);
  });

  it('a topic of another type is ignored, with the reason logged', async () => {
    // A second back end whose joints topic is, by mistake, the robot's pose.
    const warn = vi.spyOn(console, 'warn');
    const other = await startRosBackend(tmp.dir, master.uri, { nodeName: '/kiosk_wrong_types', topics: { ...DEFAULT_TOPICS, joints: '/amcl_pose' } }, { dbPath: `${tmp.dir}/other.db` });
    try {
      const said = () => warn.mock.calls.map((c) => String(c[0])).join('\n');
      await until(() => said().includes('/amcl_pose: ignored, it carries geometry_msgs/PoseWithCovarianceStamped, not sensor_msgs/JointState'), 10_000);
      expect(other.backend.app.world.driver.joints()).toEqual({ name: [], position: [], velocity: [] });
      expect(other.backend.app.world.pose()).not.toEqual({ x: 0, y: 0, orientation: 0 });
    } finally {
      warn.mockRestore();
      await other.close();
    }
  });
});
