/** The four wheels of the joints page from the robot's joint-state frame. Pure. */

/** The four corners of the swerve drive, in the diagram's order. */
export const CORNERS = ['front_left', 'front_right', 'rear_left', 'rear_right'] as const;
export type Corner = (typeof CORNERS)[number];

/** The robot's joint-state frame: parallel lists by joint name. */
export interface JointStates {
  name: string[];
  position: number[];
  velocity: number[];
}

/** One wheel: steering angle in degrees (left positive) and wheel speed (rad/s), null where the robot sent none. */
export interface WheelView {
  corner: Corner;
  steerDegrees: number | null;
  wheelSpeed: number | null;
}

/** Radians as degrees. Pure. */
export function radiansToDegrees(rad: number): number {
  return (rad * 180) / Math.PI;
}

/**
 * Pairs each corner's `<corner>_steer` position and `<corner>_wheel` velocity by name, not by index: a robot
 * may send its joints in any order, or leave some out.
 */
export function wheelViews(joints: JointStates | null): WheelView[] {
  const at = (joint: string, values: number[] | undefined): number | null => {
    if (!joints || !values) return null;
    const i = joints.name.indexOf(joint);
    const v = i >= 0 ? values[i] : undefined;
    return v === undefined || !Number.isFinite(v) ? null : v;
  };
  return CORNERS.map((corner) => {
    const steer = at(`${corner}_steer`, joints?.position);
    return { corner, steerDegrees: steer === null ? null : radiansToDegrees(steer), wheelSpeed: at(`${corner}_wheel`, joints?.velocity) };
  });
}
