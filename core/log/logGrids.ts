/**
 * The map grids of a replayed log, so a replayed tap is hit-tested on the pixels the live one was. Live, the
 * worker decodes each `map/image` effect once and hands the grids to `step` (worker/mapImages.ts); a replay
 * records the same effects by their place in the log and looks grids up as the worker held them just before
 * each event: a version's latest image recorded earlier. Versions start again at each `shell/started` (a new
 * worker), and the latest image of a version is always the current session's once state shows that version,
 * so the lookup is exact whichever way a seek goes. Decoding is lazy (only taps need it), once per image while
 * it stays among the few kept. Pure and deterministic.
 *
 * Each grid is available from the event right after the one that brought its image; the live worker steps a
 * batch in pieces to the same end (`pieceEnd` in worker/batches.ts), and holds a tap while its images still wait
 * for the decoder to load.
 */
import type { Effect } from '../effects';
import type { CoreEvent } from '../events';
import { imageHolder } from './logImages';
import { initialState, type State } from '../state';
import { stepAll } from '../step';
import { decodeMapGrid } from '../map/decodePng';
import type { MapSide, OccupancyGrid } from '../map/grid';

/**
 * The `map/image` effects, by the place in the log of the event that made it, in columns: a robot's week holds
 * a million map frames, and as objects they took more memory than the rest of a replay's index. Equal images
 * (a robot resending its map) are kept once.
 */
class Accepted {
  length = 0;
  indexes = new Float64Array(64);
  versions = new Int32Array(64);
  imageIds = new Int32Array(64);
  private readonly images: string[] = [];
  private readonly ids = new Map<string, number>();

  push(index: number, version: number, image: string): void {
    if (this.length === this.indexes.length) this.grow();
    let id = this.ids.get(image);
    if (id === undefined) {
      id = this.images.length;
      this.images.push(image);
      this.ids.set(image, id);
    }
    this.indexes[this.length] = index;
    this.versions[this.length] = version;
    this.imageIds[this.length] = id;
    this.length += 1;
  }

  image(i: number): string {
    return this.images[this.imageIds[i]!]!;
  }

  /** Keeps the entries `keep` says yes to, in order, and only the images they use. */
  retain(keep: (i: number) => boolean): void {
    const images: string[] = [];
    this.ids.clear();
    let n = 0;
    for (let i = 0; i < this.length; i++) {
      if (!keep(i)) continue;
      const image = this.image(i);
      let id = this.ids.get(image);
      if (id === undefined) {
        id = images.length;
        images.push(image);
        this.ids.set(image, id);
      }
      this.indexes[n] = this.indexes[i]!;
      this.versions[n] = this.versions[i]!;
      this.imageIds[n] = id;
      n += 1;
    }
    this.length = n;
    this.images.splice(0, this.images.length, ...images);
  }

  private grow(): void {
    const size = this.indexes.length * 2;
    const indexes = new Float64Array(size);
    indexes.set(this.indexes);
    const versions = new Int32Array(size);
    versions.set(this.versions);
    const imageIds = new Int32Array(size);
    imageIds.set(this.imageIds);
    this.indexes = indexes;
    this.versions = versions;
    this.imageIds = imageIds;
  }
}

/** Decoded images kept: a seek back and forth over a few taps decodes each image once. */
const DECODED_KEPT = 4;

export class LogGrids {
  /** In log order. With `forwardOnly`, only the two newest versions are kept (a fold that never goes back). */
  private readonly accepted = new Accepted();
  /** Image text to its grid (null when it would not decode), least recently used first. */
  private readonly decoded = new Map<string, OccupancyGrid | null>();

  /**
   * `forwardOnly`: the caller folds once, front to back (core/replay.ts), so older images can be let go as
   * the live worker lets them go; otherwise every image is kept by reference (a
   * seek may go back to any version).
   */
  constructor(private readonly forwardOnly = false) {}

  /** Takes the `map/image` effects of the event at `index`. A place already recorded (a seek folding it again) is skipped. */
  record(index: number, effects: readonly Effect[]): void {
    const a = this.accepted;
    if (a.length > 0 && a.indexes[a.length - 1]! >= index) return;
    for (const effect of effects) {
      if (effect.type !== 'map/image') continue;
      a.push(index, effect.version, effect.image);
      if (this.forwardOnly) this.forgetOlderThan(effect.version);
    }
  }

  /** An image shown before the log's first event (a clip's, see core/clip.ts), as if recorded just before it. */
  seed(version: number, image: string): void {
    if (this.accepted.length === 0) this.accepted.push(-1, version, image);
  }

  /** The grids as the live worker held them just before the event at `index`. */
  sideAt(index: number): MapSide {
    return {
      grid: (version) => {
        const image = this.imageBefore(index, version);
        return image === undefined ? undefined : (this.decode(image) ?? undefined);
      },
    };
  }

  /** Where `movingSide` stands. */
  private movingIndex = 0;
  private readonly moving: MapSide = {
    grid: (version) => {
      const image = this.imageBefore(this.movingIndex, version);
      return image === undefined ? undefined : (this.decode(image) ?? undefined);
    },
  };

  /**
   * `sideAt(index)` for a fold that steps one event at a time: one object, moved to `index`, so a log's ten
   * million steps make no closure each. It is good until the next call (a step only reads it while it runs).
   */
  movingSide(index: number): MapSide {
    this.movingIndex = index;
    return this.moving;
  }

  /** The image of `version` the live worker held just before the event at `index`, if any. */
  imageBefore(index: number, version: number): string | undefined {
    // Binary search for the first accept at or after `index`, then back to the latest of this version.
    const a = this.accepted;
    let lo = 0;
    let hi = a.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (a.indexes[mid]! < index) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo - 1; i >= 0; i--) if (a.versions[i] === version) return a.image(i);
    return undefined;
  }

  private decode(image: string): OccupancyGrid | null {
    let grid = this.decoded.get(image);
    if (grid === undefined) {
      try {
        grid = decodeMapGrid(image);
      } catch {
        grid = null; // the live worker logs it and has no grid for the version either
      }
    } else this.decoded.delete(image);
    this.decoded.set(image, grid);
    for (const key of this.decoded.keys()) {
      if (this.decoded.size <= DECODED_KEPT) break;
      this.decoded.delete(key);
    }
    return grid;
  }

  /**
   * Drops versions the live worker no longer keeps (worker/mapImages.ts keeps the newest two). A previous
   * session's higher versions stay a little longer; the newer image of a version always wins the lookup.
   */
  private forgetOlderThan(version: number): void {
    const a = this.accepted;
    let old = false;
    for (let i = 0; i < a.length && !old; i++) old = a.versions[i]! <= version - 2;
    if (old) a.retain((i) => a.versions[i]! > version - 2);
  }
}

/**
 * Called after each event of a fold with its place in the batch and the state after it: a state the fold goes on
 * writing (its slices are replaced, never changed), to be read during the call only.
 */
export type Observe = (index: number, after: State) => void;

/**
 * Folds events that stand at `first` in the log, with the grids the live worker would have held: each
 * `map/image` effect is recorded at the place of the event that made it (`stepAll` marks which event made
 * which effect), and a piece of the batch ends before the first person's input (`ui/`: a tap looks the grid
 * up) that follows an image, so a tap right after an image finds its grid. A `shell/started` starts afresh,
 * as `foldEvents` does (core/restarts.ts).
 */
export function foldWithGrids(state: State, events: readonly CoreEvent[], first: number, grids: LogGrids, observe?: Observe): State {
  let from = 0;
  // The places in the batch of the events that carry an image (a fiftieth of a robot's frames), found once.
  const images: number[] = [];
  let piece = 0; // where the current piece's entries in `images` start
  for (let i = 0; i < events.length; i++) {
    const event = events[i]!;
    const restart = event.type === 'shell/started';
    if (restart || (images.length > piece && event.type.startsWith('ui/'))) {
      if (i > from) state = foldPiece(state, events, from, i, first, grids, images, piece, observe);
      if (restart) state = initialState();
      from = i;
      piece = images.length;
    }
    if (imageHolder(event) !== null) images.push(i);
  }
  return from < events.length ? foldPiece(state, events, from, events.length, first, grids, images, piece, observe) : state;
}

/**
 * Folds `events[from, to)` in one `stepAll`, then records the effects of the events that carried an image
 * (`images[piece...]`, their places in `events`, those before `to`).
 */
function foldPiece(state: State, events: readonly CoreEvent[], from: number, to: number, first: number, grids: LogGrids, images: readonly number[], piece: number, observe?: Observe): State {
  const slice = from === 0 && to === events.length ? events : events.slice(from, to);
  const seen = observe ? (k: number, after: State) => observe(from + k, after) : undefined;
  if (piece === images.length || images[piece]! >= to) return stepAll(state, slice, grids.sideAt(first + from), undefined, seen).state;
  const marks: number[] = [];
  const result = stepAll(state, slice, grids.sideAt(first + from), marks, seen);
  for (let j = piece; j < images.length && images[j]! < to; j++) {
    const k = images[j]! - from;
    grids.record(first + from + k, result.effects.slice(k === 0 ? 0 : marks[k - 1], marks[k]));
  }
  return result.state;
}
