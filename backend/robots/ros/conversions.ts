/**
 * Pure conversions between ROS 1 messages and what the back end speaks (api.md). Each reader of a robot
 * message checks what it reads and answers a reason instead of a value when the message is unusable, so the
 * driver can log it and change nothing. No I/O here: tests/ros/conversions.test.ts runs these directly.
 */
import type { AlertChange } from '../../alerts';
import { Grid, type Pose } from '../../grid';
import type { Battery, JointStates, Twist } from '../driver';

/** A reading, or why the message was refused. */
export type Read<T> = { ok: true; value: T } | { ok: false; reason: string };

const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const bad = <T>(reason: string): Read<T> => ({ ok: false, reason });

/** Pixel values ROS's map_saver writes: free, occupied, unknown. */
export const MAP_FREE = 254;
export const MAP_OCCUPIED = 0;
export const MAP_UNKNOWN = 205;
/** map_saver's default thresholds, in percent of occupancy: at most FREE_MAX is free, at least OCCUPIED_MIN occupied. */
const FREE_MAX = 25;
const OCCUPIED_MIN = 65;

const finite = (...v: unknown[]) => v.every((x) => typeof x === 'number' && Number.isFinite(x));

interface Quaternion {
  x: number;
  y: number;
  z: number;
  w: number;
}

/** The yaw of a quaternion in degrees, east 0, north 90, in (-180, 180]. */
export function quaternionToDegrees(q: Quaternion): number {
  const yaw = Math.atan2(2 * (q.w * q.z + q.x * q.y), 1 - 2 * (q.y * q.y + q.z * q.z));
  const deg = (yaw * 180) / Math.PI;
  return deg <= -180 ? deg + 360 : deg;
}

/** A rotation about the vertical by `deg` degrees, as a unit quaternion. */
export function degreesToQuaternion(deg: number): Quaternion {
  const half = (deg * Math.PI) / 360;
  return { x: 0, y: 0, z: Math.sin(half), w: Math.cos(half) };
}

interface OccupancyGrid {
  info: { resolution: number; width: number; height: number; origin: { position: { x: number; y: number } } };
  data: ArrayLike<number>;
}

/**
 * A `nav_msgs/OccupancyGrid` as the map image map_saver would write: 0..25 free (254), 65..100 occupied (0),
 * anything else unknown (205). The grid's row 0 is at its origin, the bottom of the picture, so rows are flipped.
 */
export function occupancyToGrid(m: OccupancyGrid): Read<Grid> {
  const { width, height, resolution } = m.info;
  const o = m.info.origin.position;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) return bad(`map size ${width} x ${height} is not a picture`);
  if (!(resolution > 0) || !finite(resolution, o.x, o.y)) return bad(`map resolution ${resolution} or origin (${o.x}, ${o.y}) is not usable`);
  if (m.data.length !== width * height) return bad(`map data has ${m.data.length} cells, not width x height = ${width * height}`);
  const px = new Uint8Array(width * height);
  for (let row = 0; row < height; row++) {
    const out = (height - 1 - row) * width;
    const src = row * width;
    for (let col = 0; col < width; col++) {
      const v = m.data[src + col] as number;
      px[out + col] = v >= 0 && v <= FREE_MAX ? MAP_FREE : v >= OCCUPIED_MIN && v <= 100 ? MAP_OCCUPIED : MAP_UNKNOWN;
    }
  }
  // The resolution is a float32 on the wire: 0.05 arrives as 0.0500000007. Seven significant digits give it back.
  return ok(new Grid(width, height, Number(resolution.toPrecision(7)), { x: o.x, y: o.y }, MAP_UNKNOWN, px));
}

interface PoseMsg {
  position: { x: number; y: number };
  orientation: Quaternion;
}

/** A `geometry_msgs/Pose` in api.md units (metres, degrees); NaN or infinite values are refused. */
export function poseFromRos(p: PoseMsg): Read<Pose> {
  const q = p.orientation;
  if (!finite(p.position.x, p.position.y, q.x, q.y, q.z, q.w)) return bad('pose has a NaN or infinite value');
  if (Math.hypot(q.x, q.y, q.z, q.w) < 1e-6) return bad('pose orientation is a zero quaternion');
  return ok({ x: round(p.position.x, 3), y: round(p.position.y, 3), orientation: round(quaternionToDegrees(q), 1) });
}

/** An api.md pose as a `geometry_msgs/Pose`. */
export function poseToRos(p: Pose): PoseMsg & { position: { z: number } } {
  return { position: { x: p.x, y: p.y, z: 0 }, orientation: degreesToQuaternion(p.orientation) };
}

/** A teleop move (lvx, lvy, avz) as a `geometry_msgs/Twist`. */
export function twistToRos(t: Twist) {
  return { linear: { x: t.vx, y: t.vy, z: 0 }, angular: { x: 0, y: 0, z: t.wz } };
}

interface BatteryMsg {
  percentage: number;
  charge: number;
  capacity: number;
  design_capacity: number;
}

/**
 * A `sensor_msgs/BatteryState` as api.md's battery: charge = percentage (0..1), or charge / capacity when the
 * percentage is NaN; health = capacity / design_capacity when both are known, else 1.
 */
export function batteryFromRos(b: BatteryMsg): Read<Battery> {
  let charge = b.percentage;
  if (!Number.isFinite(charge) && b.capacity > 0 && Number.isFinite(b.charge)) charge = b.charge / b.capacity;
  if (!Number.isFinite(charge)) return bad('battery has neither a percentage nor a charge and capacity');
  const health = b.capacity > 0 && b.design_capacity > 0 && finite(b.capacity, b.design_capacity) ? b.capacity / b.design_capacity : 1;
  return ok({ charge: round(clamp01(charge), 3), health: round(clamp01(health), 3) });
}

interface JointMsg {
  name: string[];
  position: ArrayLike<number>;
  velocity: ArrayLike<number>;
}

/** A `sensor_msgs/JointState` as the teleop `joints` payload (a missing velocity list reads as zeros). */
export function jointsFromRos(j: JointMsg): Read<JointStates> {
  const n = j.name.length;
  if (j.position.length !== n) return bad(`joint_states has ${n} names but ${j.position.length} positions`);
  if (j.velocity.length !== n && j.velocity.length !== 0) return bad(`joint_states has ${n} names but ${j.velocity.length} velocities`);
  const velocity = j.velocity.length ? Array.from(j.velocity) : new Array<number>(n).fill(0);
  return ok({ name: [...j.name], position: Array.from(j.position), velocity });
}

/** A `diagnostic_msgs/DiagnosticStatus` name as an alert code: lower case, runs of other characters as `_`. */
export function alertCode(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
}

/** Diagnostic levels (diagnostic_msgs/DiagnosticStatus). */
const OK = 0;
const WARN = 1;
const ERROR = 2;
const STALE = 3;

/**
 * A `diagnostic_msgs/DiagnosticArray` as one alert change: ERROR or STALE activates an error, WARN a warning,
 * OK resolves both; unknown levels are skipped (and named in `skipped`). The back end sends only what changes.
 */
export function diagnosticsToAlerts(statuses: { name: string; level: number }[]): { change: AlertChange; skipped: string[] } {
  const change = { activate: { errors: [] as string[], warnings: [] as string[] }, resolve: { errors: [] as string[], warnings: [] as string[] } };
  const skipped: string[] = [];
  for (const s of statuses) {
    const code = alertCode(s.name);
    if (!code) {
      skipped.push(`a status with no usable name (${JSON.stringify(s.name)})`);
      continue;
    }
    if (s.level === ERROR || s.level === STALE) {
      change.activate.errors.push(code);
      change.resolve.warnings.push(code);
    } else if (s.level === WARN) {
      change.activate.warnings.push(code);
      change.resolve.errors.push(code);
    } else if (s.level === OK) {
      change.resolve.errors.push(code);
      change.resolve.warnings.push(code);
    } else skipped.push(`${code}: unknown level ${s.level}`);
  }
  return { change, skipped };
}

/** actionlib_msgs/GoalStatus codes the mission runner acts on. */
export const GOAL = { PENDING: 0, ACTIVE: 1, PREEMPTED: 2, SUCCEEDED: 3, ABORTED: 4, REJECTED: 5, LOST: 9 } as const;

/** What a goal status means for the runner: started, arrived, failed, or nothing (pending, preempted...). */
export function goalOutcome(status: number): 'started' | 'arrived' | 'failed' | null {
  if (status === GOAL.ACTIVE) return 'started';
  if (status === GOAL.SUCCEEDED) return 'arrived';
  if (status === GOAL.ABORTED || status === GOAL.REJECTED || status === GOAL.LOST) return 'failed';
  return null;
}

function clamp01(v: number): number {
  return Math.min(1, Math.max(0, v));
}

function round(v: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}
