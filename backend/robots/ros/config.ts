/**
 * The ROS robot's settings: the master's address and every topic name (issue 16's table is the default).
 * Names can be changed by a JSON config file (`--ros-config FILE`, `{"topics": {"pose": "/robot/pose"}}`) and
 * by flags (`--topic pose=/robot/pose`, `--topic batteries=/main_battery,/spare_battery`), flags winning.
 */
import { readFileSync } from 'node:fs';

/** Topic names, by what they carry. */
export interface RosTopics {
  map: string;
  pose: string;
  goal: string;
  status: string;
  cancel: string;
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

export const DEFAULT_TOPICS: RosTopics = {
  map: '/map',
  pose: '/amcl_pose',
  goal: '/move_base_simple/goal',
  status: '/move_base/status',
  cancel: '/move_base/cancel',
  cmdVel: '/cmd_vel',
  initialPose: '/initialpose',
  batteries: ['/battery_state'],
  joints: '/joint_states',
  diagnostics: '/diagnostics',
  followEnable: '/follow_me/enable',
  following: '/follow_me/following',
  mappingEnable: '/mapping/enable',
};

/** How to reach a ROS robot. */
export interface RosOptions {
  /** e.g. http://robot:11311 */
  masterUri: string;
  topics: RosTopics;
  /** this node's name on the ROS graph (default /robot_kiosk) */
  nodeName?: string;
  /** how often to try the master, ms (default 2000) */
  retryMs?: number;
  /** no pose and no battery message for this long means the robot is gone, ms (default 5000) */
  silenceMs?: number;
  /** how the robot's nodes reach this one (ROS_HOSTNAME / ROS_IP); default: the address used to reach the master */
  hostname?: string;
}

/**
 * Applies `name=/topic` overrides (from flags) to topic names; throws on an unknown name or a bad topic.
 * `defaults` names the known topics (ROS 1's by default; the ROS 2 driver passes its own).
 */
export function applyTopicOverrides<T extends { batteries: string[] } = RosTopics>(
  topics: T,
  overrides: Record<string, unknown>,
  where: string,
  defaults: T = DEFAULT_TOPICS as unknown as T,
): T {
  const out: T = { ...topics, batteries: [...topics.batteries] };
  for (const [key, value] of Object.entries(overrides)) {
    if (!(key in defaults)) throw new Error(`${where}: no topic called ${key} (known: ${Object.keys(defaults).join(', ')})`);
    const names = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : null;
    if (!names || !names.length || !names.every((n) => typeof n === 'string' && /^\/?[A-Za-z~][\w/]*$/.test(n.trim())))
      throw new Error(`${where}: ${key} must be a ROS topic name like /amcl_pose, not ${JSON.stringify(value)}`);
    const clean = names.map((n: string) => n.trim());
    if (key === 'batteries') out.batteries = clean;
    else if (clean.length !== 1) throw new Error(`${where}: ${key} takes one topic`);
    else (out as unknown as Record<string, string>)[key] = clean[0] as string;
  }
  return out;
}

/** Reads a config file's topic names (JSON: `{"topics": {...}}`) over `base`. */
export function topicsFromFile<T extends { batteries: string[] } = RosTopics>(path: string, base: T = DEFAULT_TOPICS as unknown as T): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`--ros-config ${path}: ${(err as Error).message}`);
  }
  const topics = (parsed as { topics?: unknown } | null)?.topics;
  if (typeof topics !== 'object' || topics === null) throw new Error(`--ros-config ${path}: expected {"topics": {...}}`);
  return applyTopicOverrides(base, topics as Record<string, unknown>, `--ros-config ${path}`, base);
}
