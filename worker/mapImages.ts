/**
 * The decoded map images beside the core's state: one decode per map version, the grids the core hit-tests
 * on (handed to `step` as its side argument), and the pixels for the main thread, which only draws.
 */
import type { MapSide, OccupancyGrid } from '../core/map/grid';
import { decodeMapPng } from './mapDecode';

/** Pixels of one map version for drawing: RGBA, handed over (transferred) to the main thread. */
export interface MapPixels {
  version: number;
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
}

/** Versions kept for hit-testing: the one on show and the one before it (a tap may race an update). */
const KEPT_VERSIONS = 2;

export class MapImages implements MapSide {
  private readonly grids = new Map<number, OccupancyGrid>();
  private latest: { version: number; grid: OccupancyGrid } | null = null;
  private listener: ((pixels: MapPixels) => void) | null = null;

  constructor(private readonly log: (level: 'warn', message: string) => void = () => undefined) {}

  /** Decodes a new version once; a broken image is logged and leaves the previous grids as they were. */
  add(version: number, base64: string): void {
    let decoded;
    try {
      decoded = decodeMapPng(base64);
    } catch (error) {
      this.log('warn', `map image ${version} could not be decoded: ${String(error)}`);
      return;
    }
    this.grids.set(version, decoded.grid);
    for (const v of this.grids.keys()) if (v <= version - KEPT_VERSIONS) this.grids.delete(v);
    this.latest = { version, grid: decoded.grid };
    this.listener?.({ version, width: decoded.grid.width, height: decoded.grid.height, rgba: decoded.rgba });
  }

  grid(version: number): OccupancyGrid | undefined {
    return this.grids.get(version);
  }

  /** One listener (the main thread's map view); it gets the latest image at once, then each new one. */
  listen(listener: ((pixels: MapPixels) => void) | null): void {
    this.listener = listener;
    const l = this.latest;
    if (listener && l) listener({ version: l.version, width: l.grid.width, height: l.grid.height, rgba: greyToRgba(l.grid.data) });
  }
}

/** Opaque RGBA from grey levels. */
export function greyToRgba(grey: Uint8Array): Uint8ClampedArray {
  const out = new Uint8ClampedArray(grey.length * 4);
  for (let i = 0; i < grey.length; i++) {
    const g = grey[i] as number;
    const q = i * 4;
    out[q] = g;
    out[q + 1] = g;
    out[q + 2] = g;
    out[q + 3] = 255;
  }
  return out;
}
