/**
 * The robot suite's cases about topics (robotCases.ts runs them against each robot): teleop on /cmd_vel, joints,
 * diagnostics and batteries as alerts, follow-me and mapping, bad input, a topic of another type.
 */
import { decode } from 'fast-png';
import { expect, it, vi } from 'vitest';
import { DEFAULT_ROS2_TOPICS } from '../../backend/robots/ros2/config';
import { DEAD_MAN_MS } from '../../backend/world';
import { type Probe, until } from '../sim/helpers';
import { type RobotLine, startRos2Backend, type TestBackend, type TestRobot } from './ros2Harness';

/** What the cases use of the suite: its back end, sockets and robot (set once the suite started), helpers. */
export interface RobotCtx {
  readonly b: TestBackend;
  readonly ws: Probe;
  readonly teleop: Probe;
  readonly robot: TestRobot;
  readonly tmpDir: string;
  readonly domain: number;
  placeRobot(x: number, y: number, orientation?: number): Promise<void>;
  since(what: string, from: number): RobotLine[];
}

export function topicCases(c: RobotCtx): void {
  it('teleop moves reach /cmd_vel in MANUAL mode only, and a zero Twist follows 500 ms after the last', async () => {
    let from = c.robot.lines.length;
    c.teleop.send({ client_id: 't', op: 'move', lvx: 0.5, lvy: 0, avz: 0 });
    await new Promise((r) => setTimeout(r, 800));
    expect(c.since('cmd_vel', from), 'NORMAL mode: nothing sent').toEqual([]);
    const fromFrame = c.teleop.frames.length;
    c.teleop.send({ client_id: 't', op: 'manual_mode', mode: 'MANUAL' });
    await c.teleop.waitFor('manual_mode', () => true, 5_000, fromFrame);
    from = c.robot.lines.length;
    c.teleop.send({ client_id: 't', op: 'move', lvx: 0.5, lvy: -0.25, avz: 0.75 });
    const moved = await c.robot.waitFor((l) => l.got === 'cmd_vel' && l.lx === 0.5, 5_000, from);
    const movedAt = Date.now();
    expect(moved).toMatchObject({ lx: 0.5, ly: -0.25, az: 0.75 });
    const zero = await c.robot.waitFor((l) => l.got === 'cmd_vel' && l.lx === 0 && l.ly === 0 && l.az === 0, 5_000, c.robot.lines.indexOf(moved) + 1);
    const after = Date.now() - movedAt;
    expect(zero).toBeTruthy();
    expect(after).toBeGreaterThan(DEAD_MAN_MS - 150);
    expect(after).toBeLessThan(DEAD_MAN_MS + 600);
    c.teleop.send({ client_id: 't', op: 'manual_mode', mode: 'NORMAL' });
    await c.teleop.waitFor('manual_mode', (f) => (f as unknown as { payload: { actual_mode: { mode: string } } }).payload.actual_mode.mode === 'NORMAL', 5_000, fromFrame);
  });

  it('read_joints answers the latest /joint_states', async () => {
    const from = c.teleop.frames.length;
    c.teleop.send({ client_id: 't', op: 'read_joints' });
    const f = (await c.teleop.waitFor('joints', () => true, 5_000, from)) as unknown as { payload: { name: string[]; position: number[]; velocity: number[] } };
    expect(f.payload.name).toEqual(['front_left_steer', 'front_left_wheel']);
    expect(f.payload.position[0]).toBeCloseTo(0.25);
    expect(f.payload.velocity).toHaveLength(2);
  });

  it('diagnostics become alerts, and battery charges under 10 % raise battery_N_low', async () => {
    let from = c.ws.frames.length;
    await c.robot.control('diag 2 Node lost');
    const raised = await c.ws.waitFor('robot/alert_update', (f) => f.data.activated_errors.includes('node_lost'), 5_000, from);
    expect(raised.data).toEqual({ activated_errors: ['node_lost'], activated_warnings: [], resolved_errors: [], resolved_warnings: [] });
    from = c.ws.frames.length;
    await c.robot.control('diag 0 Node lost');
    const resolved = await c.ws.waitFor('robot/alert_update', () => true, 5_000, from);
    expect(resolved.data).toEqual({ activated_errors: [], activated_warnings: [], resolved_errors: ['node_lost'], resolved_warnings: [] });

    from = c.ws.frames.length;
    await c.robot.control('battery 0.8 0.05');
    const low = await c.ws.waitFor('robot/alert_update', (f) => f.data.activated_warnings.includes('battery_2_low'), 5_000, from);
    expect(low.data.activated_warnings).toEqual(['battery_2_low']);
    const state = await c.ws.waitFor('robot/battery_state', (f) => f.data.batteries[1]?.charge === 0.05, 5_000, from);
    expect(state.data.batteries).toEqual([
      { charge: 0.8, health: 0.9 },
      { charge: 0.05, health: 0.9 },
    ]);
    from = c.ws.frames.length;
    await c.robot.control('battery 0.8 0.6');
    await c.ws.waitFor('robot/alert_update', (f) => f.data.resolved_warnings.includes('battery_2_low'), 5_000, from);
  });

  it('follow-me and mapping publish their switches; following and the map come back', async () => {
    let from = c.robot.lines.length;
    let fromFrame = c.ws.frames.length;
    expect((await c.b.call('POST', '/api/follow-me/start', {})).status).toBe(200);
    expect(await c.robot.waitFor((l) => l.got === 'follow_me', 5_000, from)).toMatchObject({ data: true });
    await c.ws.waitFor('robot/userFollowed', () => true, 5_000, fromFrame);
    from = c.robot.lines.length;
    fromFrame = c.ws.frames.length;
    expect((await c.b.call('POST', '/api/follow-me/stop', {})).status).toBe(200);
    expect(await c.robot.waitFor((l) => l.got === 'follow_me', 5_000, from)).toMatchObject({ data: false });
    await c.ws.waitFor('robot/lostFollowedUser', () => true, 5_000, fromFrame);

    from = c.robot.lines.length;
    fromFrame = c.ws.frames.length;
    expect((await c.b.call('POST', '/api/mapping/start', {})).status).toBe(200);
    expect(await c.robot.waitFor((l) => l.got === 'mapping', 5_000, from)).toMatchObject({ data: true });
    const update = await c.ws.waitFor('mapping/mapUpdate', () => true, 5_000, fromFrame);
    expect(decode(Buffer.from(update.data.image, 'base64')).data[(39 - 12) * 60 + 2]).toBe(254);
    const burst = c.ws.frames.length;
    await c.robot.control('maps 6');
    const newest = await c.ws.waitFor('mapping/mapUpdate', (f) => decode(Buffer.from(f.data.image, 'base64')).data[(39 - 20) * 60 + 20] === 0, 5_000, burst);
    const updates = c.ws.frames.slice(burst).filter((f) => f.event === 'mapping/mapUpdate');
    expect(updates.length).toBeLessThanOrEqual(2);
    expect(updates.at(-1)).toBe(newest);
    from = c.robot.lines.length;
    expect((await c.b.call('POST', '/api/mapping/stop', {})).status).toBe(200);
    expect(await c.robot.waitFor((l) => l.got === 'mapping', 5_000, from)).toMatchObject({ data: false });
  });

  it('bad input from the robot is logged once and changes nothing', async () => {
    await c.placeRobot(0.5, 0.5, 0);
    const before = (await c.b.call('GET', '/api/map/latest')).body.data;
    const warn = vi.spyOn(console, 'warn');
    for (let i = 0; i < 2; i++) for (const bad of ['map', 'pose', 'status']) await c.robot.control(`bad ${bad}`);
    const said = () => warn.mock.calls.map((c) => String(c[0]));
    await until(() => said().some((s) => /unknown status 42/.test(s)) && said().some((s) => /NaN/.test(s)) && said().some((s) => /map data has 2393 cells/.test(s)), 5_000);
    await new Promise((r) => setTimeout(r, 300));
    for (const re of [/unknown status 42/, /NaN/, /map data has 2393 cells/]) expect(said().filter((s) => re.test(s)), `${re} said once`).toHaveLength(1);
    warn.mockRestore();
    const after = (await c.b.call('GET', '/api/map/latest')).body.data;
    expect(after.image).toBe(before.image);
    expect(after.robot).toEqual({ x: 0.5, y: 0.5, orientation: 0 });
  });

  it('a topic of another type is ignored, with the reason logged', async () => {
    const warn = vi.spyOn(console, 'warn');
    const other = await startRos2Backend(c.tmpDir, c.domain, { topics: { ...DEFAULT_ROS2_TOPICS, joints: '/amcl_pose' } }, { dbPath: `${c.tmpDir}/other.db` });
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
}
