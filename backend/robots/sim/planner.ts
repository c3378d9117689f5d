/**
 * Path planning: A* on a coarse copy of the occupancy grid, inflated by the robot's radius so a path of the
 * robot's centre keeps its body off walls and out of no-go zones, then shortened by line-of-sight smoothing.
 * Pure functions; the world caches the cost grid per map version and zone list.
 */
import { FREE, type Grid, type Point, worldToPixel } from '../../grid';

/** A no-go zone in whole map-image pixels (api.md). */
export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A blocked/free grid for planning, `factor` map pixels per cell. */
export interface CostGrid {
  w: number;
  h: number;
  factor: number;
  /** cell size in metres */
  cell: number;
  origin: { x: number; y: number };
  /** map height in pixels, to turn rows into y */
  mapHeight: number;
  resolution: number;
  blocked: Uint8Array;
}

/** A planned path: map-frame points from start to goal and its length in metres. */
export interface Path {
  points: Point[];
  length: number;
}

/**
 * Builds the planning grid: a cell is blocked when any of its pixels is not free (unknown counts as blocked:
 * the robot only drives where it has seen floor) or lies in a no-go zone; blocked cells then grow by `radius`.
 */
export function buildCostGrid(map: Grid, zones: PixelRect[], radius: number, factor = 2): CostGrid {
  const w = Math.ceil(map.width / factor);
  const h = Math.ceil(map.height / factor);
  const raw = new Uint8Array(w * h);
  for (let py = 0; py < map.height; py++)
    for (let px = 0; px < map.width; px++)
      if (map.data[py * map.width + px] !== FREE) raw[Math.floor(py / factor) * w + Math.floor(px / factor)] = 1;
  for (const z of zones) {
    const c0 = Math.max(0, Math.floor(z.x / factor));
    const c1 = Math.min(w - 1, Math.floor((z.x + z.width - 1) / factor));
    const r0 = Math.max(0, Math.floor(z.y / factor));
    const r1 = Math.min(h - 1, Math.floor((z.y + z.height - 1) / factor));
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) raw[r * w + c] = 1;
  }
  const cell = map.resolution * factor;
  const rad = Math.ceil(radius / cell);
  const offsets: number[][] = [];
  for (let dy = -rad; dy <= rad; dy++)
    for (let dx = -rad; dx <= rad; dx++) if (dx * dx + dy * dy <= rad * rad) offsets.push([dx, dy]);
  const blocked = raw.slice();
  for (let r = 0; r < h; r++)
    for (let c = 0; c < w; c++) {
      if (!raw[r * w + c]) continue;
      // Only cells on an obstacle's edge need stamping: the inside is covered by its neighbours' discs.
      const edge =
        (c > 0 && !raw[r * w + c - 1]) || (c < w - 1 && !raw[r * w + c + 1]) ||
        (r > 0 && !raw[(r - 1) * w + c]) || (r < h - 1 && !raw[(r + 1) * w + c]);
      if (!edge) continue;
      for (const [dx, dy] of offsets) {
        const cc = c + (dx as number);
        const rr = r + (dy as number);
        if (cc >= 0 && rr >= 0 && cc < w && rr < h) blocked[rr * w + cc] = 1;
      }
    }
  return { w, h, factor, cell, origin: map.origin, mapHeight: map.height, resolution: map.resolution, blocked };
}

function toCell(g: CostGrid, p: Point): [number, number] {
  const { px, py } = worldToPixel({ width: 0, height: g.mapHeight, resolution: g.resolution, origin: g.origin }, p);
  return [Math.floor(px / g.factor), Math.floor(py / g.factor)];
}

function cellCentre(g: CostGrid, c: number, r: number): Point {
  return {
    x: g.origin.x + (c + 0.5) * g.cell,
    y: g.origin.y + g.mapHeight * g.resolution - (r + 0.5) * g.cell,
  };
}

/** Whether the robot's centre may be at `p` (inside the grid and not blocked). */
export function isFree(g: CostGrid, p: Point): boolean {
  const [c, r] = toCell(g, p);
  return c >= 0 && r >= 0 && c < g.w && r < g.h && !g.blocked[r * g.w + c];
}

/** The nearest free cell within `maxDist` metres (breadth-first), or null. */
function snap(g: CostGrid, c: number, r: number, maxDist: number): [number, number] | null {
  const max = Math.ceil(maxDist / g.cell);
  for (let d = 0; d <= max; d++) {
    let best: [number, number] | null = null;
    let bestD = Infinity;
    for (let dy = -d; dy <= d; dy++)
      for (let dx = -d; dx <= d; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== d) continue;
        const cc = c + dx;
        const rr = r + dy;
        if (cc < 0 || rr < 0 || cc >= g.w || rr >= g.h || g.blocked[rr * g.w + cc]) continue;
        const dd = dx * dx + dy * dy;
        if (dd < bestD) [best, bestD] = [[cc, rr], dd];
      }
    if (best) return best;
  }
  return null;
}

/** Whether the straight segment a-b stays on free cells (sampled at a quarter cell). */
export function lineFree(g: CostGrid, a: Point, b: Point): boolean {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  const n = Math.max(1, Math.ceil(len / (g.cell / 4)));
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    if (!isFree(g, { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t })) return false;
  }
  return true;
}

/**
 * Plans from `start` to `goal`. A start or goal inside an inflated margin is moved to the nearest free cell
 * (the robot may be parked against a wall; a destination may be drawn close to one), within `snapDist`.
 * Returns null when no path exists.
 */
export function plan(g: CostGrid, start: Point, goal: Point, snapDist = 0.6): Path | null {
  const [sc0, sr0] = toCell(g, start);
  const [gc0, gr0] = toCell(g, goal);
  const s = snap(g, sc0, sr0, snapDist * 2);
  const t = snap(g, gc0, gr0, snapDist);
  if (!s || !t) return null;
  const cells = astar(g, s, t);
  if (!cells) return null;
  const raw = cells.map(([c, r]) => cellCentre(g, c, r));
  if (isFree(g, goal)) raw[raw.length - 1] = goal;
  const smooth = smoothPath(g, raw);
  const points = [start, ...smooth.slice(isFree(g, start) ? 1 : 0)];
  let length = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as Point;
    const b = points[i] as Point;
    length += Math.hypot(b.x - a.x, b.y - a.y);
  }
  return { points, length };
}

/** Drops every waypoint the robot can skip by driving straight (greedy line of sight). */
function smoothPath(g: CostGrid, pts: Point[]): Point[] {
  if (pts.length <= 2) return pts;
  const out: Point[] = [pts[0] as Point];
  let i = 0;
  while (i < pts.length - 1) {
    let j = pts.length - 1;
    while (j > i + 1 && !lineFree(g, pts[i] as Point, pts[j] as Point)) j--;
    out.push(pts[j] as Point);
    i = j;
  }
  return out;
}

const SQRT2 = Math.SQRT2;
const DIRS: [number, number, number][] = [
  [1, 0, 1], [-1, 0, 1], [0, 1, 1], [0, -1, 1],
  [1, 1, SQRT2], [1, -1, SQRT2], [-1, 1, SQRT2], [-1, -1, SQRT2],
];

/** 8-connected A* with the octile heuristic; diagonal moves may not cut a blocked corner. */
function astar(g: CostGrid, [sc, sr]: [number, number], [tc, tr]: [number, number]): [number, number][] | null {
  const n = g.w * g.h;
  const gScore = new Float64Array(n).fill(Infinity);
  const came = new Int32Array(n).fill(-1);
  const closed = new Uint8Array(n);
  const heap = new MinHeap();
  const start = sr * g.w + sc;
  const target = tr * g.w + tc;
  const h = (c: number, r: number) => {
    const dx = Math.abs(c - tc);
    const dy = Math.abs(r - tr);
    return Math.max(dx, dy) + (SQRT2 - 1) * Math.min(dx, dy);
  };
  gScore[start] = 0;
  heap.push(start, h(sc, sr));
  while (heap.size) {
    const cur = heap.pop();
    if (cur === target) break;
    if (closed[cur]) continue;
    closed[cur] = 1;
    const c = cur % g.w;
    const r = (cur - c) / g.w;
    for (const [dx, dy, cost] of DIRS) {
      const nc = c + dx;
      const nr = r + dy;
      if (nc < 0 || nr < 0 || nc >= g.w || nr >= g.h) continue;
      const ni = nr * g.w + nc;
      if (g.blocked[ni] || closed[ni]) continue;
      if (dx && dy && (g.blocked[r * g.w + nc] || g.blocked[nr * g.w + c])) continue;
      const ng = (gScore[cur] as number) + cost;
      if (ng < (gScore[ni] as number)) {
        gScore[ni] = ng;
        came[ni] = cur;
        heap.push(ni, ng + h(nc, nr));
      }
    }
  }
  if (start !== target && came[target] === -1) return null;
  const out: [number, number][] = [];
  for (let i = target; i !== -1; i = i === start ? -1 : (came[i] as number)) out.push([i % g.w, Math.floor(i / g.w)]);
  return out.reverse();
}

/** A binary min-heap of (index, priority), enough for A*. */
class MinHeap {
  private ids: number[] = [];
  private pri: number[] = [];
  get size(): number {
    return this.ids.length;
  }
  push(id: number, p: number): void {
    this.ids.push(id);
    this.pri.push(p);
    let i = this.ids.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((this.pri[parent] as number) <= p) break;
      this.swap(i, parent);
      i = parent;
    }
  }
  pop(): number {
    const top = this.ids[0] as number;
    const lastId = this.ids.pop() as number;
    const lastP = this.pri.pop() as number;
    if (this.ids.length) {
      this.ids[0] = lastId;
      this.pri[0] = lastP;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < this.ids.length && (this.pri[l] as number) < (this.pri[m] as number)) m = l;
        if (r < this.ids.length && (this.pri[r] as number) < (this.pri[m] as number)) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    return top;
  }
  private swap(a: number, b: number): void {
    [this.ids[a], this.ids[b]] = [this.ids[b] as number, this.ids[a] as number];
    [this.pri[a], this.pri[b]] = [this.pri[b] as number, this.pri[a] as number];
  }
}
