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
 * A function that shows the pictures it is given on `surface`, then tells `onShown` the version and size of each
 * it showed. One picture is made at a time (createImageBitmap of 4096 x 4096 px holds 64 MB of pixels and as
 * much again of bitmap until it is shown), and of the pictures given meanwhile only the newest waits: on a busy
 * machine, where making a picture can take longer than the second between map updates, the versions in between
 * are skipped instead of piling up, so memory stays at two pictures however far behind it falls.
 */
export function surfaceShower(surface: OffscreenCanvas, onShown: (picture: MapPicture) => void): (pixels: SurfacePixels) => void {
  const renderer = surface.getContext('bitmaprenderer');
  let shown = 0;
  let making = false;
  let waiting: SurfacePixels | null = null;
  const makeNext = async (): Promise<void> => {
    making = true;
    for (let pixels = waiting; pixels; pixels = waiting) {
      waiting = null;
      let bitmap: ImageBitmap;
      try {
        const data = new ImageData(new Uint8ClampedArray(pixels.rgba.buffer as ArrayBuffer), pixels.width, pixels.height);
        bitmap = await createImageBitmap(data);
      } catch {
        continue; // No picture of this version (out of memory, a zero size): the next one tries again.
      }
      if (!renderer || pixels.version < shown) {
        bitmap.close();
        continue;
      }
      shown = pixels.version;
      if (surface.width !== bitmap.width || surface.height !== bitmap.height) {
        surface.width = bitmap.width;
        surface.height = bitmap.height;
      }
      renderer.transferFromImageBitmap(bitmap);
      onShown({ version: pixels.version, width: pixels.width, height: pixels.height });
    }
    making = false;
  };
  return (pixels) => {
    waiting = pixels;
    if (!making) void makeNext();
  };
}
