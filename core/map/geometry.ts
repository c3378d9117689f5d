/**
 * Map geometry (api.md, ROS map_server convention): `origin` is the map-frame position in metres of the
 * image's bottom-left corner and rows run top to bottom. All pure.
 */

export interface MapFrame {
  origin: { x: number; y: number };
  /** metres per pixel */
  resolution: number;
  /** image height in pixels (rows count from the top, metres from the bottom) */
  height: number;
}

/** The map-frame centre, in metres, of pixel (px, py). */
export function pixelToMetres(f: MapFrame, px: number, py: number): { x: number; y: number } {
  return {
    x: f.origin.x + (px + 0.5) * f.resolution,
    y: f.origin.y + (f.height - py - 0.5) * f.resolution,
  };
}

/**
 * The image position (fractional pixels, for drawing) of a map-frame point: the inverse of `pixelToMetres`
 * up to the half-pixel centre, so a pixel centre maps back to px + 0.5.
 */
export function metresToImage(f: MapFrame, x: number, y: number): { px: number; py: number } {
  return { px: (x - f.origin.x) / f.resolution, py: f.height - (y - f.origin.y) / f.resolution };
}

/** A rectangle in whole image pixels (a no-go zone). */
export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The no-go zone between two presses: each corner clamped to the image, floored to whole pixels; the zone
 * covers both corner pixels, so it never reaches past the image's edge. Pure.
 */
export function zoneBetween(
  size: { width: number; height: number },
  a: { px: number; py: number },
  b: { px: number; py: number },
): PixelRect {
  const cx = (v: number) => Math.min(size.width - 1, Math.max(0, Math.floor(v)));
  const cy = (v: number) => Math.min(size.height - 1, Math.max(0, Math.floor(v)));
  const x0 = cx(Math.min(a.px, b.px));
  const x1 = cx(Math.max(a.px, b.px));
  const y0 = cy(Math.min(a.py, b.py));
  const y1 = cy(Math.max(a.py, b.py));
  return { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/** The 8-direction compass of the specification, in degrees (east 0, north 90). */
export const COMPASS = {
  north: 90,
  north_east: 45,
  east: 0,
  south_east: -45,
  south: -90,
  south_west: -135,
  west: 180,
  north_west: 135,
} as const;
export type CompassPoint = keyof typeof COMPASS;

const COMPASS_VALUES: readonly number[] = Object.values(COMPASS);

/** Whether an angle is one of the compass's eight. Pure. */
export function isCompassAngle(deg: number): boolean {
  return COMPASS_VALUES.includes(deg);
}
