/**
 * The decoded occupancy grid of one map image, and the pure tests on it. The grid lives beside the state
 * (keyed by map version, handed to `step` by the shell), never inside it: it is the big binary part of a map.
 */

/** One map image as grey levels, row-major, rows top to bottom (as the PNG stores them). */
export interface OccupancyGrid {
  width: number;
  height: number;
  /** One grey level (0..255) per pixel. */
  data: Uint8Array;
}

/** What the core can look up beside the state: the decoded grid of a map version, when the shell has it. */
export interface MapSide {
  grid(version: number): OccupancyGrid | undefined;
}

/**
 * ROS map_server reads a trinary map with free_thresh 0.196: occupancy p = (255 - grey) / 255 is free below
 * it, i.e. a grey level above 255 * (1 - 0.196) = 205.0, so 206 and up. It writes free as 254, unknown as 205.
 */
export const FREE_MIN_GREY = 206;

/** Whether a grey level is free space (map_server's trinary reading). Pure. */
export function isFreeGrey(grey: number): boolean {
  return grey >= FREE_MIN_GREY;
}

/** The whole pixel under a point in image-pixel coordinates, or null outside the image. Pure. */
export function pixelAt(grid: Pick<OccupancyGrid, 'width' | 'height'>, px: number, py: number): { px: number; py: number } | null {
  if (!Number.isFinite(px) || !Number.isFinite(py)) return null;
  const x = Math.floor(px);
  const y = Math.floor(py);
  if (x < 0 || y < 0 || x >= grid.width || y >= grid.height) return null;
  return { px: x, py: y };
}

/**
 * Hit-testing a tap: the whole pixel under it when that pixel is free space, else null (unknown, occupied,
 * or outside the image). Pure.
 */
export function freePixelAt(grid: OccupancyGrid, px: number, py: number): { px: number; py: number } | null {
  const p = pixelAt(grid, px, py);
  if (!p) return null;
  const grey = grid.data[p.py * grid.width + p.px];
  return grey !== undefined && isFreeGrey(grey) ? p : null;
}
