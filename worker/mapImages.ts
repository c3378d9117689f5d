/**
 * The decoded map images beside the core's state: one decode per map version, the grids the core hit-tests
 * on (handed to `step` as its side argument), and the pixels for the main thread, which only draws.
 *
 * The PNG decoder (fast-png, fflate, iobuffer: about a third of the worker's code) loads on its own, after the
 * worker has answered `start` (`preload`), so the cold start does not wait for it. An image that arrives before
 * it has loaded waits for it, in order; `pending()` tells the runtime to hold map presses until then.
 */
import type { MapSide, OccupancyGrid } from '../core/map/grid';
import type { DecodedMap } from './mapDecode';

/** Pixels of one map version for drawing: RGBA, handed over (transferred) to the main thread. */
export interface MapPixels {
  version: number;
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
}

/** Base64 PNG to grid and pixels; throws on a broken image. */
export type MapDecoder = (base64: string) => DecodedMap;

/** Loads the decoder: in the browser a separate chunk (Vite splits a dynamic import), fetched once. */
export type MapDecoderLoader = () => Promise<MapDecoder>;

export const loadMapDecoder: MapDecoderLoader = () => import('./mapDecode').then((m) => m.decodeMapPng);

/** Versions kept for hit-testing: the one on show and the one before it (a tap may race an update). */
const KEPT_VERSIONS = 2;

export class MapImages implements MapSide {
  private readonly grids = new Map<number, OccupancyGrid>();
  private latest: { version: number; grid: OccupancyGrid } | null = null;
  private listener: ((pixels: MapPixels) => void) | null = null;
  private decoder: MapDecoder | null = null;
  /** The decoder's load under way (null before the first and after a failed one). */
  private loading: Promise<void> | null = null;
  /** Images added before the decoder loaded, oldest first. */
  private readonly waiting: { version: number; base64: string }[] = [];

  constructor(
    private readonly log: (level: 'warn', message: string) => void = () => undefined,
    private readonly loadDecoder: MapDecoderLoader = loadMapDecoder,
  ) {}

  /** Starts loading the decoder unless it is loaded or loading; resolves when the images waiting are decoded. */
  preload(): Promise<void> {
    if (this.decoder) return Promise.resolve();
    this.loading ??= this.loadDecoder().then(
      (decoder) => {
        this.decoder = decoder;
        for (const image of this.waiting.splice(0)) this.decode(image.version, image.base64);
      },
      (error: unknown) => {
        // Nothing to decode with: the waiting images are lost as broken ones are; the next image tries again.
        this.loading = null;
        for (const image of this.waiting.splice(0)) this.log('warn', `map image ${image.version} could not be decoded: the decoder did not load (${String(error)})`);
      },
    );
    return this.loading;
  }

  /** While images wait for the decoder: a promise that resolves once they are decoded (or given up); else null. */
  pending(): Promise<void> | null {
    return this.waiting.length > 0 ? this.preload() : null;
  }

  /** Decodes a new version once (later, in order, while the decoder still loads). */
  add(version: number, base64: string): void {
    if (this.decoder) return this.decode(version, base64);
    this.waiting.push({ version, base64 });
    void this.preload();
  }

  /** A broken image is logged and leaves the previous grids as they were. */
  private decode(version: number, base64: string): void {
    let decoded;
    try {
      decoded = (this.decoder as MapDecoder)(base64);
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
