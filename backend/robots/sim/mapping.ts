/**
 * Mapping by following: while mapping is on, the lidar paints the map being built and a `map` event (the
 * back end's `mapping/mapUpdate`) goes out about once a simulated second; while follow-me is on, a virtual
 * person walks and the robot follows them. Stopping mapping answers the map, which the back end stores.
 */
import type { Store } from '../../db/store';
import { Grid, pngToGrid, UNKNOWN } from '../../grid';
import type { DriverEvents } from '../driver';
import { groundTruth } from './floorPlan';
import { scan } from './mapper';
import { Person } from './person';
import type { Robot } from './robot';

/** What the mapping and follow-me ask of the simulated robot. */
export interface MappingWorld {
  readonly store: Store;
  readonly robot: Robot;
  readonly events: Pick<DriverEvents, 'following' | 'map'>;
}

/** Real milliseconds between map updates at least, so a high SIM_SPEED does not flood the socket with PNGs. */
const MIN_UPDATE_REAL_MS = 250;
/** Real milliseconds between lidar scans at least. */
const MIN_SCAN_REAL_MS = 25;

/** The mapping and follow-me state of the robot. */
export class Mapping {
  /** The map being built, or null when not mapping. */
  live: Grid | null = null;
  /** The person being followed, or null when follow-me is off. */
  person: Person | null = null;
  private lastScan: { x: number; y: number; t: number } | null = null;
  private lastScanReal = -Infinity;
  private sinceUpdate = 0;
  private lastUpdateReal = 0;
  private wasFollowing = false;

  constructor(private w: MappingWorld) {}

  get active(): boolean {
    return this.live !== null;
  }

  /** Starts mapping, extending the stored map if there is one (a second mapping adds to the first). */
  start(): void {
    if (this.live) return;
    const truth = groundTruth();
    const stored = this.w.store.maps.latest();
    this.live = stored
      ? pngToGrid(stored.png, { resolution: stored.resolution, origin: stored.origin })
      : new Grid(truth.width, truth.height, truth.resolution, truth.origin, UNKNOWN);
    this.lastScan = null;
    this.scanIfMoved(true);
  }

  /** Stops mapping and answers the finished map; null when mapping was not on. */
  stop(): Grid | null {
    if (!this.live) return null;
    this.scanIfMoved(true);
    const g = this.live;
    this.live = null;
    return g;
  }

  /** Starts follow-me: a person stands 2 m in front of the robot and, once recognised, walks off. */
  startFollow(): void {
    if (this.person) return;
    this.person = new Person({ x: this.w.robot.x, y: this.w.robot.y }, this.w.robot.theta);
    this.wasFollowing = false;
  }

  stopFollow(): boolean {
    if (!this.person) return false;
    this.person = null;
    this.w.robot.stop();
    return true;
  }

  /** Control surface: makes the person vanish from the sensors, or reappear next to the robot. */
  setFound(found: boolean): void {
    if (!this.person) this.startFollow();
    const p = this.person as Person;
    if (found) p.appear({ x: this.w.robot.x, y: this.w.robot.y });
    else p.hidden = true;
  }

  /** One follow step: moves the person and the robot behind them; returns metres the robot drove. */
  stepFollow(dt: number): number {
    const p = this.person;
    if (!p) return 0;
    const f = p.step(dt, { x: this.w.robot.x, y: this.w.robot.y });
    if (f.found !== this.wasFollowing) {
      this.wasFollowing = f.found;
      this.w.events.following(f.found);
    }
    if (!f.target) {
      this.w.robot.twist = { vx: 0, vy: 0, wz: 0 };
      return 0;
    }
    return this.w.robot.stepToward(f.target, f.speed, dt);
  }

  /** Scans as the robot moves and sends map updates about once a simulated second. */
  step(dt: number): void {
    if (!this.live) return;
    this.scanIfMoved();
    this.sinceUpdate += dt;
    const now = performance.now();
    if (this.sinceUpdate >= 1 && now - this.lastUpdateReal >= MIN_UPDATE_REAL_MS) {
      this.sinceUpdate = 0;
      this.lastUpdateReal = now;
      this.w.events.map();
    }
  }

  private scanIfMoved(force = false): void {
    if (!this.live) return;
    const now = performance.now();
    // A scan costs about 2 ms: at most 40 a real second keeps full detail up to SIM_SPEED 10 and the server
    // responsive beyond it (the robot then moves further between scans).
    if (!force && now - this.lastScanReal < MIN_SCAN_REAL_MS) return;
    const r = this.w.robot;
    const l = this.lastScan;
    // A new scan every 25 cm or 10 degrees: denser adds CPU, not map.
    if (l && Math.hypot(l.x - r.x, l.y - r.y) < 0.25 && Math.abs(l.t - r.theta) < 0.17) return;
    this.lastScan = { x: r.x, y: r.y, t: r.theta };
    this.lastScanReal = now;
    scan(groundTruth(), this.live, { x: r.x, y: r.y });
  }
}
