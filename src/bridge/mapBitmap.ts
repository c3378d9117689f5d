/**
 * The map picture's surface: one set of canvases per source of pictures (the live app's map worker, reached
 * through the core's worker, or the replay page's worker), one canvas per picture level (levelCanvases.ts),
 * whose control goes to that worker (transferControlToOffscreen). The worker decodes each map version, makes its
 * ImageBitmaps and puts them on the surfaces with 'bitmaprenderer' contexts (worker/mapSurface.ts); the
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
import { LevelCanvases } from './levelCanvases';

/** The picture on show: its version and size (its pixels are the surface's). */
export type MapBitmap = MapPicture;

/** The pictures of one worker: its canvas, the picture on show, and who follows them. */
export class MapPictureSource {
  private current: MapBitmap | null = null;
  /** The picture's size; a new object only when the size changes (a live map grows in place). */
  private size: { width: number; height: number } | null = null;
  private canvases: LevelCanvases | null = null;
  private subscribed = false;
  private readonly sizeListeners = new Set<() => void>();
  private readonly versionListeners = new Set<(picture: MapBitmap) => void>();

  constructor(private readonly actions: CoreActions) {}

  /** The picture's canvases, one per level (image pixels as CSS pixels; the view's layer transform scales them). */
  private levels(): LevelCanvases {
    return (this.canvases ??= new LevelCanvases());
  }

  /** The element that shows the picture. */
  surface(): HTMLElement {
    return this.levels().element;
  }

  /** Shows the picture's level for `scale` screen pixels per image pixel (levelCanvases.ts). */
  showLevel(scale: number): void {
    this.levels().show(scale);
  }

  /** A picture the worker has put on the surface. */
  readonly shown = (picture: MapPicture): void => {
    // The worker reports versions in order (it drops a late older one), so the newest report is the one on show.
    this.current = picture;
    for (const l of this.versionListeners) l(picture);
    if (this.size && this.size.width === picture.width && this.size.height === picture.height) return;
    this.levels().resize(picture.width, picture.height);
    this.size = { width: picture.width, height: picture.height };
    for (const l of this.sizeListeners) l();
  };

  /**
   * Hands the surface to the worker once (the worker keeps one listener). Where a canvas cannot be handed over
   * (jsdom), there is no picture and nothing else changes.
   */
  ensureSubscribed(): void {
    if (this.subscribed || !this.actions.subscribeMap) return;
    const surfaces = this.levels().transfer();
    if (!surfaces) return;
    this.subscribed = true;
    this.actions.subscribeMap(this.shown, surfaces);
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
