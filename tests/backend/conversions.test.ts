/** The ROS driver's conversions (backend/robots/ros/conversions.ts), without ROS. */
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { gridToPng } from '../../backend/grid';
import { applyTopicOverrides, DEFAULT_TOPICS } from '../../backend/robots/ros/config';
import {
  alertCode,
  batteryFromRos,
  degreesToQuaternion,
  diagnosticsToAlerts,
  goalOutcome,
  jointsFromRos,
  occupancyToGrid,
  poseFromRos,
  quaternionToDegrees,
} from '../../backend/robots/ros/conversions';
import { definitionsFor } from '../../backend/robots/ros/messages';

const grid = (width: number, height: number, data: number[], resolution = 0.05, x = -1.5, y = 2) => ({
  info: { width, height, resolution, origin: { position: { x, y } } },
  data,
});

describe('OccupancyGrid to map image', () => {
  it('applies map_saver thresholds: 0..25 free (254), 65..100 occupied (0), the rest and -1 unknown (205)', () => {
    const values = [0, 25, 26, 64, 65, 100, -1, 101, 50];
    const r = occupancyToGrid(grid(values.length, 1, values));
    expect(r.ok && [...r.value.data]).toEqual([254, 254, 205, 205, 0, 0, 205, 205, 205]);
  });

  it('flips rows: the grid row 0 (at the origin) is the bottom of the picture', () => {
    // 3 x 2: the bottom row (grid row 0) has one occupied cell at column 2.
    const r = occupancyToGrid(grid(3, 2, [0, 0, 100, -1, 0, 0]));
    if (!r.ok) throw new Error(r.reason);
    const png = decode(gridToPng(r.value));
    expect([png.width, png.height]).toEqual([3, 2]);
    expect([...png.data]).toEqual([205, 254, 254, 254, 254, 0]);
  });

  it('keeps origin and resolution (a float32 resolution read back to its decimal)', () => {
    const r = occupancyToGrid(grid(2, 2, [0, 0, 0, 0], Math.fround(0.05), -12.2, 3.5));
    expect(r.ok && { resolution: r.value.resolution, origin: r.value.origin }).toEqual({ resolution: 0.05, origin: { x: -12.2, y: 3.5 } });
  });

  it('refuses data whose length is not width x height, and unusable sizes', () => {
    expect(occupancyToGrid(grid(3, 2, [0, 0, 0]))).toEqual({ ok: false, reason: 'map data has 3 cells, not width x height = 6' });
    expect(occupancyToGrid(grid(0, 2, [])).ok).toBe(false);
    expect(occupancyToGrid(grid(1, 1, [0], 0)).ok).toBe(false);
    expect(occupancyToGrid(grid(1, 1, [0], 0.05, Number.NaN)).ok).toBe(false);
  });
});

describe('quaternions and degrees', () => {
  it('reads yaw in degrees, east 0 and north 90, and writes it back', () => {
    for (const deg of [0, 45, 90, 135, 180, -90, -45, -179.5]) {
      const q = degreesToQuaternion(deg);
      expect(quaternionToDegrees(q)).toBeCloseTo(deg, 9);
      expect(Math.hypot(q.x, q.y, q.z, q.w)).toBeCloseTo(1, 12);
    }
    expect(quaternionToDegrees({ x: 0, y: 0, z: Math.SQRT1_2, w: Math.SQRT1_2 })).toBeCloseTo(90, 9);
    expect(quaternionToDegrees({ x: 0, y: 0, z: -1, w: 0 })).toBe(180);
  });

  it('reads a pose, refusing NaN and a zero quaternion', () => {
    const q = degreesToQuaternion(30);
    expect(poseFromRos({ position: { x: 1.23456, y: -2, z: 0 } as never, orientation: q })).toEqual({ ok: true, value: { x: 1.235, y: -2, orientation: 30 } });
    expect(poseFromRos({ position: { x: Number.NaN, y: 0 }, orientation: q }).ok).toBe(false);
    expect(poseFromRos({ position: { x: 0, y: 0 }, orientation: { x: 0, y: 0, z: 0, w: 0 } }).ok).toBe(false);
  });
});

describe('batteries', () => {
  const msg = (percentage: number, charge: number, capacity: number, design_capacity: number) => ({ percentage, charge, capacity, design_capacity });
  it('charge is the percentage; health capacity over design capacity', () => {
    expect(batteryFromRos(msg(0.42, Number.NaN, 8, 10))).toEqual({ ok: true, value: { charge: 0.42, health: 0.8 } });
  });
  it('charge from charge / capacity when the percentage is NaN; health 1 when unknown', () => {
    expect(batteryFromRos(msg(Number.NaN, 3, 12, Number.NaN))).toEqual({ ok: true, value: { charge: 0.25, health: 1 } });
    expect(batteryFromRos(msg(0.5, 0, 0, 0))).toEqual({ ok: true, value: { charge: 0.5, health: 1 } });
  });
  it('refuses a battery with neither', () => {
    expect(batteryFromRos(msg(Number.NaN, Number.NaN, 0, 0)).ok).toBe(false);
  });
});

describe('diagnostics to alerts', () => {
  it('names become codes: lower case, runs of other characters as _', () => {
    expect(alertCode('Node lost')).toBe('node_lost');
    expect(alertCode('move_base: Costmap (local) -- stale!')).toBe('move_base_costmap_local_stale');
  });
  it('ERROR and STALE raise errors, WARN warnings, OK resolves; unknown levels are skipped', () => {
    const { change, skipped } = diagnosticsToAlerts([
      { name: 'Node lost', level: 2 },
      { name: 'Stale thing', level: 3 },
      { name: 'Lidar', level: 1 },
      { name: 'Motors', level: 0 },
      { name: 'Odd', level: 7 },
    ]);
    expect(change).toEqual({
      activate: { errors: ['node_lost', 'stale_thing'], warnings: ['lidar'] },
      resolve: { errors: ['lidar', 'motors'], warnings: ['node_lost', 'stale_thing', 'motors'] },
    });
    expect(skipped).toEqual(['odd: unknown level 7']);
  });
});

describe('the rest', () => {
  it('goal statuses: ACTIVE starts, SUCCEEDED arrives, ABORTED/REJECTED/LOST fail, others mean nothing', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(goalOutcome)).toEqual([null, 'started', null, 'arrived', 'failed', 'failed', null, null, null, 'failed']);
  });
  it('joint states: parallel arrays, velocities zero when missing, mismatches refused', () => {
    expect(jointsFromRos({ name: ['a', 'b'], position: [1, 2], velocity: [] })).toEqual({ ok: true, value: { name: ['a', 'b'], position: [1, 2], velocity: [0, 0] } });
    expect(jointsFromRos({ name: ['a', 'b'], position: [1], velocity: [] }).ok).toBe(false);
  });
  it('topic names: overrides by name, batteries as a list, unknown names and bad topics refused', () => {
    const t = applyTopicOverrides(DEFAULT_TOPICS, { pose: '/robot/pose', batteries: '/main,/spare' }, 'test');
    expect(t.pose).toBe('/robot/pose');
    expect(t.batteries).toEqual(['/main', '/spare']);
    expect(DEFAULT_TOPICS.pose).toBe('/amcl_pose');
    expect(() => applyTopicOverrides(DEFAULT_TOPICS, { posse: '/x' }, 'test')).toThrow(/no topic called posse/);
    expect(() => applyTopicOverrides(DEFAULT_TOPICS, { pose: 'not a topic' }, 'test')).toThrow(/ROS topic name/);
  });
  it('message definitions come with every type they use, the root first', () => {
    expect(definitionsFor('geometry_msgs/PoseWithCovarianceStamped').map((d) => d.name)).toEqual([
      'geometry_msgs/PoseWithCovarianceStamped',
      'std_msgs/Header',
      'geometry_msgs/PoseWithCovariance',
      'geometry_msgs/Pose',
      'geometry_msgs/Point',
      'geometry_msgs/Quaternion',
    ]);
  });
});
