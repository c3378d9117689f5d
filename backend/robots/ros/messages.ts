/** ROS 1 message definitions for the topics the back end publishes, from Foxglove's common message set. */
import { ros1 } from '@foxglove/rosmsg-msgs-common';

/** One message type's fields (the type @foxglove/ros1 takes; named through the package we depend on). */
export type MessageDefinition = (typeof ros1)[keyof typeof ros1];

/** The types the driver reads or writes. */
export const TYPES = {
  map: 'nav_msgs/OccupancyGrid',
  pose: 'geometry_msgs/PoseWithCovarianceStamped',
  goal: 'geometry_msgs/PoseStamped',
  status: 'actionlib_msgs/GoalStatusArray',
  cancel: 'actionlib_msgs/GoalID',
  cmdVel: 'geometry_msgs/Twist',
  initialPose: 'geometry_msgs/PoseWithCovarianceStamped',
  batteries: 'sensor_msgs/BatteryState',
  joints: 'sensor_msgs/JointState',
  diagnostics: 'diagnostic_msgs/DiagnosticArray',
  followEnable: 'std_msgs/Bool',
  following: 'std_msgs/Bool',
  mappingEnable: 'std_msgs/Bool',
} as const;

const all = ros1 as Record<string, MessageDefinition>;

/** A type's definition followed by every type it uses, as a publisher's connection header needs them. */
export function definitionsFor(type: string): MessageDefinition[] {
  const out: MessageDefinition[] = [];
  const seen = new Set<string>();
  const visit = (t: string) => {
    if (seen.has(t)) return;
    seen.add(t);
    const def = all[t];
    if (!def) throw new Error(`no ROS 1 message definition for ${t}`);
    out.push(def);
    for (const f of def.definitions) if (f.isComplex && !f.isConstant) visit(f.type);
  };
  visit(type);
  return out;
}
