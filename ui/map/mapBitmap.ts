/**
 * The main thread's one copy of the map picture. The worker makes an ImageBitmap of each map version and
 * transfers it here once; it goes straight into a 'bitmaprenderer' canvas (transferFromImageBitmap: no copy,
 * no drawing on this thread). The compositor shows that canvas in its own layer, scaled by a CSS transform,
 * so neither a new version nor panning and pinching rasterise the picture on the main thread.
 *
 * The canvas is one element for the page's lifetime, moved into whichever map view is mounted: the bitmap it
 * took is consumed, so a view mounted later could not get it again.
 */
import { useSyncExternalStore } from 'react';
import type { CoreActions } from '../../src/bridge/actions';
import type { MapPicture } from '../../worker/api';

/** What the view needs to know of the picture on show (its pixels stay in the surface canvas). */
export interface MapBitmap {
  version: number;
  width: number;
  height: number;
}

let current: MapBitmap | null = null;
let surface: { canvas: HTMLCanvasElement; renderer: ImageBitmapRenderingContext | null } | null = null;
let subscribed = false;
const listeners = new Set<() => void>();

/** The canvas that shows the picture (image pixels as CSS pixels; the view's layer transform scales it). */
export function mapSurface(): HTMLCanvasElement {
  if (!surface) {
    const canvas = document.createElement('canvas');
    canvas.className = 'map-picture';
    canvas.width = 0;
    canvas.height = 0;
    // Absent where canvases are not implemented (jsdom): the view then shows no picture, and nothing breaks.
    let renderer: ImageBitmapRenderingContext | null = null;
    try {
      renderer = canvas.getContext('bitmaprenderer');
    } catch {
      renderer = null;
    }
    surface = { canvas, renderer };
  }
  return surface.canvas;
}

function received(picture: MapPicture): void {
  // Pictures are made asynchronously in the worker: an older version arriving late must not replace a newer one.
  if (current && current.version > picture.version) return picture.bitmap.close();
  const canvas = mapSurface();
  const renderer = surface?.renderer;
  if (canvas.width !== picture.width || canvas.height !== picture.height) {
    canvas.width = picture.width;
    canvas.height = picture.height;
    canvas.style.width = `${picture.width}px`;
    canvas.style.height = `${picture.height}px`;
  }
  // The canvas takes the bitmap over (it is detached after this): nothing left to close.
  if (renderer) renderer.transferFromImageBitmap(picture.bitmap);
  else picture.bitmap.close();
  current = { version: picture.version, width: picture.width, height: picture.height };
  for (const l of listeners) l();
}

/** Subscribes to the worker's map pictures once per page load (the worker keeps one listener). */
function ensureSubscribed(actions: CoreActions): void {
  if (subscribed || !actions.subscribeMap) return;
  subscribed = true;
  actions.subscribeMap(received);
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The latest map picture's version and size, re-rendering when a new version is on show. */
export function useMapBitmap(actions: CoreActions): MapBitmap | null {
  ensureSubscribed(actions);
  return useSyncExternalStore(subscribe, () => current);
}
