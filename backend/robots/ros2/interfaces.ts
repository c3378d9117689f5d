/**
 * The ROS 2 interfaces the driver speaks, as message definitions: the common messages come from
 * `@foxglove/rosmsg-msgs-common` (Humble's), the few it lacks (Nav2's NavigateToPose action, action_msgs'
 * CancelGoal service) are written here as the short interface texts they are. From these one table, idl.ts
 * writes the IDL that `idlc` compiles for the DDS bridge, and cdr.ts (de)serialises the same types in Node.
 *
 * Services and actions are laid out as rmw_cyclonedds puts them on the wire: a request or reply carries the
 * 16-byte request header `{uint64 guid; int64 seq}` first, inside the payload (types `Request_`/`Response_`,
 * topics `rq/<name>Request` and `rr/<name>Reply`). rmw_fastrtps carries that identity in RTPS instead: the
 * Fast DDS bridge (fastddsBridge.cpp) and the Fast DDS test robot (tests/ros2/robotFastdds.cpp) move it there.
 */
import msgs from '@foxglove/rosmsg-msgs-common';

/** One field, in @foxglove/message-definition's shape (the subset used here). */
export interface Field {
  name: string;
  type: string;
  isComplex?: boolean;
  isArray?: boolean;
  arrayLength?: number;
  upperBound?: number;
  arrayUpperBound?: number;
  isConstant?: boolean;
}

/** Humble's NavigateToPose (nav2_msgs/action/NavigateToPose.action); Iron and Jazzy differ only in the result. */
const NAVIGATE_TO_POSE = `
geometry_msgs/PoseStamped pose
string behavior_tree
---
std_msgs/Empty result
---
geometry_msgs/PoseStamped current_pose
builtin_interfaces/Duration navigation_time
builtin_interfaces/Duration estimated_time_remaining
int16 number_of_recoveries
float32 distance_remaining
`;

/**
 * Jazzy's NavigateToPose result (Iron has the error code only). The driver reads any of the three leniently
 * (navigateAction.ts); the ROS 2 test robot is built with this one too, to prove that.
 */
export const JAZZY_NAVIGATE_RESULT = parseFields(`
uint16 error_code
string error_msg
`);

/** action_msgs/srv/CancelGoal.srv (without its constants). */
const CANCEL_GOAL = `
action_msgs/GoalInfo goal_info
---
int8 return_code
action_msgs/GoalInfo[] goals_canceling
`;

/** rmw_cyclonedds' request header, first in every request and reply. */
const REQUEST_HEADER: Field[] = [
  { name: 'rmw_guid', type: 'uint64' },
  { name: 'rmw_seq', type: 'int64' },
];

/** Parses `type name` lines (arrays `T[]`, `T[N]`, `T[<=N]`); comments and constants are skipped. */
export function parseFields(text: string): Field[] {
  const out: Field[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*/, '').trim();
    if (!line || line.includes('=')) continue;
    const m = /^([\w/]+)(\[(<=)?(\d*)\])?\s+(\w+)$/.exec(line);
    if (!m) throw new Error(`interface line not understood: ${line}`);
    const [, type, arr, bounded, n, name] = m as unknown as string[];
    const f: Field = { name: name as string, type: type as string, isComplex: (type as string).includes('/'), isArray: Boolean(arr) };
    if (arr && n) {
      if (bounded) f.arrayUpperBound = Number(n);
      else f.arrayLength = Number(n);
    }
    out.push(f);
  }
  return out;
}

/** Every type by its full name (`pkg/msg/Name`, `pkg/action/Name_SendGoal_Request`...): its fields. */
export const TYPES = new Map<string, Field[]>();

/** `pkg/Name` (the package's spelling) as `pkg/msg/Name`; `time`/`duration` as builtin_interfaces'. */
export function fullName(type: string): string {
  if (type === 'time') return 'builtin_interfaces/msg/Time';
  if (type === 'duration') return 'builtin_interfaces/msg/Duration';
  const parts = type.split('/');
  return parts.length === 2 ? `${parts[0]}/msg/${parts[1]}` : type;
}

for (const [name, def] of Object.entries(msgs.ros2humble)) {
  TYPES.set(fullName(name), (def.definitions as Field[]).filter((f) => !f.isConstant));
}

function addAction(pkg: string, name: string, text: string): void {
  const [goal, result, feedback] = text.split('---').map(parseFields) as [Field[], Field[], Field[]];
  const a = `${pkg}/action/${name}`;
  const uuid: Field = { name: 'goal_id', type: 'unique_identifier_msgs/UUID', isComplex: true };
  const cx = (n: string, t: string): Field => ({ name: n, type: t, isComplex: true });
  TYPES.set(`${a}_Goal`, goal);
  TYPES.set(`${a}_Result`, result);
  TYPES.set(`${a}_Feedback`, feedback);
  TYPES.set(`${a}_SendGoal_Request`, [...REQUEST_HEADER, uuid, cx('goal', `${a}_Goal`)]);
  TYPES.set(`${a}_SendGoal_Response`, [...REQUEST_HEADER, { name: 'accepted', type: 'bool' }, { name: 'stamp', type: 'time' }]);
  TYPES.set(`${a}_GetResult_Request`, [...REQUEST_HEADER, uuid]);
  TYPES.set(`${a}_GetResult_Response`, [...REQUEST_HEADER, { name: 'status', type: 'int8' }, cx('result', `${a}_Result`)]);
  TYPES.set(`${a}_FeedbackMessage`, [uuid, cx('feedback', `${a}_Feedback`)]);
}

function addService(pkg: string, name: string, text: string): void {
  const [request, response] = text.split('---').map(parseFields) as [Field[], Field[]];
  TYPES.set(`${pkg}/srv/${name}_Request`, [...REQUEST_HEADER, ...request]);
  TYPES.set(`${pkg}/srv/${name}_Response`, [...REQUEST_HEADER, ...response]);
}

addAction('nav2_msgs', 'NavigateToPose', NAVIGATE_TO_POSE);
addService('action_msgs', 'CancelGoal', CANCEL_GOAL);

/** The DDS type name of a ROS 2 type: `geometry_msgs/msg/Twist` → `geometry_msgs::msg::dds_::Twist_`. */
export function ddsTypeName(full: string): string {
  const [pkg, kind, name] = full.split('/');
  return `${pkg}::${kind}::dds_::${name}_`;
}

/** The types that travel on a topic (the bridge's table); nested ones are reached from these. */
export const TOPIC_TYPES = [
  'nav_msgs/msg/OccupancyGrid',
  'geometry_msgs/msg/PoseWithCovarianceStamped',
  'geometry_msgs/msg/Twist',
  'sensor_msgs/msg/BatteryState',
  'sensor_msgs/msg/JointState',
  'diagnostic_msgs/msg/DiagnosticArray',
  'std_msgs/msg/Bool',
  'action_msgs/msg/GoalStatusArray',
  'nav2_msgs/action/NavigateToPose_SendGoal_Request',
  'nav2_msgs/action/NavigateToPose_SendGoal_Response',
  'nav2_msgs/action/NavigateToPose_GetResult_Request',
  'nav2_msgs/action/NavigateToPose_GetResult_Response',
  'nav2_msgs/action/NavigateToPose_FeedbackMessage',
  'action_msgs/srv/CancelGoal_Request',
  'action_msgs/srv/CancelGoal_Response',
] as const;

export type TopicType = (typeof TOPIC_TYPES)[number];
