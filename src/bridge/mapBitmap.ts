/**
 * The map picture's surface: one canvas per source of pictures (the live worker, or the replay page's worker)
 * whose control goes to that worker (transferControlToOffscreen). The worker decodes each map version, makes
 * its ImageBitmap and puts it on the surface with a 'bitmaprenderer' context (worker/mapSurface.ts); the
 * compositor takes the surface's frames from the worker and shows the canvas in its own layer, scaled by the
 * view's CSS transform. So neither a new version nor panning and pinching rasterise or copy the picture on the
 * main thread, which only learns the version and the size.
 *
 * The canvas moves into whichever map view of its source is mounted: its picture lives in the worker's
 * context, which a new canvas would not have. A source is known by its `CoreActions` (the live app's, or the
 * replayed screen's): the replay page shows the replayed kiosk's map beside a live app that may have handed
 * its own canvas to the live worker already.
 */
import { useSyncExternalStore } from 'react';
import type { CoreActions } from './actions';
import type { MapPicture } from '../../worker/api';

/** The picture on show: its version and size (its pixels are the surface's). */
export type MapBitmap = MapPicture;

/** The pictures of one worker: its canvas, the picture on show, and who follows them. */
export class MapPictureSource {
  private current: MapBitmap | null = null;
  /** The picture's size; a new object only when the size changes (a live map grows in place). */
  private size: { width: number; height: number } | null = null;
  private canvas: HTMLCanvasElement | null = null;
  private subscribed = false;
  private readonly sizeListeners = new Set<() => void>();
  private readonly versionListeners = new Set<(picture: MapBitmap) => void>();

  constructor(private readonly actions: CoreActions) {}

  /** The canvas that shows the picture (image pixels as CSS pixels; the view's layer transform scales it). */
  surface(): HTMLCanvasElement {
    if (!this.canvas) {
      this.canvas = document.createElement('canvas');
      this.canvas.className = 'map-picture';
      // No size until a picture is on it (the default 300 x 150 would be a blank box over the map).
      this.canvas.style.width = '0px';
      this.canvas.style.height = '0px';
    }
    return this.canvas;
  }

  /** A picture the worker has put on the surface. */
  readonly shown = (picture: MapPicture): void => {
    // The worker reports versions in order (it drops a late older one), so the newest report is the one on show.
    this.current = picture;
    for (const l of this.versionListeners) l(picture);
    if (this.size && this.size.width === picture.width && this.size.height === picture.height) return;
    const canvas = this.surface();
    canvas.style.width = `${picture.width}px`;
    canvas.style.height = `${picture.height}px`;
    this.size = { width: picture.width, height: picture.height };
    for (const l of this.sizeListeners) l();
  };

  /**
   * Hands the surface to the worker once (the worker keeps one listener). Where a canvas cannot be handed over
   * (jsdom), there is no picture and nothing else changes.
   */
  ensureSubscribed(): void {
    if (this.subscribed || !this.actions.subscribeMap) return;
    const canvas = this.surface();
    if (typeof canvas.transferControlToOffscreen !== 'function') return;
    this.subscribed = true;
    this.actions.subscribeMap(this.shown, canvas.transferControlToOffscreen());
  }

  readonly subscribeSize = (l: () => void): (() => void) => {
    this.sizeListeners.add(l);
    return () => this.sizeListeners.delete(l);
  };

  readonly getSize = () => this.size;

  /** Calls `listener` with the picture on show, if any, and with each new version; returns the way to stop. */
  watch(listener: (picture: MapBitmap) => void): () => void {
    this.versionListeners.add(listener);
    if (this.current) listener(this.current);
    return () => this.versionListeners.delete(listener);
  }
}

const sources = new WeakMap<CoreActions, MapPictureSource>();

/** The picture source of the worker behind `actions` (one per actions object, made on first use). */
export function pictureSource(actions: CoreActions): MapPictureSource {
  let source = sources.get(actions);
  if (!source) {
    source = new MapPictureSource(actions);
    sources.set(actions, source);
  }
  return source;
}

/**
 * The size of the map picture on show (null before the first), re-rendering only when it changes: a new
 * version of the same size changes nothing the page renders (its pixels are the surface's).
 */
export function useMapPictureSize(source: MapPictureSource): { width: number; height: number } | null {
  source.ensureSubscribed();
  return useSyncExternalStore(source.subscribeSize, source.getSize);
}
