/**
 * The map's zoom constants (specification, section 9) and the arithmetic on them. All pure.
 *
 * Reading of the specification: zoom is a scale factor k of image pixels to screen pixels. The fit scale is
 * the largest k showing the whole image in the view; the fit zoom is 98% of it (a margin round the image).
 * The bounds are [fit, 3 * fit]. "Default bounds 1 to 2" are the bounds before any image is known (no fit to
 * scale against): k in [1, 2]. Buttons change k by 0.2 of the fit, the wheel by 0.1 of it per notch. The
 * displayed percentage is 100 plus the zoom beyond the fit, scaled to a percentage of the fit:
 * 100 + (k - fit) / fit * 100, so 100% at the fit and 300% at the maximum.
 */

export const FIT_MARGIN = 0.98;
export const MAX_ZOOM_FACTOR = 3;
export const DEFAULT_BOUNDS: readonly [number, number] = [1, 2];
export const BUTTON_STEP = 0.2;
export const WHEEL_STEP = 0.1;

/** The fit zoom of an image in a view: 98% of the largest scale that shows all of it. */
export function fitZoom(view: { width: number; height: number }, image: { width: number; height: number }): number {
  if (!(image.width > 0 && image.height > 0 && view.width > 0 && view.height > 0)) return DEFAULT_BOUNDS[0];
  return FIT_MARGIN * Math.min(view.width / image.width, view.height / image.height);
}

/** The zoom bounds: [fit, 3 * fit], or the default [1, 2] while no fit is known. */
export function zoomBounds(fit: number | null): [number, number] {
  if (fit === null || !(fit > 0)) return [DEFAULT_BOUNDS[0], DEFAULT_BOUNDS[1]];
  return [fit, MAX_ZOOM_FACTOR * fit];
}

/** One zoom step (`steps` of `size`, negative to zoom out) from k, clamped to the bounds. */
export function stepZoom(k: number, fit: number | null, size: number, steps = 1): number {
  const [min, max] = zoomBounds(fit);
  const unit = fit !== null && fit > 0 ? fit : 1;
  return Math.min(max, Math.max(min, k + size * steps * unit));
}

/** The percentage shown beside the zoom buttons: 100 plus the zoom beyond the fit, in percent of the fit. */
export function zoomPercent(k: number, fit: number | null): number {
  const unit = fit !== null && fit > 0 ? fit : 1;
  return Math.round(100 + ((k - unit) / unit) * 100);
}
