/**
 * Occupancy grids in map-image pixels, their geometry, and the PNG encoding api.md fixes for maps.
 *
 * Convention (the one ROS map_server uses): `origin` is the map-frame position of the image's bottom-left
 * corner, rows run top to bottom, so a pixel's y in metres grows as its row number falls.
 */
import { decode, encode } from 'fast-png';

/** Pixel values of a map image (greyscale, 8-bit). */
export const FREE = 255;
export const OCCUPIED = 0;
export const UNKNOWN = 128;

/** Where a map image sits in the map frame. */
export interface MapGeometry {
  width: number;
  height: number;
  /** metres per pixel */
  resolution: number;
  origin: { x: number; y: number };
}

/** A point in the map frame, metres. */
export interface Point {
  x: number;
  y: number;
}

/** A pose in the map frame: metres and degrees (east 0, north 90). */
export interface Pose extends Point {
  orientation: number;
}

/** A greyscale occupancy image plus its geometry. */
export class Grid implements MapGeometry {
  readonly data: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
    readonly resolution: number,
    readonly origin: { x: number; y: number },
    fill = UNKNOWN,
    data?: Uint8Array,
  ) {
    this.data = data ?? new Uint8Array(width * height).fill(fill);
  }

  /** A copy sharing nothing with this grid. */
  clone(): Grid {
    return new Grid(this.width, this.height, this.resolution, this.origin, UNKNOWN, this.data.slice());
  }

  /** The value at a pixel, or OCCUPIED outside the image (the world ends at the image's edge). */
  at(px: number, py: number): number {
    if (px < 0 || py < 0 || px >= this.width || py >= this.height) return OCCUPIED;
    return this.data[py * this.width + px] ?? OCCUPIED;
  }

  set(px: number, py: number, v: number): void {
    if (px < 0 || py < 0 || px >= this.width || py >= this.height) return;
    this.data[py * this.width + px] = v;
  }

  /** The value under a map-frame point. */
  atWorld(p: Point): number {
    const { px, py } = worldToPixel(this, p);
    return this.at(px, py);
  }
}

/** The pixel containing a map-frame point (column, row from the top). */
export function worldToPixel(g: MapGeometry, p: Point): { px: number; py: number } {
  const px = Math.floor((p.x - g.origin.x) / g.resolution);
  const py = g.height - 1 - Math.floor((p.y - g.origin.y) / g.resolution);
  return { px, py };
}

/** The map-frame centre of a pixel. */
export function pixelToWorld(g: MapGeometry, px: number, py: number): Point {
  return {
    x: g.origin.x + (px + 0.5) * g.resolution,
    y: g.origin.y + (g.height - 1 - py + 0.5) * g.resolution,
  };
}

/** Encodes a grid as a base64 greyscale PNG (api.md Map.image). */
export function gridToBase64Png(g: Grid): string {
  const png = encode({ width: g.width, height: g.height, data: g.data, channels: 1, depth: 8 });
  return Buffer.from(png).toString('base64');
}

/** Raw PNG bytes of a grid, for storage. */
export function gridToPng(g: Grid): Buffer {
  return Buffer.from(encode({ width: g.width, height: g.height, data: g.data, channels: 1, depth: 8 }));
}

/** Decodes a stored greyscale PNG back into a grid (other channel layouts are reduced to their first channel). */
export function pngToGrid(png: Uint8Array, geometry: Omit<MapGeometry, 'width' | 'height'>): Grid {
  const img = decode(png);
  const ch = img.channels;
  const data = new Uint8Array(img.width * img.height);
  for (let i = 0; i < data.length; i++) data[i] = Number(img.data[i * ch] ?? UNKNOWN);
  return new Grid(img.width, img.height, geometry.resolution, geometry.origin, UNKNOWN, data);
}

/** Normalises degrees to (-180, 180]. */
export function normDeg(deg: number): number {
  let d = deg % 360;
  if (d <= -180) d += 360;
  if (d > 180) d -= 360;
  return d;
}

/** Normalises radians to (-pi, pi]. */
export function normRad(r: number): number {
  let a = r % (2 * Math.PI);
  if (a <= -Math.PI) a += 2 * Math.PI;
  if (a > Math.PI) a -= 2 * Math.PI;
  return a;
}
