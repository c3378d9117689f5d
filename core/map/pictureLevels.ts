/**
 * The map picture's levels (mip levels): the picture halved, quartered and so on, each level pixel the darkest
 * grey of the 2 x 2 level pixels under it. The view shows the level that puts at least one screen pixel on each
 * of its pixels: sampled below that, the browser drops whole rows and columns, and a wall one or two image pixels
 * thick vanishes from a 4096-pixel map fitted at 0.2 screen pixels per image pixel. The darkest grey keeps
 * map_server's order: occupied (0) wins over unknown (205), and both over free (254), so walls and unknown
 * space survive every level; free space shrinks by at most one level pixel at its edges.
 *
 * The levels after the first add at most a third of its pixels (1/4 + 1/16 + ...). Pure; the worker makes the
 * levels (worker/mapSurface.ts) and the view picks one (ui/map/levelCanvases.ts), by the same sizes.
 */

/** Levels at most, the picture itself included: 1/8 of a 4096 map is 512 px, at the fit's 0.2-0.24 about 2 screen px a pixel. */
export const MAX_LEVELS = 4;
/** No level is made from one whose larger side is at most this: a picture this small fits a view at a scale of one or more. */
export const LEVEL_MIN_SIDE = 512;

export interface LevelSize {
  width: number;
  height: number;
}

/** The sizes of a picture's levels, level 0 (the picture) first; each halves the one before, rounding up. */
export function pictureLevels(width: number, height: number, max = MAX_LEVELS): LevelSize[] {
  const levels: LevelSize[] = [{ width, height }];
  for (let last = levels[0] as LevelSize; levels.length < max && Math.max(last.width, last.height) > LEVEL_MIN_SIDE; ) {
    last = { width: Math.ceil(last.width / 2), height: Math.ceil(last.height / 2) };
    levels.push(last);
  }
  return levels;
}

/**
 * The level to show at `scale` screen pixels per image pixel (the zoom times the device pixel ratio): the
 * finest whose pixels each get at least one screen pixel, so none drops out; the picture itself when zoomed in,
 * the coarsest there is when even that is under one.
 */
export function levelForScale(scale: number, levels: number): number {
  let level = 0;
  while (level < levels - 1 && scale * 2 ** level < 1) level++;
  return level;
}

/**
 * The next level of a grey picture: each pixel the darkest (smallest) grey of its 2 x 2 block, a block at the
 * right or bottom edge of an odd size made of the pixels there are. Writes into `out` when given (at least
 * ceil(w/2) * ceil(h/2) long: a buffer reused from one version to the next) and returns the level's pixels.
 */
export function minPool(src: Uint8Array, width: number, height: number, out?: Uint8Array): Uint8Array {
  const w2 = Math.ceil(width / 2);
  const h2 = Math.ceil(height / 2);
  const dst = out ? out.subarray(0, w2 * h2) : new Uint8Array(w2 * h2);
  for (let y2 = 0; y2 < h2; y2++) {
    const top = 2 * y2 * width;
    // The block's second row, or the first again on an odd height's last row.
    const bottom = 2 * y2 + 1 < height ? top + width : top;
    const row = y2 * w2;
    for (let x2 = 0; x2 < w2; x2++) {
      const x = 2 * x2;
      const x1 = x + 1 < width ? x + 1 : x;
      let g = src[top + x] as number;
      const b = src[top + x1] as number;
      const c = src[bottom + x] as number;
      const d = src[bottom + x1] as number;
      if (b < g) g = b;
      if (c < g) g = c;
      if (d < g) g = d;
      dst[row + x2] = g;
    }
  }
  return dst;
}
