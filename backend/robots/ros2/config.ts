/**
 * The ROS 2 robot's settings: the DDS domain and every topic name (issue 33's table, Nav2's defaults). Names
 * change as the ROS 1 driver's do: `--ros-config FILE` (`{"topics": {"pose": "/robot/pose"}}`) and
 * `--topic name=/topic`, flags winning. DDS itself (interfaces, peers) is configured as each middleware is:
 * CYCLONEDDS_URI for Cyclone DDS, FASTRTPS_DEFAULT_PROFILES_FILE and ROS_DISCOVERY_SERVER for Fast DDS.
 */
import type { Rmw } from './middleware';

/** Topic names, by what they carry. `navigate` is the NavigateToPose action's name. */
export interface Ros2Topics {
  map: string;
  pose: string;
  navigate: string;
  cmdVel: string;
  initialPose: string;
  /** Main first: battery_1_low is about the first. */
  batteries: string[];
  joints: string;
  diagnostics: string;
  followEnable: string;
  following: string;
  mappingEnable: string;
}

export const DEFAULT_ROS2_TOPICS: Ros2Topics = {
  map: '/map',
  pose: '/amcl_pose',
  navigate: '/navigate_to_pose',
  cmdVel: '/cmd_vel',
  initialPose: '/initialpose',
  batteries: ['/battery_state'],
  joints: '/joint_states',
  diagnostics: '/diagnostics',
  followEnable: '/follow_me/enable',
  following: '/follow_me/following',
  mappingEnable: '/mapping/enable',
};

/** How to reach a ROS 2 robot. */
export interface Ros2Options {
  /** ROS_DOMAIN_ID: 0..232 */
  domain: number;
  topics: Ros2Topics;
  /** the robot's middleware (--rmw); default: learnt from discovery (middleware.ts) */
  rmw?: Rmw;
  /** a goal not answered (accepted or refused) in this long fails, ms (default 10 000) */
  answerMs?: number;
  /** no pose and no battery message for this long means the robot is gone, ms (default 5000) */
  silenceMs?: number;
}

/** The domain: `--ros-domain`, else ROS_DOMAIN_ID, else 0; throws on anything but 0..232. */
export function domainOf(flag: string | undefined, env: NodeJS.ProcessEnv): number {
  const v = flag ?? env.ROS_DOMAIN_ID ?? '0';
  const n = Number(v);
  if (!/^\d+$/.test(v.trim()) || n > 232) throw new Error(`--ros-domain/ROS_DOMAIN_ID must be a DDS domain id 0..232, not ${v}`);
  return n;
}
