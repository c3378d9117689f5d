/**
 * Decoding a map image: base64 PNG to the grey occupancy grid the core hit-tests on, and the RGBA pixels the
 * kiosk draws. Shared by the live worker (worker/mapImages.ts), the replay fold (core/map/logGrids.ts) and
 * Node, so a replayed tap reads the very pixels the live one did. Pure and deterministic (fast-png is plain JS).
 */
import { decode } from 'fast-png';
import type { OccupancyGrid } from './grid';
import { base64ToBytes } from './base64';

/** A decoded map image: the grid for the core and the pixels to draw. */
export interface DecodedMap {
  grid: OccupancyGrid;
  /** width * height * 4 bytes, opaque: ready for `new ImageData`. */
  rgba: Uint8ClampedArray;
}

/**
 * Decodes a base64 PNG of any channel layout to grey levels: a colour pixel counts by its mean (map_server
 * does the same), and a transparent one as unknown (205), never as free. Throws on a broken PNG.
 */
export function decodeMapPng(base64: string): DecodedMap {
  const { grid, rgba } = decodeGrey(base64, true);
  return { grid, rgba: rgba as Uint8ClampedArray }; // asked for, so made
}

/** Decodes only the grid, for hit-testing where nothing is drawn (a replay fold). Throws on a broken PNG. */
export function decodeMapGrid(base64: string): OccupancyGrid {
  return decodeGrey(base64, false).grid;
}

function decodeGrey(base64: string, withPixels: boolean): { grid: OccupancyGrid; rgba: Uint8ClampedArray | null } {
  const img = decode(base64ToBytes(base64));
  const { width, height } = img;
  const ch = img.channels;
  const src = img.data;
  // 16-bit images are scaled down to 8 bits.
  const scale = img.depth === 16 ? 1 / 257 : 1;
  const hasAlpha = ch === 2 || ch === 4;
  const colours = hasAlpha ? ch - 1 : ch;
  const n = width * height;
  if (img.palette) throw new Error('indexed-colour map images are not supported');
  // map_server's own images (8-bit grey) are their grid already: no pass and no copy (a 4096 map is 16 MB).
  if (ch === 1 && img.depth === 8 && src instanceof Uint8Array && src.length === n) {
    return { grid: { width, height, data: src }, rgba: withPixels ? greyToRgba(src) : null };
  }
  const grey = new Uint8Array(n);
  const rgba = withPixels ? new Uint8ClampedArray(n * 4) : null;
  for (let i = 0; i < n; i++) {
    const o = i * ch;
    let v = 0;
    for (let c = 0; c < colours; c++) v += Number(src[o + c]);
    v = (v / colours) * scale;
    if (hasAlpha && Number(src[o + ch - 1]) * scale < 128) v = 205;
    const g = Math.round(v);
    grey[i] = g;
    if (!rgba) continue;
    const q = i * 4;
    rgba[q] = g;
    rgba[q + 1] = g;
    rgba[q + 2] = g;
    rgba[q + 3] = 255;
  }
  return { grid: { width, height, data: grey }, rgba };
}

function greyToRgba(grey: Uint8Array): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(grey.length * 4);
  for (let i = 0; i < grey.length; i++) {
    const g = grey[i] as number;
    rgba[i * 4] = g;
    rgba[i * 4 + 1] = g;
    rgba[i * 4 + 2] = g;
    rgba[i * 4 + 3] = 255;
  }
  return rgba;
}
