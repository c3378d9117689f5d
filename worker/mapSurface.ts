/// <reference lib="webworker" />
/**
 * Puts map pictures on the surface a page handed over (an OffscreenCanvas with a 'bitmaprenderer' context),
 * for the live worker and the replay worker alike. The picture is made and shown from the worker:
 * createImageBitmap costs 15-60 ms for 2000 x 2000 px on the thread that calls it, and the surface's frames go
 * from the worker to the compositor, so neither a new version nor its upload touches the main thread.
 */
import type { MapPicture } from './api';

/** Pixels of one picture to show: `version` grows with each picture sent. */
export interface SurfacePixels {
  version: number;
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
}

/**
 * A function that shows each picture it is given on `surface`, then tells `onShown` its version and size.
 * Pictures are made asynchronously: an older version finishing late never replaces a newer one.
 */
export function surfaceShower(surface: OffscreenCanvas, onShown: (picture: MapPicture) => void): (pixels: SurfacePixels) => void {
  const renderer = surface.getContext('bitmaprenderer');
  let shown = 0;
  return (pixels) => {
    const data = new ImageData(new Uint8ClampedArray(pixels.rgba.buffer as ArrayBuffer), pixels.width, pixels.height);
    void createImageBitmap(data).then((bitmap) => {
      if (!renderer || pixels.version < shown) return bitmap.close();
      shown = pixels.version;
      if (surface.width !== bitmap.width || surface.height !== bitmap.height) {
        surface.width = bitmap.width;
        surface.height = bitmap.height;
      }
      renderer.transferFromImageBitmap(bitmap);
      onShown({ version: pixels.version, width: pixels.width, height: pixels.height });
    });
  };
}
