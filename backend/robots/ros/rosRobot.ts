/**
 * A ROS 1 robot as a robot driver, through Foxglove's TypeScript ROS 1 node (no Python or C++ here). The
 * topics are issue 16's table (config.ts); backend/README.md documents them. The link to the graph (master
 * retries, registering again) is rosLink.ts; the robot is connected while the master answers and a pose or
 * battery message came within `silenceMs`.
 *
 * Bad input (a map whose data does not match its size, a NaN pose, an unknown goal status, a topic of another
 * type) is logged with the reason and changes nothing; no message can throw out of a handler.
 */
import type { RosNode } from '@foxglove/ros1';
import type { Grid, Pose } from '../../grid';
import type { Battery, DriverEvents, JointStates, RobotDriver, Twist } from '../driver';
import { INITIAL_COVARIANCE, RobotReadings } from '../robotReadings';
import type { RosOptions, RosTopics } from './config';
import {
  batteryFromRos,
  diagnosticsToAlerts,
  goalOutcome,
  jointsFromRos,
  occupancyToGrid,
  poseFromRos,
  poseToRos,
  type Read,
  twistToRos,
} from './conversions';
import { definitionsFor, TYPES } from './messages';
import { RosLink } from './rosLink';

type Publishes = 'goal' | 'cancel' | 'cmdVel' | 'initialPose' | 'followEnable' | 'mappingEnable';
const PUBLISHED: Publishes[] = ['goal', 'cancel', 'cmdVel', 'initialPose', 'followEnable', 'mappingEnable'];
/** The enable switches are latched, so a robot node that starts later still hears the current state. */
const LATCHED = new Set<Publishes>(['followEnable', 'mappingEnable']);

interface GoalStatusEntry {
  goal_id: { stamp: { sec: number; nsec: number }; id: string };
  status: number;
  /** actionlib's free text about the status (move_base says why a goal failed). */
  text?: unknown;
}

/** Starts the driver; it connects in the background and reports through `events`. */
export function startRosRobot(opts: RosOptions, events: DriverEvents): RosRobot {
  return new RosRobot(opts, events);
}

/** The ROS 1 robot driver. */
export class RosRobot implements RobotDriver {
  private link: RosLink;
  private masterUp = false;
  private readonly readings: RobotReadings;
  private goal: { pose: Pose; known: Set<string>; started: boolean } | null = null;
  private knownGoalIds = new Set<string>();
  private badStatus = new Set<string>();
  private silenceTimer: ReturnType<typeof setInterval>;
  private readonly topics: RosTopics;
  private seq = 0;

  constructor(
    opts: RosOptions,
    private events: DriverEvents,
  ) {
    this.topics = opts.topics;
    this.readings = new RobotReadings(opts.topics.batteries.length, events, opts.silenceMs ?? 5000, () => this.masterUp, 'ros');
    this.silenceTimer = setInterval(() => this.readings.checkLink(), 250);
    const link = { masterUri: opts.masterUri, name: opts.nodeName ?? '/robot_kiosk', retryMs: opts.retryMs ?? 2000, hostname: opts.hostname };
    this.link = new RosLink(link, {
      register: (node) => this.register(node),
      master: (up) => {
        this.masterUp = up;
        this.readings.checkLink();
      },
    });
  }

  get connected(): boolean {
    return this.readings.connected;
  }

  pose(): Pose {
    return this.readings.pose();
  }

  map(): Grid | null {
    return this.readings.map();
  }

  batteries(): Battery[] {
    return this.readings.batteries();
  }

  joints(): JointStates {
    return this.readings.joints();
  }

  goTo(goal: Pose): void {
    this.goal = { pose: goal, known: new Set(this.knownGoalIds), started: false };
    this.publish('goal', { header: this.header(), pose: poseToRos(goal) });
  }

  cancel(): void {
    this.goal = null;
    // An empty id cancels every goal (actionlib's convention).
    this.publish('cancel', { stamp: { sec: 0, nsec: 0 }, id: '' });
  }

  velocity(t: Twist): void {
    this.publish('cmdVel', twistToRos(t));
  }

  setPose(p: Pose): void {
    this.readings.relocalised();
    this.publish('initialPose', { header: this.header(), pose: { pose: poseToRos(p), covariance: INITIAL_COVARIANCE } });
  }

  followMe(on: boolean): void {
    this.publish('followEnable', { data: on });
  }

  startMapping(): void {
    this.readings.mappingStarted();
    this.publish('mappingEnable', { data: true });
  }

  stopMapping(): Grid | null {
    const map = this.readings.mappingStopped();
    this.publish('mappingEnable', { data: false });
    return map;
  }

  home(): null {
    // A ROS robot's dock is not on any standard topic: after a mission it stays where it is.
    return null;
  }

  async close(): Promise<void> {
    this.readings.close();
    clearInterval(this.silenceTimer);
    this.link.close();
  }

  /** Everything the driver publishes and reads, on a fresh node. */
  private async register(node: RosNode): Promise<void> {
    for (const p of PUBLISHED)
      await node.advertise({ topic: this.topics[p], dataType: TYPES[p], latching: LATCHED.has(p), messageDefinition: definitionsFor(TYPES[p]) });
    const t = this.topics;
    const on = (topic: string, type: string, handle: (msg: unknown) => void) => this.link.subscribe(node, topic, type, handle);
    on(t.pose, TYPES.pose, (m) => this.onPose(m));
    on(t.map, TYPES.map, (m) => this.onMap(m));
    on(t.status, TYPES.status, (m) => this.onStatus(m));
    t.batteries.forEach((topic, i) => on(topic, TYPES.batteries, (m) => this.onBattery(i, m)));
    on(t.joints, TYPES.joints, (m) => this.accept(t.joints, jointsFromRos(m as never), (j) => this.readings.jointsRead(j)));
    on(t.diagnostics, TYPES.diagnostics, (m) => this.onDiagnostics(m));
    on(t.following, TYPES.following, (m) => this.onFollowing(m));
  }

  /** Uses a reading, or logs why the message was refused. */
  private accept<T>(topic: string, r: Read<T>, use: (v: T) => void): void {
    if (r.ok) use(r.value);
    else console.warn(`[ros] ${topic}: ignored (${r.reason})`);
  }

  private onPose(m: unknown): void {
    const msg = m as { pose: { pose: Parameters<typeof poseFromRos>[0] } };
    this.accept(this.topics.pose, poseFromRos(msg.pose.pose), (p) => this.readings.posed(p));
  }

  private onMap(m: unknown): void {
    this.accept(this.topics.map, occupancyToGrid(m as Parameters<typeof occupancyToGrid>[0]), (g) => this.readings.mapped(g));
  }

  /** move_base's status: the newest goal sent since `goTo` drives the mission (ACTIVE, SUCCEEDED, failures). */
  private onStatus(m: unknown): void {
    const list = (m as { status_list: GoalStatusEntry[] }).status_list;
    if (!Array.isArray(list)) return console.warn(`[ros] ${this.topics.status}: ignored (no status_list)`);
    this.knownGoalIds = new Set(list.map((s) => s.goal_id.id));
    const valid = list.filter((s) => {
      if (Number.isInteger(s.status) && s.status >= 0 && s.status <= 9) return true;
      // Said once per goal: the status topic repeats itself several times a second (the memory of it is bounded).
      if (this.badStatus.size > 100) this.badStatus.clear();
      if (!this.badStatus.has(s.goal_id.id)) console.warn(`[ros] ${this.topics.status}: ignored unknown status ${s.status} of goal ${s.goal_id.id}`);
      this.badStatus.add(s.goal_id.id);
      return false;
    });
    const goal = this.goal;
    if (!goal) return;
    let newest: GoalStatusEntry | null = null;
    for (const s of valid) {
      if (goal.known.has(s.goal_id.id)) continue;
      if (!newest || stampOf(s) >= stampOf(newest)) newest = s;
    }
    if (!newest) return;
    const outcome = goalOutcome(newest.status);
    if (outcome === 'started' && !goal.started) {
      goal.started = true;
      this.events.navigation('started');
    } else if (outcome === 'arrived' || outcome === 'failed') {
      this.goal = null;
      // The navigation stack's own words for a failure (move_base's status text), when it gives any.
      const text = typeof newest.text === 'string' && newest.text.trim() ? newest.text.trim() : undefined;
      this.events.navigation(outcome, outcome === 'failed' ? text : undefined);
    }
  }

  private onBattery(i: number, m: unknown): void {
    const topic = this.topics.batteries[i] as string;
    this.accept(topic, batteryFromRos(m as Parameters<typeof batteryFromRos>[0]), (b) => this.readings.battery(i, b));
  }

  private onDiagnostics(m: unknown): void {
    const statuses = (m as { status: { name: string; level: number }[] }).status;
    if (!Array.isArray(statuses)) return console.warn(`[ros] ${this.topics.diagnostics}: ignored (no status list)`);
    const { change, skipped } = diagnosticsToAlerts(statuses);
    for (const s of skipped) console.warn(`[ros] ${this.topics.diagnostics}: skipped ${s}`);
    this.events.alerts(change);
  }

  private onFollowing(m: unknown): void {
    const data = (m as { data: unknown }).data;
    if (typeof data !== 'boolean') return console.warn(`[ros] ${this.topics.following}: ignored (data is not a bool)`);
    this.events.following(data);
  }

  private publish(which: Publishes, msg: unknown): void {
    this.link.publish(this.topics[which], msg);
  }

  private header() {
    const now = Date.now();
    return { seq: this.seq++, stamp: { sec: Math.floor(now / 1000), nsec: (now % 1000) * 1e6 }, frame_id: 'map' };
  }
}

function stampOf(s: GoalStatusEntry): number {
  return s.goal_id.stamp.sec * 1e9 + s.goal_id.stamp.nsec;
}
