/**
 * What a ROS robot reports, kept the same way for the ROS 1 and the ROS 2 driver (each only reads its topics):
 * the pose and the distance it adds up, the map and its throttled updates while mapping, the batteries in their
 * topics' order, the joints, and whether the robot counts as connected (its link up, and a pose or battery heard
 * within the silence time). One copy of these rules, so the two robots behave alike.
 */
import type { Grid, Pose } from '../grid';
import type { Battery, DriverEvents, JointStates } from './driver';

/** While mapping, at most one map update a second goes out (the newest map always does). */
const MAP_UPDATE_MS = 1000;
/** A pose further than this from the last one is a relocalisation, not distance driven. */
const JUMP_M = 1;

/** amcl's usual initial covariance: 0.5 m in x and y, about 15 degrees in yaw. */
export const INITIAL_COVARIANCE = (() => {
  const c = new Array<number>(36).fill(0);
  c[0] = 0.25;
  c[7] = 0.25;
  c[35] = 0.06853891945200942;
  return c;
})();

export class RobotReadings {
  connected = false;
  private lastHeard = -Infinity;
  private lastPose: Pose = { x: 0, y: 0, orientation: 0 };
  private countFrom: Pose | null = null;
  private latestMap: Grid | null = null;
  private mapping = false;
  private lastMapSent = -Infinity;
  private mapTimer: ReturnType<typeof setTimeout> | null = null;
  private readings: (Battery | undefined)[];
  private jointStates: JointStates = { name: [], position: [], velocity: [] };
  private closed = false;

  /** `linkUp`: whether the driver's own link (the ROS master, the DDS bridge) is up; `label` names it in the log. */
  constructor(
    batteryTopics: number,
    private events: DriverEvents,
    private silenceMs: number,
    private linkUp: () => boolean,
    private label: string,
  ) {
    this.readings = new Array<Battery | undefined>(batteryTopics).fill(undefined);
  }

  pose(): Pose {
    return this.lastPose;
  }

  map(): Grid | null {
    return this.latestMap;
  }

  /** Readings in the topics' order, up to the first battery not heard from yet (so battery N stays battery N). */
  batteries(): Battery[] {
    const out: Battery[] = [];
    for (const b of this.readings) {
      if (!b) break;
      out.push(b);
    }
    return out;
  }

  joints(): JointStates {
    return this.jointStates;
  }

  /** A pose from the robot: it is alive, and a short move counts as distance driven. */
  posed(p: Pose): void {
    this.heard();
    const from = this.countFrom;
    this.lastPose = p;
    this.countFrom = p;
    const d = from ? Math.hypot(p.x - from.x, p.y - from.y) : 0;
    if (d > 0 && d < JUMP_M) this.events.moved(d);
  }

  /** The robot is told where it is: the jump to there is not distance driven. */
  relocalised(): void {
    this.countFrom = null;
  }

  mapped(g: Grid): void {
    this.latestMap = g;
    if (this.mapping) this.sendMapUpdate();
  }

  battery(i: number, b: Battery): void {
    this.readings[i] = b;
    this.heard();
    this.events.batteries();
  }

  jointsRead(j: JointStates): void {
    this.jointStates = j;
  }

  mappingStarted(): void {
    this.mapping = true;
  }

  /** Mapping ends: no update is pending any more; the map as it is now. */
  mappingStopped(): Grid | null {
    this.mapping = false;
    if (this.mapTimer) clearTimeout(this.mapTimer);
    this.mapTimer = null;
    return this.latestMap;
  }

  /** Connected: the link is up and the robot spoke (pose or battery) within the silence time. */
  checkLink(): void {
    const on = this.linkUp() && performance.now() - this.lastHeard < this.silenceMs;
    if (on === this.connected || this.closed) return;
    this.connected = on;
    console.log(`[${this.label}] robot ${on ? 'connected' : 'disconnected'}`);
    this.events.connection(on);
  }

  close(): void {
    this.closed = true;
    if (this.mapTimer) clearTimeout(this.mapTimer);
  }

  private heard(): void {
    this.lastHeard = performance.now();
    this.checkLink();
  }

  /** A map update now, or when the MAP_UPDATE_MS window ends, so the newest map always goes out. */
  private sendMapUpdate(): void {
    if (this.mapTimer) return;
    const wait = this.lastMapSent + MAP_UPDATE_MS - performance.now();
    const send = () => {
      this.mapTimer = null;
      this.lastMapSent = performance.now();
      if (this.mapping) this.events.map();
    };
    if (wait <= 0) send();
    else this.mapTimer = setTimeout(send, wait);
  }
}
