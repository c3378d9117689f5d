/**
 * The map picture's canvases, one per picture level (core/map/pictureLevels.ts: the picture, then halved copies
 * that keep the darkest pixel of each block), stacked in one box at the picture's size in image pixels; the view's
 * layer transform scales the box. The worker fills every level with each version (worker/mapSurface.ts); the view
 * shows only the level that suits its zoom, so a wall one pixel thick stays on screen when a 4096-pixel map is
 * fitted at 0.2 screen pixels per image pixel (the browser samples a canvas it shrinks, and drops rows), and the
 * picture itself shows once zoomed in. Switching is a style change on two canvases: no pixel is copied.
 */
import { levelForScale, MAX_LEVELS, pictureLevels } from '../../core/map/pictureLevels';

export class LevelCanvases {
  /** The picture's box (image pixels as CSS pixels): no size until a picture is on it. */
  readonly element: HTMLDivElement;
  private readonly canvases: HTMLCanvasElement[] = [];
  /** Levels the picture on show has (0 before the first). */
  private levels = 0;
  private shown = -1;
  /**
   * Screen pixels per image pixel, as last drawn; null before a view's first drawing. No level shows until then:
   * the first picture comes before the view is fitted to it, and showing the full picture for that frame would
   * hand the compositor the 64 MB of a 4096 map it is about to hide.
   */
  private scale: number | null = null;

  constructor() {
    this.element = document.createElement('div');
    this.element.className = 'map-picture';
    this.element.style.width = '0px';
    this.element.style.height = '0px';
    for (let level = 0; level < MAX_LEVELS; level++) {
      const canvas = document.createElement('canvas');
      canvas.className = 'map-picture-level';
      // Hidden, not removed: a level shown again needs no new layer, and the worker keeps drawing all of them.
      canvas.style.visibility = 'hidden';
      this.element.appendChild(canvas);
      this.canvases.push(canvas);
    }
  }

  /** The canvases' control, finest first, for the worker; null where a canvas cannot be handed over (jsdom). */
  transfer(): OffscreenCanvas[] | null {
    if (this.canvases.some((c) => typeof c.transferControlToOffscreen !== 'function')) return null;
    return this.canvases.map((c) => c.transferControlToOffscreen());
  }

  /** A picture of this size is on show: each level's canvas covers it, one level pixel 2^level image pixels wide. */
  resize(width: number, height: number): void {
    this.element.style.width = `${width}px`;
    this.element.style.height = `${height}px`;
    const sizes = pictureLevels(width, height, this.canvases.length);
    sizes.forEach((size, level) => {
      const style = (this.canvases[level] as HTMLCanvasElement).style;
      style.width = `${size.width * 2 ** level}px`;
      style.height = `${size.height * 2 ** level}px`;
    });
    this.levels = sizes.length;
    if (this.scale !== null) this.show(this.scale);
  }

  /** Shows the level for `scale` screen pixels per image pixel (the zoom times the device pixel ratio). */
  show(scale: number): void {
    this.scale = scale;
    const level = this.levels > 0 ? levelForScale(scale, this.levels) : -1;
    if (level === this.shown) return;
    if (this.shown >= 0) (this.canvases[this.shown] as HTMLCanvasElement).style.visibility = 'hidden';
    if (level >= 0) (this.canvases[level] as HTMLCanvasElement).style.visibility = 'visible';
    this.shown = level;
    // For tests and benchmarks: which level is on show.
    this.element.dataset.level = String(level);
  }
}
