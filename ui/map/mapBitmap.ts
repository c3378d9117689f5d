/**
 * The map picture's surface: one canvas for the page's lifetime whose control goes to the worker
 * (transferControlToOffscreen). The worker decodes each map version, makes its ImageBitmap and puts it on the
 * surface with a 'bitmaprenderer' context; the compositor takes the surface's frames from the worker and shows
 * the canvas in its own layer, scaled by the view's CSS transform. So neither a new version nor panning and
 * pinching rasterise or copy the picture on the main thread, which only learns the version and the size.
 *
 * The canvas moves into whichever map view is mounted: its picture lives in the worker's context, which a new
 * canvas would not have.
 */
import { useSyncExternalStore } from 'react';
import type { CoreActions } from '../../src/bridge/actions';
import type { MapPicture } from '../../worker/api';

/** The picture on show: its version and size (its pixels are the surface's). */
export type MapBitmap = MapPicture;

let current: MapBitmap | null = null;
/** The picture's size; a new object only when the size changes (a live map grows in place). */
let size: { width: number; height: number } | null = null;
let surface: HTMLCanvasElement | null = null;
let subscribed = false;
const sizeListeners = new Set<() => void>();
const versionListeners = new Set<(picture: MapBitmap) => void>();

/** The canvas that shows the picture (image pixels as CSS pixels; the view's layer transform scales it). */
export function mapSurface(): HTMLCanvasElement {
  if (!surface) {
    surface = document.createElement('canvas');
    surface.className = 'map-picture';
    // No size until a picture is on it (the default 300 x 150 would be a blank box over the map).
    surface.style.width = '0px';
    surface.style.height = '0px';
  }
  return surface;
}

function shown(picture: MapPicture): void {
  // The worker reports versions in order (it drops a late older one), so the newest report is the one on show.
  current = picture;
  for (const l of versionListeners) l(picture);
  if (size && size.width === picture.width && size.height === picture.height) return;
  const canvas = mapSurface();
  canvas.style.width = `${picture.width}px`;
  canvas.style.height = `${picture.height}px`;
  size = { width: picture.width, height: picture.height };
  for (const l of sizeListeners) l();
}

/**
 * Hands the surface to the worker once per page load (the worker keeps one listener). Where a canvas cannot be
 * handed over (jsdom), there is no picture and nothing else changes.
 */
function ensureSubscribed(actions: CoreActions): void {
  if (subscribed || !actions.subscribeMap) return;
  const canvas = mapSurface();
  if (typeof canvas.transferControlToOffscreen !== 'function') return;
  subscribed = true;
  actions.subscribeMap(shown, canvas.transferControlToOffscreen());
}

function subscribeSize(l: () => void): () => void {
  sizeListeners.add(l);
  return () => sizeListeners.delete(l);
}

/**
 * The size of the map picture on show (null before the first), re-rendering only when it changes: a new
 * version of the same size changes nothing the page renders (its pixels are the surface's).
 */
export function useMapPictureSize(actions: CoreActions): { width: number; height: number } | null {
  ensureSubscribed(actions);
  return useSyncExternalStore(subscribeSize, () => size);
}

/** Calls `listener` with the picture on show, if any, and with each new version; returns the way to stop. */
export function watchMapPicture(listener: (picture: MapBitmap) => void): () => void {
  versionListeners.add(listener);
  if (current) listener(current);
  return () => versionListeners.delete(listener);
}

/** For tests: a picture shown as if the worker had reported it. */
export const showMapPictureForTest = shown;
