/**
 * The one interface between the back end and a robot. The back end (HTTP API, `/ws`, teleop socket, SQLite,
 * mission runner, reports) owns everything a robot does not know about; a driver reads the robot (pose, map,
 * batteries, joints, alerts, following) and commands it (go to a pose, cancel, velocity, set the pose,
 * follow-me and mapping on/off). Three drivers: `sim/` (the simulated robot), `ros/` (a ROS 1 robot) and
 * `ros2/` (a ROS 2 robot with Nav2).
 * backend/README.md says how to add one.
 */
import type { AlertChange } from '../alerts';
import type { Grid, Pose } from '../grid';

/** Body-frame velocity: forward, left (m/s) and yaw rate (rad/s). */
export interface Twist {
  vx: number;
  vy: number;
  wz: number;
}

/** One battery as api.md reports it: charge and health as fractions 0..1. */
export interface Battery {
  charge: number;
  health: number;
}

/** The teleop socket's `joints` payload (api.md): parallel arrays, radians and radians per second. */
export interface JointStates {
  name: string[];
  position: number[];
  velocity: number[];
}

/** Progress of the goal given last with `goTo`. */
export type NavEvent = 'started' | 'arriving' | 'arrived' | 'failed';

/** What a driver tells the back end. Drivers call these; the back end never calls them. */
export interface DriverEvents {
  /** The robot was reached again (true) or lost (false). */
  connection(connected: boolean): void;
  /** The robot drove `metres` since the last call (mission distance and daily statistics). */
  moved(metres: number): void;
  /** News about the goal of the last `goTo` (never after `cancel`, never about a goal before the last). */
  /** `reason`: for a failure, a short human text the app shows (api.md's movement/failed). */
  navigation(e: NavEvent, reason?: string): void;
  /** New battery readings: read them with `batteries()`. */
  batteries(): void;
  /** Alerts the robot raised or resolved (codes already in the wanted state are ignored by the back end). */
  alerts(change: AlertChange): void;
  /** Follow-me found (true) or lost (false) the person. */
  following(found: boolean): void;
  /** While mapping: a new map to show (read it with `map()`); the driver paces these (about 1 a second). */
  map(): void;
}

/** A robot as the back end sees it. */
export interface RobotDriver {
  /** Whether the robot is reachable now. */
  readonly connected: boolean;
  /** The robot's latest pose in the map frame (metres, degrees: east 0, north 90). */
  pose(): Pose;
  /**
   * The robot's own current map, when it has one the back end should show instead of the stored map: the
   * map being built while mapping, or what a ROS robot publishes on `/map`. Null: show the stored map.
   */
  map(): Grid | null;
  /** Latest battery readings, Main first. */
  batteries(): Battery[];
  /** Latest joint states. */
  joints(): JointStates;
  /** Drives to `goal` (replacing any goal); progress comes as `navigation` events. */
  goTo(goal: Pose): void;
  /** Drops the current goal and stops; no `navigation` event follows for it. */
  cancel(): void;
  /** A manual velocity command (the back end sends zero when the operator stops, see DEAD_MAN_MS). */
  velocity(t: Twist): void;
  /** Relocalisation: the robot is at `p`. */
  setPose(p: Pose): void;
  followMe(on: boolean): void;
  startMapping(): void;
  /** Stops mapping and answers the finished map (to be stored as the robot's map), or null if there is none. */
  stopMapping(): Grid | null;
  /** Where the robot goes after a mission (its dock), or null to stay where it is. */
  home(): Pose | null;
  /** Releases timers, sockets and connections. */
  close(): Promise<void>;
}
