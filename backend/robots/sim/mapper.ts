/**
 * Mapping: a simulated 2D lidar casts rays through the ground truth from the robot's pose and paints what it
 * sees into the map being built (free along each ray, occupied where it hits). The map only ever grows.
 */
import { FREE, type Grid, OCCUPIED, type Point, worldToPixel } from '../../grid';

/** Lidar range in metres (a typical indoor 2D lidar reaches 8-12 m). */
export const LIDAR_RANGE = 8;
/**
 * Rays per scan: a quarter degree, so neighbouring rays stay under a pixel apart out to full range and the
 * painted floor has no unknown speckles (the planner treats unknown as blocked and would inflate them).
 */
const RAYS = 1440;
/** Ray march step in pixels: under one, so diagonal rays do not skip pixels. */
const STEP = 0.75;

/**
 * Casts one 360-degree scan from `from` through `truth` into `map` (same geometry). Returns how many pixels
 * changed, so a caller can tell whether the map grew.
 */
export function scan(truth: Grid, map: Grid, from: Point, range = LIDAR_RANGE): number {
  const o = worldToPixel(truth, from);
  const maxSteps = Math.ceil(range / truth.resolution / STEP);
  let changed = 0;
  for (let i = 0; i < RAYS; i++) {
    const a = (i / RAYS) * 2 * Math.PI;
    // Rows grow downwards, so the image-space y step is the negative of the map-frame one.
    const dx = Math.cos(a) * STEP;
    const dy = -Math.sin(a) * STEP;
    let last = -1;
    for (let s = 0; s <= maxSteps; s++) {
      const px = Math.round(o.px + dx * s);
      const py = Math.round(o.py + dy * s);
      if (px < 0 || py < 0 || px >= truth.width || py >= truth.height) break;
      const idx = py * truth.width + px;
      if (idx === last) continue;
      last = idx;
      const hit = truth.data[idx] === OCCUPIED;
      const value = hit ? OCCUPIED : FREE;
      if (map.data[idx] !== value) {
        map.data[idx] = value;
        changed++;
      }
      if (hit) break;
    }
  }
  return changed;
}

/** Whether a straight line between two points crosses no wall of `truth` (line of sight). */
export function lineOfSight(truth: Grid, a: Point, b: Point): boolean {
  const pa = worldToPixel(truth, a);
  const pb = worldToPixel(truth, b);
  const n = Math.max(Math.abs(pb.px - pa.px), Math.abs(pb.py - pa.py), 1);
  for (let i = 0; i <= n; i++) {
    const px = Math.round(pa.px + ((pb.px - pa.px) * i) / n);
    const py = Math.round(pa.py + ((pb.py - pa.py) * i) / n);
    if (truth.at(px, py) === OCCUPIED) return false;
  }
  return true;
}
