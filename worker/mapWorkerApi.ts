/** What the map worker (worker/mapWorker.ts) serves the core's worker over Comlink. */
import type { OccupancyGrid } from '../core/map/grid';
import type { MapPicture } from './api';

export interface MapWorkerApi {
  /** Answers once the worker runs (its script loaded). */
  ping(): Promise<void>;
  /** Decodes one map version: its grid (the core's copy, transferred), or an error for a broken PNG. */
  decode(version: number, base64: string): Promise<OccupancyGrid>;
  /** Shows each version decoded from now on on `surfaces` (the newest one at once); `onImage` hears of each. */
  attach(surfaces: OffscreenCanvas[], onImage: (picture: MapPicture) => void): Promise<void>;
}
