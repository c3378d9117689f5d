/** The map pixels the replay worker sends with each moment shown: the image the state's map version came from. */
import type { State } from '../core/state';
import type { LogGrids } from '../core/log/logGrids';

/** The pixels of the map on show (the decoded grid's grey levels, shared, never written), numbered in the order they were sent. */
export interface ShownMap {
  sequence: number;
  width: number;
  height: number;
  grey: Uint8Array;
}

/** Sends the map's pixels to one listener when the moment shown needs other pixels than those sent last. */
export class MapShower {
  private listener: ((map: ShownMap) => void) | null = null;
  /** The image whose pixels were sent last, and how many have been sent. */
  private shownImage: string | undefined;
  private mapsSent = 0;

  /** The one listener; the pixels of the moment on show are sent to it again. */
  listen(listener: (map: ShownMap) => void): void {
    this.listener = listener;
    this.shownImage = undefined;
  }

  /** Sends the pixels of the image the state's map version came from, when it is not the one sent last. */
  show(grids: LogGrids, state: State, count: number): void {
    if (!this.listener || state.map.version === 0) return;
    const image = grids.imageBefore(count, state.map.version);
    if (image === undefined || image === this.shownImage) return;
    this.shownImage = image;
    // The grid the replayed taps hit-test on, decoded once for both (a broken image has none, nor had the kiosk).
    const grid = grids.sideAt(count).grid(state.map.version);
    if (!grid) return;
    this.mapsSent += 1;
    this.listener({ sequence: this.mapsSent, width: grid.width, height: grid.height, grey: grid.data });
  }
}
