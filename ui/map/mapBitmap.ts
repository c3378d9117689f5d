/**
 * The main thread's one copy of the map picture: the worker makes an ImageBitmap of each map version and
 * transfers it here once; the canvas only draws it.
 */
import { useSyncExternalStore } from 'react';
import type { CoreActions } from '../../src/bridge/actions';
import type { MapPicture } from '../../worker/api';

export type MapBitmap = MapPicture;

let current: MapBitmap | null = null;
/** The picture before: a frame may still draw it until React hands the canvas the new one; closed a version later. */
let previous: MapBitmap | null = null;
let subscribed = false;
const listeners = new Set<() => void>();

function received(picture: MapPicture): void {
  // Pictures are made asynchronously in the worker: an older version arriving late must not replace a newer one.
  if (current && current.version > picture.version) return close(picture);
  if (previous) close(previous);
  previous = current;
  current = picture;
  for (const l of listeners) l();
}

function close(p: MapPicture): void {
  p.bitmap.close();
  if (p.preview !== p.bitmap) p.preview.close();
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

/** The latest map picture, re-rendering when a new version is ready. */
export function useMapBitmap(actions: CoreActions): MapBitmap | null {
  ensureSubscribed(actions);
  return useSyncExternalStore(subscribe, () => current);
}
