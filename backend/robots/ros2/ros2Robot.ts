/**
 * A ROS 2 robot with Nav2 as a robot driver, over DDS through a bridge on the robot's middleware (ddsLink.ts;
 * bridge.c on Cyclone DDS, fastddsBridge.cpp on Fast DDS, chosen as middleware.ts says).
 * It behaves as the ROS 1 driver (robots/ros/rosRobot.ts) with Nav2's NavigateToPose action in place of
 * move_base's topics (navigateAction.ts); the conversions are the ROS 1 driver's. The topics are issue 33's
 * table (config.ts); backend/README.md documents them and their QoS.
 *
 * The robot is connected while the bridge runs and a pose or battery message came within `silenceMs`: DDS's
 * participant lease is not waited for, and a robot whose participant lives on but says nothing is gone too.
 * Bad input (a grid that does not fit its size, a NaN pose, a topic of another type) is logged once per kind
 * and topic, and changes nothing.
 */
import type { Grid, Pose } from '../../grid';
import { batteryFromRos, diagnosticsToAlerts, jointsFromRos, occupancyToGrid, poseFromRos, poseToRos, type Read, twistToRos } from '../ros/conversions';
import type { Battery, DriverEvents, JointStates, RobotDriver, Twist } from '../driver';
import { INITIAL_COVARIANCE, RobotReadings } from '../robotReadings';
import type { Msg } from './cdr';
import type { Ros2Options, Ros2Topics } from './config';
import { DdsLink, type Publisher, type Qos } from './ddsLink';
import { bridgesFor, type Rmw } from './middleware';
import { NavigateClient } from './navigateAction';

/** Mapping updates on /ws at most this often (as ROS 1). */
const DEFAULT_QOS: Qos = { reliable: true, depth: 10 };
const LATCHED_QOS: Qos = { reliable: true, transientLocal: true, depth: 1 };

/** Starts the driver; it connects in the background and reports through `events`. */
export function startRos2Robot(opts: Ros2Options, events: DriverEvents): Ros2Robot {
  return new Ros2Robot(opts, events);
}

export class Ros2Robot implements RobotDriver {
  private link: DdsLink;
  private nav: NavigateClient;
  private readonly readings: RobotReadings;
  private silenceTimer: ReturnType<typeof setInterval>;
  private readonly topics: Ros2Topics;
  private pub: Record<'cmdVel' | 'initialPose' | 'followEnable' | 'mappingEnable', Publisher>;

  constructor(
    opts: Ros2Options,
    private events: DriverEvents,
  ) {
    this.topics = opts.topics;
    this.readings = new RobotReadings(opts.topics.batteries.length, events, opts.silenceMs ?? 5000, () => this.link?.up === true, 'ros2');
    const t = this.topics;
    const link = new DdsLink({ ...bridgesFor(opts.rmw, process.env), domain: opts.domain }, () => this.readings.checkLink());
    this.link = link;
    this.pub = {
      cmdVel: link.publisher(t.cmdVel, 'geometry_msgs/msg/Twist', DEFAULT_QOS),
      initialPose: link.publisher(t.initialPose, 'geometry_msgs/msg/PoseWithCovarianceStamped', DEFAULT_QOS),
      followEnable: link.publisher(t.followEnable, 'std_msgs/msg/Bool', DEFAULT_QOS),
      mappingEnable: link.publisher(t.mappingEnable, 'std_msgs/msg/Bool', DEFAULT_QOS),
    };
    const on = (topic: string, type: string, qos: Qos, handle: (m: Msg) => void) => link.subscribe(topic, type, qos, handle);
    on(t.pose, 'geometry_msgs/msg/PoseWithCovarianceStamped', LATCHED_QOS, (m) => this.onPose(m));
    on(t.map, 'nav_msgs/msg/OccupancyGrid', LATCHED_QOS, (m) => this.onMap(m));
    t.batteries.forEach((topic, i) => on(topic, 'sensor_msgs/msg/BatteryState', DEFAULT_QOS, (m) => this.onBattery(i, m)));
    on(t.joints, 'sensor_msgs/msg/JointState', DEFAULT_QOS, (m) => this.accept(t.joints, jointsFromRos(m as never), (j) => this.readings.jointsRead(j)));
    on(t.diagnostics, 'diagnostic_msgs/msg/DiagnosticArray', DEFAULT_QOS, (m) => this.onDiagnostics(m));
    on(t.following, 'std_msgs/msg/Bool', DEFAULT_QOS, (m) => this.events.following(Boolean(m.data)));
    this.nav = new NavigateClient(link, { action: t.navigate, answerMs: opts.answerMs }, (e, reason) => this.events.navigation(e, reason), (topic, text, kind) => link.warnOnce(topic, text, kind));
    this.silenceTimer = setInterval(() => this.readings.checkLink(), 250);
  }

  /** The DDS bridge's process id while it runs (for tests). */
  get bridgePid(): number | undefined {
    return this.link.pid;
  }

  /** The middleware the bridge that runs speaks. */
  get rmw(): Rmw {
    return this.link.rmw;
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
    this.nav.send(poseToRos(goal));
  }

  cancel(): void {
    this.nav.cancel();
  }

  velocity(t: Twist): void {
    this.pub.cmdVel(twistToRos(t));
  }

  setPose(p: Pose): void {
    this.readings.relocalised();
    this.pub.initialPose({ header: this.header(), pose: { pose: poseToRos(p), covariance: INITIAL_COVARIANCE } });
  }

  followMe(on: boolean): void {
    this.pub.followEnable({ data: on });
  }

  startMapping(): void {
    this.readings.mappingStarted();
    this.pub.mappingEnable({ data: true });
  }

  stopMapping(): Grid | null {
    const map = this.readings.mappingStopped();
    this.pub.mappingEnable({ data: false });
    return map;
  }

  home(): null {
    // As with ROS 1: a robot's dock is on no standard topic, so after a mission it stays where it is.
    return null;
  }

  async close(): Promise<void> {
    this.readings.close();
    clearInterval(this.silenceTimer);
    this.nav.close();
    this.link.close();
  }

  /** Uses a reading, or logs (once) why the message was refused. */
  private accept<T>(topic: string, r: Read<T>, use: (v: T) => void): void {
    if (r.ok) use(r.value);
    else this.link.warnOnce(topic, `ignored (${r.reason})`);
  }

  private onPose(m: Msg): void {
    this.accept(this.topics.pose, poseFromRos(m.pose.pose), (p) => this.readings.posed(p));
  }

  private onMap(m: Msg): void {
    this.accept(this.topics.map, occupancyToGrid(m as Parameters<typeof occupancyToGrid>[0]), (g) => this.readings.mapped(g));
  }

  private onBattery(i: number, m: Msg): void {
    const topic = this.topics.batteries[i] as string;
    this.accept(topic, batteryFromRos(m as Parameters<typeof batteryFromRos>[0]), (b) => this.readings.battery(i, b));
  }

  private onDiagnostics(m: Msg): void {
    const { change, skipped } = diagnosticsToAlerts(m.status as { name: string; level: number }[]);
    for (const s of skipped) this.link.warnOnce(this.topics.diagnostics, `skipped ${s}`);
    this.events.alerts(change);
  }

  private header() {
    const now = Date.now();
    return { stamp: { sec: Math.floor(now / 1000), nanosec: (now % 1000) * 1e6 }, frame_id: 'map' };
  }
}
