/**
 * The main thread's one copy of the map picture: the worker transfers each version's pixels once, and this
 * turns them into an ImageBitmap (decoded off the main thread by the browser) for the canvas to draw.
 */
import { useSyncExternalStore } from 'react';
import type { CoreActions } from '../../src/bridge/actions';
import type { MapPixels } from '../../worker/api';

export interface MapBitmap {
  version: number;
  width: number;
  height: number;
  bitmap: ImageBitmap;
}

let current: MapBitmap | null = null;
let subscribed = false;
const listeners = new Set<() => void>();

function received(pixels: MapPixels): void {
  const data = new ImageData(new Uint8ClampedArray(pixels.rgba.buffer as ArrayBuffer), pixels.width, pixels.height);
  void createImageBitmap(data).then((bitmap) => {
    // A slower conversion of an older version must not replace a newer one.
    if (current && current.version > pixels.version) return bitmap.close();
    current?.bitmap.close();
    current = { version: pixels.version, width: pixels.width, height: pixels.height, bitmap };
    for (const l of listeners) l();
  });
}

/** Subscribes to the worker's map pixels once per page load (the worker keeps one listener). */
function ensureSubscribed(actions: CoreActions): void {
  if (subscribed || !actions.subscribeMap) return;
  subscribed = true;
  actions.subscribeMap(received);
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The latest map picture, re-rendering when a new version is ready. */
export function useMapBitmap(actions: CoreActions): MapBitmap | null {
  ensureSubscribed(actions);
  return useSyncExternalStore(subscribe, () => current);
}
