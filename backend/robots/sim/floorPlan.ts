/**
 * The ground truth: a 40 m x 25 m office floor with a lobby (where the charging Base is), a lab, a warehouse
 * with shelving, four offices, a meeting room and a kitchen off one corridor. The lidar sees this; the robot
 * plans on what it has mapped.
 *
 * Shapes are written in plan metres (0..40 east, 0..25 north from the image's bottom-left corner);
 * `ORIGIN` places that corner in the map frame so the Base sits at (0, 0), as a map started at the dock would.
 */
import { FREE, Grid, OCCUPIED, pixelToWorld, type Pose, type Point, worldToPixel } from '../../grid';

export const RESOLUTION = 0.05;
export const PLAN_W = 40;
export const PLAN_H = 25;
/** Map-frame position of the plan's bottom-left corner. */
export const ORIGIN = { x: -1.2, y: -2.0 };

type Rect = [x0: number, y0: number, x1: number, y1: number];
const WALL = 0.2;

/** Walls as rectangles; door gaps are left out of them. */
function walls(): Rect[] {
  const r: Rect[] = [
    [0, 0, PLAN_W, WALL],
    [0, PLAN_H - WALL, PLAN_W, PLAN_H],
    [0, 0, WALL, PLAN_H],
    [PLAN_W - WALL, 0, PLAN_W, PLAN_H],
  ];
  // South side of the corridor: the lobby opens 3 m wide, the lab has a door, the warehouse a 2.5 m gate.
  const south = 10.5;
  for (const [a, b] of [[0, 4], [7, 16.3], [17.7, 29], [31.5, PLAN_W]] as const) r.push([a, south, b, south + WALL]);
  // North side of the corridor with one 1.4 m door per room.
  const north = 13.5;
  for (const [a, b] of [[0, 3.3], [4.7, 11.3], [12.7, 20.3], [21.7, 28.8], [30.2, 35.8], [37.2, PLAN_W]] as const)
    r.push([a, north, b, north + WALL]);
  for (const x of [12, 22]) r.push([x, 0, x + WALL, south]);
  for (const x of [8, 16, 26, 33]) r.push([x, north, x + WALL, PLAN_H]);
  return r;
}

/** Furniture the lidar sees and the robot must go round. */
function furniture(): Rect[] {
  return [
    [7.5, 6, 10, 7], // reception desk
    [5.5, 7.8, 6.0, 8.3], // pillar
    [13, 2, 15, 6], // lab bench
    [18, 2, 21, 3.2],
    [18, 5, 21, 6.2],
    [24, 2, 25, 8], // warehouse shelving
    [28, 2, 29, 8],
    [32, 2, 33, 8],
    [36, 2, 37, 8],
    [1, 20, 3, 21.2], // office desks
    [4.5, 20, 6.5, 21.2],
    [9.5, 21, 11.5, 22.2],
    [12.5, 17, 14.5, 18.2],
    [18.5, 17.5, 23.5, 20.5], // meeting table
    [26.5, 23.6, 32.5, 24.8], // kitchen counter
    [28.5, 17, 30.5, 18.5],
    [35, 21, 38, 22.2],
  ];
}

/** Named spots in plan metres, for the demo's destinations and the person's tour. */
const PLACES: Record<string, [number, number, number]> = {
  Base: [1.2, 2.0, 0],
  Reception: [9, 4.5, -90],
  Lab: [17, 4.2, 0],
  Warehouse: [30.2, 9.2, -90],
  'Office A': [4, 17, 90],
  'Office B': [12, 19.5, 90],
  'Meeting Room': [21, 15.5, 90],
  Kitchen: [29.5, 20.5, 90],
  'Office C': [36.5, 17, 90],
  Corridor: [20, 12, 0],
};

/** A plan-metre point in the map frame. */
export function planToMap(x: number, y: number): Point {
  // Rounded to the millimetre so 8.4 - 1.2 reads 7.2, not 7.199999999999999.
  return { x: Math.round((x + ORIGIN.x) * 1000) / 1000, y: Math.round((y + ORIGIN.y) * 1000) / 1000 };
}

/** The named places of the floor as map-frame poses. */
export function places(): Record<string, Pose> {
  const out: Record<string, Pose> = {};
  for (const [name, [x, y, o]] of Object.entries(PLACES)) out[name] = { ...planToMap(x, y), orientation: o };
  return out;
}

/**
 * A building's own map in place of this floor (`--map`, see mapFile.ts), with where its dock is and the
 * walk the person takes while mapping; null for this floor. Module state, set by `startSimulator`: one
 * simulator per process at a time uses it.
 */
let custom: { grid: Grid; base: Pose; tour: Point[] } | null = null;

/** Uses a loaded map as the ground truth (null: back to this floor). */
export function useGroundTruth(grid: Grid | null): void {
  custom = grid ? { grid, ...landmarks(grid) } : null;
}

export function hasCustomGroundTruth(): boolean {
  return custom !== null;
}

/** Where the charging dock is: the robot starts here and goes back here after missions. */
export function basePose(): Pose {
  return custom?.base ?? (places().Base as Pose);
}

/** The tour the virtual person walks while the robot maps by following: every room once, then round again. */
export function tour(): Point[] {
  if (custom) return custom.tour;
  const p = places();
  return ['Reception', 'Lab', 'Warehouse', 'Office C', 'Kitchen', 'Meeting Room', 'Office B', 'Office A', 'Corridor', 'Base']
    .map((n) => p[n])
    .filter((x): x is Pose => x !== undefined);
}

let cached: Grid | null = null;

/** The ground-truth occupancy grid (free or occupied, nothing unknown). Built once and shared read-only. */
export function groundTruth(): Grid {
  if (custom) return custom.grid;
  if (cached) return cached;
  const w = Math.round(PLAN_W / RESOLUTION);
  const h = Math.round(PLAN_H / RESOLUTION);
  const g = new Grid(w, h, RESOLUTION, ORIGIN, FREE);
  for (const [x0, y0, x1, y1] of [...walls(), ...furniture()]) {
    const c0 = Math.floor(x0 / RESOLUTION);
    const c1 = Math.ceil(x1 / RESOLUTION);
    const r0 = h - Math.ceil(y1 / RESOLUTION);
    const r1 = h - Math.floor(y0 / RESOLUTION);
    for (let py = r0; py < r1; py++) for (let px = c0; px < c1; px++) g.set(px, py, OCCUPIED);
  }
  cached = g;
  return g;
}

/** Clearance (m) from any wall for the dock and the tour's stops: more than the robot's inflated radius. */
const CLEARANCE = 0.6;
/** Spacing (m) of the stops the person walks through on a building's own map. */
const TOUR_SPACING = 4;

/** Whether every pixel within `r` metres of a point is free. */
function clear(g: Grid, p: Point, r: number): boolean {
  const n = Math.ceil(r / g.resolution);
  const c = worldToPixel(g, p);
  for (let dy = -n; dy <= n; dy++)
    for (let dx = -n; dx <= n; dx++) if (dx * dx + dy * dy <= n * n && g.at(c.px + dx, c.py + dy) !== FREE) return false;
  return true;
}

/**
 * On a building's own map: the dock is the clear spot nearest the map frame's origin (where a map_server map
 * is usually started), and the person's walk visits clear spots on a 4 m lattice, row by row.
 */
function landmarks(g: Grid): { base: Pose; tour: Point[] } {
  const spots: Point[] = [];
  const step = Math.max(1, Math.round(TOUR_SPACING / g.resolution));
  for (let py = Math.floor(step / 2), row = 0; py < g.height; py += step, row++) {
    const line: Point[] = [];
    for (let px = Math.floor(step / 2); px < g.width; px += step) {
      const p = pixelToWorld(g, px, py);
      if (clear(g, p, CLEARANCE)) line.push(p);
    }
    spots.push(...(row % 2 ? line.reverse() : line));
  }
  // The dock: clear spots on a 0.25 m lattice, tried nearest the origin first.
  const fine = Math.max(1, Math.round(0.25 / g.resolution));
  const candidates: Point[] = [];
  for (let py = 0; py < g.height; py += fine)
    for (let px = 0; px < g.width; px += fine) if (g.at(px, py) === FREE) candidates.push(pixelToWorld(g, px, py));
  candidates.sort((a, b) => Math.hypot(a.x, a.y) - Math.hypot(b.x, b.y));
  const base = candidates.find((p) => clear(g, p, CLEARANCE)) ?? null;
  if (!base) throw new Error('the map has no free spot wide enough for the robot');
  return { base: { ...base, orientation: 0 }, tour: spots.length ? spots : [base] };
}
