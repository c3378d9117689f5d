/**
 * The robot's body: pose, current velocity, a path follower, manual (teleop) driving, and two batteries that
 * drain with time and distance and charge on the dock. It knows nothing about missions or sockets.
 */
import { normDeg, normRad, type Point, type Pose } from '../../grid';

/** Body radius in metres (a cart about 0.6 m x 0.5 m); the planner inflates obstacles by this plus a margin. */
export const ROBOT_RADIUS = 0.35;
/** Planner inflation: body radius plus 10 cm so paths never graze a wall. */
export const INFLATION = ROBOT_RADIUS + 0.1;
/** Cruise speed on missions, m/s (indoor service robots drive at walking pace or slower). */
export const CRUISE_SPEED = 0.8;
const MAX_TURN = 1.2; // rad/s
const ACCEL = 0.5; // m/s^2, used to slow down before the goal
/** Idle drain: 2 % of charge per hour. */
const IDLE_DRAIN_PER_S = 0.02 / 3600;
/** Driving drain: 0.015 % per metre, so a 40 m mission costs about 0.6 %. */
const DRIVE_DRAIN_PER_M = 0.00015;
/** Dock charging: 30 % per hour. */
const CHARGE_PER_S = 0.3 / 3600;

/** One battery: charge and health as fractions. */
export interface Battery {
  charge: number;
  health: number;
}

/** Body-frame velocity: forward, left (m/s) and yaw rate (rad/s). */
export interface Twist {
  vx: number;
  vy: number;
  wz: number;
}

/** The simulated robot body. */
export class Robot {
  x: number;
  y: number;
  /** heading in radians, east 0, counter-clockwise */
  theta: number;
  twist: Twist = { vx: 0, vy: 0, wz: 0 };
  batteries: Battery[];
  private path: Point[] = [];
  private finalHeading: number | null = null;
  private pathDone = true;

  constructor(pose: Pose, batteries: Battery[]) {
    this.x = pose.x;
    this.y = pose.y;
    this.theta = (pose.orientation * Math.PI) / 180;
    this.batteries = batteries;
  }

  /** Pose in api.md units (degrees). */
  pose(): Pose {
    return { x: round(this.x, 3), y: round(this.y, 3), orientation: round(normDeg((this.theta * 180) / Math.PI), 1) };
  }

  /** Puts the robot somewhere (relocalisation) and stops it. */
  teleport(p: Pose): void {
    this.x = p.x;
    this.y = p.y;
    this.theta = (p.orientation * Math.PI) / 180;
    this.stop();
  }

  /** Starts following a path; `headingDeg` is turned to on arrival (null keeps the last heading). */
  follow(points: Point[], headingDeg: number | null): void {
    this.path = points.slice(1);
    this.finalHeading = headingDeg === null ? null : (headingDeg * Math.PI) / 180;
    this.pathDone = false;
  }

  /** Drops the path and stands still. */
  stop(): void {
    this.path = [];
    this.pathDone = true;
    this.finalHeading = null;
    this.twist = { vx: 0, vy: 0, wz: 0 };
  }

  /** True once the last path ended (or none was given). */
  get arrived(): boolean {
    return this.pathDone;
  }

  /** Metres left along the path. */
  remaining(): number {
    let d = 0;
    let prev: Point = { x: this.x, y: this.y };
    for (const p of this.path) {
      d += Math.hypot(p.x - prev.x, p.y - prev.y);
      prev = p;
    }
    return d;
  }

  /** Advances path following by `dt` seconds; returns the metres driven. */
  stepPath(dt: number): number {
    if (this.pathDone) {
      this.twist = { vx: 0, vy: 0, wz: 0 };
      return 0;
    }
    const target = this.path[0];
    if (!target) {
      // At the goal: turn on the spot to the destination's orientation.
      if (this.finalHeading === null) return this.finish();
      const err = normRad(this.finalHeading - this.theta);
      if (Math.abs(err) < 0.02) return this.finish();
      return this.move({ vx: 0, vy: 0, wz: clamp(err * 3, -MAX_TURN, MAX_TURN) }, dt);
    }
    const dx = target.x - this.x;
    const dy = target.y - this.y;
    const dist = Math.hypot(dx, dy);
    const last = this.path.length === 1;
    if (dist < (last ? 0.03 : 0.12)) {
      this.path.shift();
      return this.stepPath(dt);
    }
    const err = normRad(Math.atan2(dy, dx) - this.theta);
    const wz = clamp(err * 3, -MAX_TURN, MAX_TURN);
    // Turn on the spot when badly misaligned, so the body stays on the planned line.
    if (Math.abs(err) > 0.35) return this.move({ vx: 0, vy: 0, wz }, dt);
    const left = this.remaining();
    const v = Math.min(CRUISE_SPEED, Math.sqrt(2 * ACCEL * left) + 0.05, dist / dt);
    return this.move({ vx: v * Math.cos(err), vy: 0, wz }, dt);
  }

  /** Drives towards `target` at up to `speed` for `dt` seconds (following a person's trail); returns metres. */
  stepToward(target: Point, speed: number, dt: number): number {
    const dx = target.x - this.x;
    const dy = target.y - this.y;
    const dist = Math.hypot(dx, dy);
    const err = normRad(Math.atan2(dy, dx) - this.theta);
    const wz = clamp(err * 3, -MAX_TURN, MAX_TURN);
    if (Math.abs(err) > 0.5) return this.move({ vx: 0, vy: 0, wz }, dt);
    return this.move({ vx: Math.min(speed, dist / dt) * Math.cos(err), vy: 0, wz }, dt);
  }

  /**
   * Applies a body-frame velocity for `dt` seconds unless `blocked` says the new position is not allowed
   * (teleop against a wall): then the robot stops. Returns metres driven.
   */
  move(t: Twist, dt: number, blocked?: (p: Point) => boolean): number {
    const c = Math.cos(this.theta);
    const s = Math.sin(this.theta);
    const nx = this.x + (t.vx * c - t.vy * s) * dt;
    const ny = this.y + (t.vx * s + t.vy * c) * dt;
    if (blocked && (t.vx || t.vy) && blocked({ x: nx, y: ny })) {
      this.twist = { vx: 0, vy: 0, wz: 0 };
      return 0;
    }
    const d = Math.hypot(nx - this.x, ny - this.y);
    this.x = nx;
    this.y = ny;
    this.theta = normRad(this.theta + t.wz * dt);
    this.twist = t;
    return d;
  }

  /** Drains (time and distance) or, when `charging`, charges the batteries. */
  stepBatteries(dt: number, metres: number, charging: boolean): void {
    for (const b of this.batteries) {
      const delta = charging ? CHARGE_PER_S * dt : -(IDLE_DRAIN_PER_S * dt + DRIVE_DRAIN_PER_M * metres);
      b.charge = clamp(b.charge + delta, 0, 1);
    }
  }

  private finish(): number {
    this.pathDone = true;
    this.finalHeading = null;
    this.twist = { vx: 0, vy: 0, wz: 0 };
    return 0;
  }
}

/** Clamps `v` into [lo, hi]. */
export function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

function round(v: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}
