/**
 * Inverse kinematics of a four-wheel swerve drive: from a body velocity, each corner's steer angle and wheel
 * speed. Pure; `Joints` integrates wheel angles over time for the `joints` answer of the teleop socket.
 */
import type { Twist } from './robot';

/** Wheelbase (front-rear) and track (left-right) in metres, and wheel radius. */
export const WHEELBASE = 0.6;
export const TRACK = 0.5;
export const WHEEL_RADIUS = 0.1;

/** Corners in api.md order, with their position on the body (x forward, y left). */
export const CORNERS = [
  { name: 'front_left', x: WHEELBASE / 2, y: TRACK / 2 },
  { name: 'front_right', x: WHEELBASE / 2, y: -TRACK / 2 },
  { name: 'rear_left', x: -WHEELBASE / 2, y: TRACK / 2 },
  { name: 'rear_right', x: -WHEELBASE / 2, y: -TRACK / 2 },
] as const;

/** Steer angles (rad, 0 = straight ahead, left positive) and wheel speeds (rad/s) per corner. */
export interface WheelStates {
  steer: number[];
  speed: number[];
}

/**
 * Each corner moves with v + w x r; its wheel points along that velocity. An angle beyond +-90 degrees is
 * flipped with a reversed wheel, as real swerve modules do to avoid half turns. At rest the modules keep
 * `previous` angles rather than snapping to zero.
 */
export function swerve(t: Twist, previous?: number[]): WheelStates {
  const steer: number[] = [];
  const speed: number[] = [];
  CORNERS.forEach((c, i) => {
    const vx = t.vx - t.wz * c.y;
    const vy = t.vy + t.wz * c.x;
    const v = Math.hypot(vx, vy);
    if (v < 1e-9) {
      steer.push(previous?.[i] ?? 0);
      speed.push(0);
      return;
    }
    let a = Math.atan2(vy, vx);
    let s = v / WHEEL_RADIUS;
    if (Math.abs(a) > Math.PI / 2) {
      a -= Math.sign(a) * Math.PI;
      s = -s;
    }
    steer.push(a);
    speed.push(s);
  });
  return { steer, speed };
}

/** The joint_states-like answer: names, positions and velocities of all eight joints. */
export interface JointReport {
  name: string[];
  position: number[];
  velocity: number[];
}

/** Keeps steer angles and integrated wheel angles as the robot moves. */
export class Joints {
  private state: WheelStates = { steer: [0, 0, 0, 0], speed: [0, 0, 0, 0] };
  private wheelAngle = [0, 0, 0, 0];

  /** Follows the body velocity for `dt` seconds. */
  step(t: Twist, dt: number): void {
    this.state = swerve(t, this.state.steer);
    this.state.speed.forEach((s, i) => {
      this.wheelAngle[i] = ((this.wheelAngle[i] ?? 0) + s * dt) % (2 * Math.PI);
    });
  }

  report(): JointReport {
    const out: JointReport = { name: [], position: [], velocity: [] };
    CORNERS.forEach((c, i) => {
      out.name.push(`${c.name}_steer`, `${c.name}_wheel`);
      out.position.push(this.state.steer[i] ?? 0, this.wheelAngle[i] ?? 0);
      out.velocity.push(0, this.state.speed[i] ?? 0);
    });
    return out;
  }
}
