/**
 * The decoded map images beside the core's state: one decode per map version shown, and the grids the core
 * hit-tests on (handed to `step` as its side argument). The pictures are the map worker's, which makes them
 * beside its decode (worker/mapPictures.ts).
 *
 * A decode runs in a task of its own, after the messages already waiting (a 4096 x 4096 PNG takes hundreds of
 * milliseconds to inflate), and only the newest image waits for it: an image that a newer one overtakes before
 * its turn is never decoded. No press can need its grid: a map press waits (runtime.ts, `pending`) until the
 * image before it is decoded, and the queue after the press, later images included, waits with it; so a version
 * is skipped only when another image followed it with no press between, and the core then hit-tests on that one.
 *
 * The PNG decoder (fast-png, fflate, iobuffer: about a third of the worker's code) loads on its own, after the
 * worker has answered `start` (`preload`), so the cold start does not wait for it. An image that arrives before
 * it has loaded waits for it; `pending()` tells the runtime to hold map presses until then. In the browser the
 * decoder is the map worker's (worker/mapWorkerLink.ts): a decode then runs on that thread and answers later,
 * one at a time, and `pending()` holds presses until it has answered. In Node it is the chunk's, run here.
 */
import type { MapSide, OccupancyGrid } from '../core/map/grid';

/** Base64 PNG to grid, here or on another thread (then a promise); throws or rejects on a broken image. */
export type MapDecoder = (base64: string, version: number) => OccupancyGrid | Promise<OccupancyGrid>;

/** Loads the decoder: in the browser a separate chunk (Vite splits a dynamic import), fetched once. */
export type MapDecoderLoader = () => Promise<MapDecoder>;

export const loadMapDecoder: MapDecoderLoader = () => import('./mapDecode').then((m) => m.decodeMapGrid);

/** Runs a task after the ones already waiting (the default: a zero timer, a task of its own). */
export type Defer = (task: () => void) => void;

const nextTask: Defer = (task) => void setTimeout(task, 0);

/** Versions kept for hit-testing: the one on show and the one before it (a tap may race an update). */
const KEPT_VERSIONS = 2;

export class MapImages implements MapSide {
  private readonly grids = new Map<number, OccupancyGrid>();
  private decoder: MapDecoder | null = null;
  /** The decoder's load under way (null before the first and after a failed one). */
  private loading: Promise<void> | null = null;
  /** The newest image not decoded yet (an older one it overtook is dropped). */
  private next: { version: number; base64: string } | null = null;
  private scheduled = false;
  /** Whether a decode on another thread has not answered yet (the next one waits for it). */
  private decoding = false;
  /** Resolved once no image waits (the decode done, or given up); made by `pending()`. */
  private drained: { promise: Promise<void>; resolve(): void } | null = null;
  /** Images overtaken before their decode (for tests and benchmarks). */
  skipped = 0;

  constructor(
    private readonly log: (level: 'warn', message: string) => void = () => undefined,
    private readonly loadDecoder: MapDecoderLoader = loadMapDecoder,
    private readonly defer: Defer = nextTask,
  ) {}

  /** Starts loading the decoder unless it is loaded or loading; resolves when it has loaded (or failed to). */
  preload(): Promise<void> {
    if (this.decoder) return Promise.resolve();
    this.loading ??= this.loadDecoder().then(
      (decoder) => {
        this.decoder = decoder;
        this.schedule();
      },
      (error: unknown) => {
        // Nothing to decode with: the waiting image is lost as a broken one is; the next image tries again.
        this.loading = null;
        const image = this.next;
        this.next = null;
        if (image) this.log('warn', `map image ${image.version} could not be decoded: the decoder did not load (${String(error)})`);
        this.settled();
      },
    );
    return this.loading;
  }

  /** While an image waits to be decoded: a promise that resolves once it is (or is given up); else null. */
  pending(): Promise<void> | null {
    if (!this.next && !this.decoding) return null;
    if (!this.drained) {
      let resolve = () => undefined as void;
      const promise = new Promise<void>((r) => (resolve = r));
      this.drained = { promise, resolve };
    }
    return this.drained.promise;
  }

  /** A new version: decoded in a task of its own, unless a newer one comes first. */
  add(version: number, base64: string): void {
    if (this.next) this.skipped++;
    this.next = { version, base64 };
    if (this.decoder) this.schedule();
    else void this.preload();
  }

  private schedule(): void {
    if (this.scheduled || !this.next) return;
    this.scheduled = true;
    this.defer(() => {
      this.scheduled = false;
      this.decodeNext();
    });
  }

  /** Decodes the newest waiting image; a broken one is logged and leaves the previous grids as they were. */
  private decodeNext(): void {
    const image = this.next;
    if (!image || !this.decoder || this.decoding) return;
    this.next = null;
    let grid: OccupancyGrid | Promise<OccupancyGrid>;
    try {
      grid = this.decoder(image.base64, image.version);
    } catch (error) {
      this.failed(image.version, error);
      return this.settled();
    }
    if (!(grid instanceof Promise)) {
      this.keep(image.version, grid);
      return this.settled();
    }
    this.decoding = true;
    grid.then(
      (decoded) => this.keep(image.version, decoded),
      (error: unknown) => this.failed(image.version, error),
    ).finally(() => {
      this.decoding = false;
      this.settled();
    });
  }

  private keep(version: number, grid: OccupancyGrid): void {
    this.grids.set(version, grid);
    for (const v of this.grids.keys()) if (v <= version - KEPT_VERSIONS) this.grids.delete(v);
  }

  private failed(version: number, error: unknown): void {
    this.log('warn', `map image ${version} could not be decoded: ${String(error)}`);
  }

  /** Wakes whoever waits for the images, once none waits. */
  private settled(): void {
    if (this.decoding) return;
    if (this.next) return this.schedule();
    const drained = this.drained;
    this.drained = null;
    drained?.resolve();
  }

  grid(version: number): OccupancyGrid | undefined {
    return this.grids.get(version);
  }
}
