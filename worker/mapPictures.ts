/**
 * What the live app's map worker does (worker/mapWorker.ts), apart from the worker glue so Node tests run it:
 * decodes each map version the core hands over, answers with the grid the core hit-tests on, and then shows the
 * version's picture on the map view's surfaces (worker/mapSurface.ts).
 *
 * Why a worker of its own: a 4096 x 4096 PNG takes 75-140 ms to inflate and its picture as long again to make.
 * On the core's worker that was one block of up to 240 ms a second while mapping a large floor, and every touch,
 * robot message and screen update waited behind it (bench/README.md at f0de46c, "The map off the core's thread"). Here it
 * runs beside the core, on the other core of the kiosk.
 */
import type { OccupancyGrid } from '../core/map/grid';
import type { SurfacePixels } from './mapSurface';

/** Runs a task after the ones already waiting (a zero timer in the worker; tests step it). */
export type Defer = (task: () => void) => void;

export class MapPictures {
  /** The newest version decoded: its pixels are what a surface attached later shows first. */
  private latest: SurfacePixels | null = null;
  private show: ((pixels: SurfacePixels) => void) | null = null;

  constructor(
    private readonly decodeGrid: (base64: string) => OccupancyGrid,
    private readonly defer: Defer,
  ) {}

  /**
   * Decodes `base64` (throws on a broken PNG, leaving the picture on show as it was) and returns a copy of its
   * grid for the core to keep. The picture is made after this answer has gone (in a later task), so the core
   * waits only for the decode.
   */
  decode(version: number, base64: string): OccupancyGrid {
    const grid = this.decodeGrid(base64);
    // Never an older version over a newer one: the core asks one at a time, newest first, but says so here too.
    if (!this.latest || version > this.latest.version) {
      const pixels = { version, width: grid.width, height: grid.height, grey: grid.data };
      this.latest = pixels;
      this.defer(() => this.show?.(pixels));
    }
    return { width: grid.width, height: grid.height, data: grid.data.slice() };
  }

  /** Shows each next version with `show` (a new map view's surfaces), the newest decoded one at once. */
  attach(show: (pixels: SurfacePixels) => void): void {
    this.show = show;
    if (this.latest) show(this.latest);
  }
}
