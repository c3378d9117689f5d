/**
 * The back end's side of the robot, whichever driver drives it: the mission runner, the alerts, the battery
 * reports and their low warnings, manual mode with its dead-man stop, mapping and follow-me on/off, the daily
 * distance and time, and the periodic reports it sends on the event socket. The robot itself is a
 * `RobotDriver` (robots/driver.ts): the simulated robot or a ROS robot.
 */
import type { SimClock } from './clock';
import type { Store } from './db/store';
import type { EventFrame, EventHub } from './events';
import { type Grid, gridToBase64Png, gridToPng, type Pose } from './grid';
import { iso } from './types';
import { Alerts } from './alerts';
import { MissionRunner } from './missionRunner';
import type { DriverEvents, RobotDriver, Twist } from './robots/driver';

/** Below this charge a battery_N_low warning is raised; it clears again above LOW_CLEAR (hysteresis). */
export const LOW_BATTERY = 0.1;
const LOW_CLEAR = 0.12;
/** Manual driving stops when no move command came for this long (real milliseconds: it guards a human link). */
export const DEAD_MAN_MS = 500;
/** robot/battery_state at most this often (real milliseconds), whatever the robot's pace or SIM_SPEED. */
const BATTERY_REPORT_MS = 200;

/** Builds the robot's driver; `events` is how it reports, `world` what it may read of the back end. */
export type DriverFactory = (events: DriverEvents, world: World) => RobotDriver;

/** The robot as the back end keeps it. */
export class World {
  readonly driver: RobotDriver;
  readonly alerts: Alerts;
  readonly runner: MissionRunner;
  manual = false;
  /** Mapping and follow-me as the back end switched them (the robot is busy while either is on). */
  mappingOn = false;
  followOn = false;
  private deadMan: ReturnType<typeof setTimeout> | null = null;
  private pendingStats = { distance: 0, time: 0, day: '' };
  private stepMetres = 0;
  private lastBatteryReal = -Infinity;
  private batteryTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    readonly store: Store,
    readonly clock: SimClock,
    readonly hub: EventHub,
    makeDriver: DriverFactory,
  ) {
    this.alerts = new Alerts((u) => hub.broadcast('robot/alert_update', u));
    this.driver = makeDriver(this.driverEvents(), this);
    this.runner = new MissionRunner(this);
    this.checkBatteries();
    clock.onStep((ms) => this.count(ms / 1000));
    clock.every(5000, () => this.persist());
    clock.every(10 * 60_000, () => this.sampleBatteries());
    this.runner.kick();
  }

  get connected(): boolean {
    return this.driver.connected;
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

  /** api.md battery state: charges and healths to 0.1 % (drivers keep full precision, persisted as is). */
  batteryState() {
    return { batteries: this.driver.batteries().map((b) => ({ charge: round3(b.charge), health: round3(b.health) })) };
  }

  pose(): Pose {
    return this.driver.pose();
  }

  /** Why the robot cannot start a mission now, or null when it can. */
  busy(): string | null {
    if (!this.connected) return 'robot disconnected';
    if (this.mappingOn || this.followOn) return 'mapping or following';
    if (this.manual) return 'manual mode';
    return null;
  }

  goTo(goal: Pose): void {
    this.driver.goTo(goal);
  }

  stop(): void {
    this.driver.cancel();
  }

  /** Starts driving to the dock; false when already there or the robot has none. */
  returnToBase(): boolean {
    const home = this.driver.home();
    const here = this.driver.pose();
    if (!home || Math.hypot(home.x - here.x, home.y - here.y) < 0.1) return false;
    this.driver.goTo(home);
    return true;
  }

  /** The map to show: the robot's own (being built, or published by it), else the stored one; {} before any. */
  mapView(): object {
    const live = this.driver.map();
    if (live) return this.mapFrame(live);
    const m = this.store.maps.latest();
    if (!m) return {};
    return { image: m.png.toString('base64'), origin: m.origin, resolution: m.resolution, robot: this.pose() };
  }

  startMapping(): void {
    if (this.mappingOn) return;
    this.mappingOn = true;
    this.driver.startMapping();
  }

  /** Stops mapping and stores the robot's last map as a new version; false when mapping was not on. */
  stopMapping(): boolean {
    if (!this.mappingOn) return false;
    this.mappingOn = false;
    const g = this.driver.stopMapping();
    if (g) this.saveMap(g);
    this.runner.kick();
    return true;
  }

  startFollow(): void {
    if (this.followOn) return;
    this.followOn = true;
    this.driver.followMe(true);
  }

  stopFollow(): boolean {
    if (!this.followOn) return false;
    this.followOn = false;
    this.driver.followMe(false);
    this.runner.kick();
    return true;
  }

  /** Relocalisation (POST api/position): the robot is told where it is; a running mission sets off again from there. */
  relocalize(p: Pose): void {
    this.driver.setPose(p);
    this.runner.onRelocalized();
  }

  /** A teleop move command: passed on in manual mode only; a zero follows DEAD_MAN_MS after the last one. */
  command(t: Twist): void {
    if (!this.manual) return;
    this.driver.velocity(t);
    if (this.deadMan) clearTimeout(this.deadMan);
    this.deadMan = setTimeout(() => {
      this.deadMan = null;
      this.driver.velocity({ vx: 0, vy: 0, wz: 0 });
    }, DEAD_MAN_MS);
  }

  setManual(on: boolean): void {
    if (this.manual === on) return;
    this.manual = on;
    if (this.deadMan) clearTimeout(this.deadMan);
    this.deadMan = null;
    this.driver.velocity({ vx: 0, vy: 0, wz: 0 });
    if (on) {
      // The operator drives now: the mission's goal is dropped and given again when manual mode ends.
      if (this.runner.phase === 'driving' || this.runner.phase === 'returning') this.driver.cancel();
      return;
    }
    this.runner.onRelocalized();
    this.runner.kick();
  }

  /** Simulated power or link (shutdown, control surface): only a driver that can simulate it does anything. */
  setConnected(on: boolean): void {
    const d = this.driver as RobotDriver & { setConnected?: (on: boolean) => void };
    d.setConnected?.(on);
  }

  /** Writes everything held in memory; called periodically and on close. */
  persist(): void {
    const p = this.pose();
    const batteries = this.driver.batteries();
    this.store.tx(() => {
      this.store.settings.saveRobot({ ...p, charges: batteries.map((b) => b.charge), healths: batteries.map((b) => b.health) });
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

  /** Stops the dead-man and battery timers (server shutdown). */
  close(): void {
    if (this.deadMan) clearTimeout(this.deadMan);
    if (this.batteryTimer) clearTimeout(this.batteryTimer);
    this.deadMan = this.batteryTimer = null;
  }

  private driverEvents(): DriverEvents {
    return {
      connection: (on) => {
        this.hub.broadcast(on ? 'robot/connected' : 'robot/disconnected');
        if (!on) return;
        // A goal given while the robot was unreachable may never have reached it: give it again.
        this.runner.onRelocalized();
        this.runner.kick();
      },
      moved: (metres) => {
        if (!(metres > 0) || !Number.isFinite(metres)) return;
        this.stepMetres += metres;
        this.runner.addDistance(metres);
      },
      navigation: (e, reason) => this.runner.onNavigation(e, reason),
      batteries: () => {
        this.checkBatteries();
        this.reportBatteries();
        this.runner.onBatteries(this.driver.batteries().map((b) => b.charge));
      },
      alerts: (change) => this.alerts.change(change),
      following: (found) => this.hub.broadcast(found ? 'robot/userFollowed' : 'robot/lostFollowedUser'),
      map: () => {
        const g = this.driver.map();
        if (g && this.mappingOn) this.hub.broadcast('mapping/mapUpdate', this.mapFrame(g));
      },
    };
  }

  private mapFrame(g: Grid): object {
    return { image: gridToBase64Png(g), origin: g.origin, resolution: g.resolution, robot: this.pose() };
  }

  private saveMap(g: Grid): void {
    this.store.maps.save({
      created_at: iso(this.clock.now()),
      png: gridToPng(g),
      width: g.width,
      height: g.height,
      resolution: g.resolution,
      origin: g.origin,
    });
  }

  /** Adds the step's metres and, while busy, its time to today's distance and time (written by `persist`). */
  private count(dt: number): void {
    const metres = this.stepMetres;
    this.stepMetres = 0;
    const busy = metres > 0 || this.runner.current !== null;
    if (!busy) return;
    const day = iso(this.clock.now()).slice(0, 10);
    if (this.pendingStats.day && this.pendingStats.day !== day) this.persist();
    this.pendingStats.day = day;
    this.pendingStats.distance += metres;
    this.pendingStats.time += dt;
  }

  /** Raises or clears battery_N_low; changes of all batteries go out as one robot/alert_update. */
  private checkBatteries(): void {
    const activate: string[] = [];
    const resolve: string[] = [];
    this.driver.batteries().forEach((b, i) => {
      const code = `battery_${i + 1}_low`;
      if (b.charge < LOW_BATTERY) activate.push(code);
      else if (b.charge >= LOW_CLEAR) resolve.push(code);
    });
    this.alerts.change({ activate: { warnings: activate }, resolve: { warnings: resolve } });
  }

  /** robot/battery_state now, or at the end of the current BATTERY_REPORT_MS window so the latest reading always goes out. */
  private reportBatteries(): void {
    if (!this.connected || this.batteryTimer) return;
    const wait = this.lastBatteryReal + BATTERY_REPORT_MS - performance.now();
    const send = () => {
      this.batteryTimer = null;
      this.lastBatteryReal = performance.now();
      if (this.connected) this.hub.broadcast('robot/battery_state', this.batteryState());
    };
    if (wait <= 0) send();
    else this.batteryTimer = setTimeout(send, wait);
  }

  private sampleBatteries(): void {
    const at = iso(this.clock.now());
    this.driver.batteries().forEach((b, i) => this.store.stats.addBattery(at, i + 1, b.charge, b.health));
  }
}

function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}
