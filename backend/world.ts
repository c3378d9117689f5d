/**
 * The simulated robot as a whole: its body, what it knows (the stored map and no-go zones), what it is doing
 * (a mission, mapping, following, manual driving), its alerts and batteries, and the periodic reports it
 * sends on the event socket. One `step` per simulated sub-step moves everything forward.
 */
import type { SimClock } from './clock';
import type { Store } from './db/store';
import type { EventFrame, EventHub } from './events';
import { iso } from './types';
import { Alerts } from './alerts';
import { basePose, groundTruth } from './robots/sim/floorPlan';
import { type Grid, type Point, type Pose, pngToGrid } from './grid';
import { Mapping } from './robots/sim/mapping';
import { MissionRunner } from './missionRunner';
import { buildCostGrid, type CostGrid, isFree, type Path, plan } from './robots/sim/planner';
import { INFLATION, ROBOT_RADIUS, Robot, type Twist } from './robots/sim/robot';

/** Battery health of a new simulated robot: Main, then Secondary. */
const DEFAULT_BATTERIES = [
  { charge: 0.86, health: 0.97 },
  { charge: 0.81, health: 0.91 },
];
/** Below this charge a battery_N_low warning is raised; it clears again above LOW_CLEAR (hysteresis). */
export const LOW_BATTERY = 0.1;
const LOW_CLEAR = 0.12;
/** Manual driving stops when no move command came for this long (real milliseconds: it guards a human link). */
export const DEAD_MAN_MS = 500;

/** The robot and everything it does. */
export class World {
  readonly robot: Robot;
  readonly alerts: Alerts;
  readonly runner: MissionRunner;
  readonly mapping: Mapping;
  /** False while the back end has lost the robot (control surface) or it is powered off. */
  connected = true;
  manual = false;
  private cmd: Twist = { vx: 0, vy: 0, wz: 0 };
  private cmdAt = 0;
  private mapCache: { id: number; grid: Grid } | null = null;
  private costCache: { key: string; grid: CostGrid } | null = null;
  private truthGrid = truthGrid();
  private pendingStats = { distance: 0, time: 0, day: '' };
  private lastBatteryReal = 0;

  constructor(
    readonly store: Store,
    readonly clock: SimClock,
    readonly hub: EventHub,
  ) {
    const saved = store.settings.robot();
    const pose = saved ?? basePose();
    this.robot = new Robot(pose, saved ? saved.charges.map((c, i) => ({ charge: c, health: saved.healths[i] ?? 0.9 })) : DEFAULT_BATTERIES.map((b) => ({ ...b })));
    this.alerts = new Alerts((u) => hub.broadcast('robot/alert_update', u));
    this.mapping = new Mapping(this);
    this.runner = new MissionRunner(this);
    this.checkBatteries();
    clock.onStep((ms) => this.step(ms / 1000));
    clock.every(1000, () => this.reportBatteries());
    clock.every(5000, () => this.persist());
    clock.every(10 * 60_000, () => this.sampleBatteries());
    this.runner.kick();
  }

  /** Frames a new `/ws` connection receives first. */
  greeting(): EventFrame[] {
    return [
      { event: 'backend/connected', data: {} },
      { event: this.connected ? 'robot/connected' : 'robot/disconnected', data: {} },
      { event: 'robot/battery_state', data: this.batteryState() },
      { event: 'robot/alert_update', data: this.alerts.snapshot() },
    ];
  }

  batteryState() {
    return { batteries: this.robot.batteries.map((b) => ({ charge: round3(b.charge), health: round3(b.health) })) };
  }

  /** Why the robot cannot start a mission now, or null when it can. */
  busy(): string | null {
    if (!this.connected) return 'robot disconnected';
    if (this.mapping.active || this.mapping.person) return 'mapping or following';
    if (this.manual) return 'manual mode';
    return null;
  }

  /** The map the robot navigates by (the latest stored one), decoded and cached per version. */
  knownMap(): Grid | null {
    const latest = this.store.maps.latest();
    if (!latest) return null;
    if (this.mapCache?.id !== latest.id)
      this.mapCache = { id: latest.id, grid: pngToGrid(latest.png, { resolution: latest.resolution, origin: latest.origin }) };
    return this.mapCache.grid;
  }

  /** The inflated planning grid for the known map and the current no-go zones. */
  costGrid(): CostGrid | null {
    const map = this.knownMap();
    if (!map) return null;
    const zones = this.store.places.zones();
    const key = `${this.mapCache?.id}:${JSON.stringify(zones)}`;
    if (this.costCache?.key !== key) this.costCache = { key, grid: buildCostGrid(map, zones, INFLATION) };
    return this.costCache.grid;
  }

  /** Plans from the robot to `goal` on the known map, or null when there is no map or no path. */
  planTo(goal: Point): Path | null {
    const g = this.costGrid();
    return g ? plan(g, { x: this.robot.x, y: this.robot.y }, goal) : null;
  }

  /** Starts driving to the dock; false when already there or no path exists. */
  returnToBase(): boolean {
    const base = basePose();
    if (Math.hypot(base.x - this.robot.x, base.y - this.robot.y) < 0.1) return false;
    const path = this.planTo(base);
    if (!path) return false;
    this.robot.follow(path.points, base.orientation);
    return true;
  }

  /** Relocalisation (POST api/position): the robot now believes it is at `p`, and is no longer lost. */
  relocalize(p: Pose): void {
    this.robot.teleport(p);
    this.alerts.change({ resolve: { errors: ['node_lost'] } });
    this.runner.onRelocalized();
  }

  /** A teleop move command (ignored unless in manual mode). */
  command(t: Twist): void {
    if (!this.manual) return;
    this.cmd = t;
    this.cmdAt = performance.now();
  }

  setManual(on: boolean): void {
    if (this.manual === on) return;
    this.manual = on;
    this.cmd = { vx: 0, vy: 0, wz: 0 };
    if (on) return;
    this.runner.onRelocalized();
    this.runner.kick();
  }

  /** Sets battery charges (control surface) and raises or clears the low warnings at once. */
  setCharges(charges: number[]): void {
    charges.forEach((c, i) => {
      const b = this.robot.batteries[i];
      if (b) b.charge = c;
    });
    this.checkBatteries();
    this.reportBatteries(true);
  }

  setConnected(on: boolean): void {
    if (this.connected === on) return;
    this.connected = on;
    this.hub.broadcast(on ? 'robot/connected' : 'robot/disconnected');
    if (on) this.runner.kick();
  }

  /** Writes everything held in memory; called periodically and on close. */
  persist(): void {
    const p = this.robot.pose();
    this.store.tx(() => {
      this.store.settings.saveRobot({
        ...p,
        charges: this.robot.batteries.map((b) => b.charge),
        healths: this.robot.batteries.map((b) => b.health),
      });
      this.runner.save();
      this.flushStats();
    });
  }

  /** Writes the distance and time counted since the last flush. */
  flushStats(): void {
    const s = this.pendingStats;
    if (s.day && (s.distance || s.time)) this.store.stats.add(s.day, s.distance, s.time);
    this.pendingStats = { distance: 0, time: 0, day: '' };
  }

  private step(dt: number): void {
    if (!this.connected) return;
    let metres = 0;
    const lost = this.alerts.errors.has('node_lost');
    if (this.manual) metres = this.stepManual(dt);
    else if (lost) this.robot.twist = { vx: 0, vy: 0, wz: 0 };
    else if (this.mapping.person) metres = this.mapping.stepFollow(dt);
    else if (this.runner.moving) metres = this.robot.stepPath(dt);
    else this.robot.twist = { vx: 0, vy: 0, wz: 0 };
    this.runner.addDistance(metres);
    this.count(dt, metres);
    const base = basePose();
    const docked = !this.runner.current && Math.hypot(base.x - this.robot.x, base.y - this.robot.y) < 0.3 && metres === 0;
    this.robot.stepBatteries(dt, metres, docked);
    this.checkBatteries();
    this.runner.step();
    this.mapping.step(dt);
  }

  private stepManual(dt: number): number {
    if (performance.now() - this.cmdAt > DEAD_MAN_MS) this.cmd = { vx: 0, vy: 0, wz: 0 };
    const here = { x: this.robot.x, y: this.robot.y };
    // Only a move from free space into a wall is refused, so a robot placed too close to one can still back out.
    const blocked = (p: Point) => isFree(this.truthGrid, here) && !isFree(this.truthGrid, p);
    return this.robot.move(this.cmd, dt, blocked);
  }

  /** Adds to today's distance and busy time (kept in memory, written by `persist`). */
  private count(dt: number, metres: number): void {
    const busy = metres > 0 || this.runner.current !== null;
    if (!busy) return;
    const day = iso(this.clock.now()).slice(0, 10);
    if (this.pendingStats.day && this.pendingStats.day !== day) this.persist();
    this.pendingStats.day = day;
    this.pendingStats.distance += metres;
    this.pendingStats.time += dt;
  }

  /** Raises or clears battery_N_low; changes of both batteries go out as one robot/alert_update. */
  private checkBatteries(): void {
    const activate: string[] = [];
    const resolve: string[] = [];
    this.robot.batteries.forEach((b, i) => {
      const code = `battery_${i + 1}_low`;
      if (b.charge < LOW_BATTERY) activate.push(code);
      else if (b.charge >= LOW_CLEAR) resolve.push(code);
    });
    this.alerts.change({ activate: { warnings: activate }, resolve: { warnings: resolve } });
  }

  /** robot/battery_state once a simulated second, but at most 5 a real second when SIM_SPEED is high. */
  private reportBatteries(force = false): void {
    const now = performance.now();
    if (!this.connected || (!force && now - this.lastBatteryReal < 200)) return;
    this.lastBatteryReal = now;
    this.hub.broadcast('robot/battery_state', this.batteryState());
  }

  private sampleBatteries(): void {
    const at = iso(this.clock.now());
    this.robot.batteries.forEach((b, i) => this.store.stats.addBattery(at, i + 1, b.charge, b.health));
  }
}

let truthCache: { truth: Grid; grid: CostGrid } | null = null;
/** Where the body fits on the real floor (teleop collision check); built once per ground truth (--map changes it). */
function truthGrid(): CostGrid {
  if (truthCache?.truth !== groundTruth()) truthCache = { truth: groundTruth(), grid: buildCostGrid(groundTruth(), [], ROBOT_RADIUS) };
  return truthCache.grid;
}

function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}
