/**
 * The simulated robot as a robot driver: a body on the ground-truth floor (sim/README in backend/README.md),
 * an A* planner on the stored map for `goTo`, a lidar that paints the map while mapping, a person to follow,
 * two batteries that drain and charge on the dock, and swerve joints. One `step` per simulated sub-step of the
 * back end's clock moves it forward; it never touches sockets or missions, it only reports through `DriverEvents`.
 */
import type { SimClock } from '../../clock';
import type { Store } from '../../db/store';
import { type Grid, type Point, type Pose, pngToGrid } from '../../grid';
import type { Battery, DriverEvents, JointStates, RobotDriver, Twist } from '../driver';
import { basePose, groundTruth } from './floorPlan';
import { Mapping } from './mapping';
import { FAIL_REASONS } from '../../failReasons';
import { buildCostGrid, type CostGrid, isFree, type Path, plan } from './planner';
import { INFLATION, ROBOT_RADIUS, Robot } from './robot';
import { Joints } from './swerve';

/** Battery health of a new simulated robot: Main, then Secondary. */
const DEFAULT_BATTERIES = [
  { charge: 0.86, health: 0.97 },
  { charge: 0.81, health: 0.91 },
];
/** `arriving` is reported this many metres (along the path) before the goal. */
const ARRIVING_M = 2;

/** What the simulated robot reads of the back end: storage (map, no-go zones, last pose) and its state. */
export interface SimContext {
  store: Store;
  clock: SimClock;
  /** node_lost is active: a lost robot stands still. */
  lost(): boolean;
  /** No mission is running: an idle robot on its dock charges. */
  idle(): boolean;
}

/** The simulated robot. */
export class SimRobot implements RobotDriver {
  readonly body: Robot;
  readonly mapping: Mapping;
  connected = true;
  private goal: { pose: Pose; arriving: boolean } | null = null;
  private cmd: Twist = { vx: 0, vy: 0, wz: 0 };
  private joint = new Joints();
  private mapCache: { id: number; grid: Grid } | null = null;
  private costCache: { key: string; grid: CostGrid } | null = null;
  private truthGrid = truthGrid();

  constructor(
    private events: DriverEvents,
    private ctx: SimContext,
  ) {
    const saved = ctx.store.settings.robot();
    const pose = saved ?? basePose();
    const batteries = saved ? saved.charges.map((c, i) => ({ charge: c, health: saved.healths[i] ?? 0.9 })) : DEFAULT_BATTERIES.map((b) => ({ ...b }));
    this.body = new Robot(pose, batteries);
    this.mapping = new Mapping({ store: ctx.store, robot: this.body, events });
    ctx.clock.onStep((ms) => this.step(ms / 1000));
    ctx.clock.every(1000, () => this.connected && events.batteries());
  }

  pose(): Pose {
    return this.body.pose();
  }

  map(): Grid | null {
    return this.mapping.live;
  }

  batteries(): Battery[] {
    return this.body.batteries.map((b) => ({ charge: b.charge, health: b.health }));
  }

  joints(): JointStates {
    return this.joint.report();
  }

  goTo(goal: Pose): void {
    const path = this.planTo(goal);
    if (!path) {
      this.cancel();
      return this.events.navigation('failed', FAIL_REASONS.noPath);
    }
    this.goal = { pose: goal, arriving: false };
    this.body.follow(path.points, goal.orientation);
    this.events.navigation('started');
  }

  cancel(): void {
    this.goal = null;
    this.body.stop();
  }

  velocity(t: Twist): void {
    this.cmd = t;
  }

  setPose(p: Pose): void {
    this.goal = null;
    this.body.teleport(p);
    // The simulated localisation is always right once told: it is no longer lost.
    this.events.alerts({ resolve: { errors: ['node_lost'] } });
  }

  followMe(on: boolean): void {
    if (on) this.mapping.startFollow();
    else this.mapping.stopFollow();
  }

  startMapping(): void {
    this.mapping.start();
  }

  stopMapping(): Grid | null {
    return this.mapping.stop();
  }

  home(): Pose {
    return basePose();
  }

  async close(): Promise<void> {
    this.cancel();
  }

  /** Control surface and simulated power: while off the robot freezes and reports nothing. */
  setConnected(on: boolean): void {
    if (this.connected === on) return;
    this.connected = on;
    this.events.connection(on);
  }

  /** Sets battery charges (control surface) and reports them at once. */
  setCharges(charges: number[]): void {
    charges.forEach((c, i) => {
      const b = this.body.batteries[i];
      if (b) b.charge = c;
    });
    this.events.batteries();
  }

  /** The map the robot navigates by (the latest stored one), decoded and cached per version. */
  knownMap(): Grid | null {
    const latest = this.ctx.store.maps.latest();
    if (!latest) return null;
    if (this.mapCache?.id !== latest.id)
      this.mapCache = { id: latest.id, grid: pngToGrid(latest.png, { resolution: latest.resolution, origin: latest.origin }) };
    return this.mapCache.grid;
  }

  /** The inflated planning grid for the known map and the current no-go zones. */
  costGrid(): CostGrid | null {
    const map = this.knownMap();
    if (!map) return null;
    const zones = this.ctx.store.places.zones();
    const key = `${this.mapCache?.id}:${JSON.stringify(zones)}`;
    if (this.costCache?.key !== key) this.costCache = { key, grid: buildCostGrid(map, zones, INFLATION) };
    return this.costCache.grid;
  }

  /** Plans from the robot to `goal` on the known map, or null when there is no map or no path. */
  planTo(goal: Point): Path | null {
    const g = this.costGrid();
    return g ? plan(g, { x: this.body.x, y: this.body.y }, goal) : null;
  }

  private step(dt: number): void {
    if (this.connected) this.stepBody(dt);
    this.joint.step(this.body.twist, dt);
  }

  private stepBody(dt: number): void {
    let metres = 0;
    const c = this.cmd;
    // A manual command comes first (the back end sends them in manual mode only); a lost robot stands still.
    if (c.vx || c.vy || c.wz) metres = this.stepManual(dt);
    else if (this.ctx.lost()) this.body.twist = { vx: 0, vy: 0, wz: 0 };
    else if (this.mapping.person) metres = this.mapping.stepFollow(dt);
    else if (this.goal) metres = this.stepGoal(dt);
    else metres = this.stepManual(dt);
    if (metres) this.events.moved(metres);
    const base = basePose();
    const docked = this.ctx.idle() && Math.hypot(base.x - this.body.x, base.y - this.body.y) < 0.3 && metres === 0;
    this.body.stepBatteries(dt, metres, docked);
    this.mapping.step(dt);
  }

  private stepGoal(dt: number): number {
    const metres = this.body.stepPath(dt);
    const goal = this.goal;
    if (goal && !goal.arriving && this.body.remaining() <= ARRIVING_M) {
      goal.arriving = true;
      this.events.navigation('arriving');
    }
    if (this.body.arrived) {
      this.goal = null;
      this.events.navigation('arrived');
    }
    return metres;
  }

  private stepManual(dt: number): number {
    const here = { x: this.body.x, y: this.body.y };
    // Only a move from free space into a wall is refused, so a robot placed too close to one can still back out.
    const blocked = (p: Point) => isFree(this.truthGrid, here) && !isFree(this.truthGrid, p);
    return this.body.move(this.cmd, dt, blocked);
  }
}

let truthCache: { truth: Grid; grid: CostGrid } | null = null;
/** Where the body fits on the real floor (teleop collision check); built once per ground truth (--map changes it). */
function truthGrid(): CostGrid {
  if (truthCache?.truth !== groundTruth()) truthCache = { truth: groundTruth(), grid: buildCostGrid(groundTruth(), [], ROBOT_RADIUS) };
  return truthCache.grid;
}
