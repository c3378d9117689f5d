/// <reference lib="webworker" />
/**
 * Puts map pictures on the surfaces a page handed over (OffscreenCanvases with a 'bitmaprenderer' context, one
 * per picture level: core/map/pictureLevels.ts), for the live app's map worker and the replay worker alike. The
 * picture is made and shown from the worker: createImageBitmap costs 15-60 ms for 2000 x 2000 px on the thread
 * that calls it, and the surfaces' frames go from the worker to the compositor, so neither a new version nor its
 * upload touches the main thread.
 */
import type { MapPicture } from './api';
import { minPool, pictureLevels } from '../core/map/pictureLevels';

/** One picture to show, as grey levels (the decoded grid, only read here): `version` grows with each picture sent. */
export interface SurfacePixels {
  version: number;
  width: number;
  height: number;
  grey: Uint8Array;
}

/**
 * A function that shows the pictures it is given on `surfaces` (level 0, the picture itself, on the first; each
 * next one half the size of the one before), then tells `onShown` the version and size of each it showed.
 *
 * Memory is flat by design: one picture is made at a time, and of the pictures given meanwhile only the newest
 * waits (on a busy machine, where making a picture can take longer than the second between map updates, the
 * versions in between are skipped instead of piling up); the RGBA and the pooled grey of each level are written
 * into buffers kept from one version to the next (a 4096 map's RGBA is 64 MB: a new one per version was garbage
 * the collector took seconds to return). What stays is those buffers and the bitmaps on show, about 4/3 of one
 * picture each, and the bitmaps of the one version being made.
 */
export function surfaceShower(surfaces: readonly OffscreenCanvas[], onShown: (picture: MapPicture) => void): (pixels: SurfacePixels) => void {
  const renderers = surfaces.map((s) => s.getContext('bitmaprenderer'));
  const buffers = new LevelBuffers();
  let shown = 0;
  let making = false;
  let waiting: SurfacePixels | null = null;

  /** The bitmaps of every level of one picture, finest first (each awaited before its buffer is written again). */
  const makeLevels = async (pixels: SurfacePixels): Promise<ImageBitmap[]> => {
    const sizes = pictureLevels(pixels.width, pixels.height, surfaces.length);
    const bitmaps: ImageBitmap[] = [];
    try {
      let grey = pixels.grey;
      for (let level = 0; level < sizes.length; level++) {
        const size = sizes[level]!;
        if (level > 0) {
          const finer = sizes[level - 1]!;
          grey = minPool(grey, finer.width, finer.height, buffers.grey(level, size.width * size.height));
        }
        const rgba = buffers.rgba(level, size.width * size.height * 4);
        greyToRgbaInto(grey, rgba);
        bitmaps.push(await createImageBitmap(new ImageData(rgba, size.width, size.height)));
      }
      return bitmaps;
    } catch (error) {
      for (const b of bitmaps) b.close();
      throw error;
    }
  };

  const makeNext = async (): Promise<void> => {
    making = true;
    for (let pixels = waiting; pixels; pixels = waiting) {
      waiting = null;
      let bitmaps: ImageBitmap[];
      try {
        bitmaps = await makeLevels(pixels);
      } catch {
        continue; // No picture of this version (out of memory, a zero size): the next one tries again.
      }
      if (renderers.some((r) => !r) || pixels.version < shown) {
        for (const b of bitmaps) b.close();
        continue;
      }
      shown = pixels.version;
      // Every level in the same task, so the compositor takes them in the same frame.
      bitmaps.forEach((bitmap, level) => {
        const surface = surfaces[level]!;
        if (surface.width !== bitmap.width || surface.height !== bitmap.height) {
          surface.width = bitmap.width;
          surface.height = bitmap.height;
        }
        renderers[level]!.transferFromImageBitmap(bitmap);
      });
      // A smaller map has fewer levels: the coarser surfaces let go of the last map's (the view shows none of them).
      for (let level = bitmaps.length; level < surfaces.length; level++) if (surfaces[level]!.width > 0) renderers[level]!.transferFromImageBitmap(null);
      onShown({ version: pixels.version, width: pixels.width, height: pixels.height });
    }
    making = false;
  };
  return (pixels) => {
    waiting = pixels;
    if (!making) void makeNext();
  };
}

/**
 * Per level, a grey and an RGBA buffer kept for the next version: grown when a picture needs more (a live map
 * grows as it is mapped), else a view of its start, so a map of the same or a smaller size allocates nothing.
 */
class LevelBuffers {
  private readonly greys: Uint8Array[] = [];
  private readonly rgbas: Uint8ClampedArray[] = [];

  grey(level: number, length: number): Uint8Array {
    let b = this.greys[level];
    if (!b || b.length < length) this.greys[level] = b = new Uint8Array(length);
    return b.subarray(0, length);
  }

  rgba(level: number, length: number): Uint8ClampedArray<ArrayBuffer> {
    let b = this.rgbas[level];
    if (!b || b.length < length) this.rgbas[level] = b = new Uint8ClampedArray(length);
    return b.subarray(0, length) as Uint8ClampedArray<ArrayBuffer>;
  }
}

/** Opaque RGBA from grey levels, written into `out` (4 bytes a pixel) a 32-bit word at a time. */
export function greyToRgbaInto(grey: Uint8Array, out: Uint8ClampedArray): void {
  const words = new Uint32Array(out.buffer, out.byteOffset, grey.length);
  // The bytes of a word are R, G, B, A in memory on a little-endian machine (every kiosk and browser here).
  for (let i = 0; i < grey.length; i++) {
    const g = grey[i] as number;
    words[i] = 0xff000000 | (g << 16) | (g << 8) | g;
  }
}
