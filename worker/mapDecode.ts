/**
 * Decoding a map image once per version, in the worker: base64 PNG to the grey occupancy grid the core
 * hit-tests on, and the RGBA pixels the main thread draws. Works in a worker and in Node (tests, replay).
 */
import { decode } from 'fast-png';
import type { OccupancyGrid } from '../core/map/grid';

/** A decoded map image: the grid for the core and the pixels to draw. */
export interface DecodedMap {
  grid: OccupancyGrid;
  /** width * height * 4 bytes, opaque: ready for `new ImageData`. */
  rgba: Uint8ClampedArray;
}

function base64ToBytes(b64: string): Uint8Array {
  if (typeof atob === 'function') {
    const bin = atob(b64);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }
  return new Uint8Array(Buffer.from(b64, 'base64'));
}

/**
 * Decodes a base64 PNG of any channel layout to grey levels: a colour pixel counts by its mean (map_server
 * does the same), and a transparent one as unknown (205), never as free. Throws on a broken PNG.
 */
export function decodeMapPng(base64: string): DecodedMap {
  const img = decode(base64ToBytes(base64));
  const { width, height } = img;
  const ch = img.channels;
  const src = img.data;
  // 16-bit images are scaled down to 8 bits.
  const scale = img.depth === 16 ? 1 / 257 : 1;
  const hasAlpha = ch === 2 || ch === 4;
  const colours = hasAlpha ? ch - 1 : ch;
  const n = width * height;
  const grey = new Uint8Array(n);
  const rgba = new Uint8ClampedArray(n * 4);
  if (img.palette) throw new Error('indexed-colour map images are not supported');
  for (let i = 0; i < n; i++) {
    const o = i * ch;
    let v = 0;
    for (let c = 0; c < colours; c++) v += Number(src[o + c]);
    v = (v / colours) * scale;
    if (hasAlpha && Number(src[o + ch - 1]) * scale < 128) v = 205;
    const g = Math.round(v);
    grey[i] = g;
    const q = i * 4;
    rgba[q] = g;
    rgba[q + 1] = g;
    rgba[q + 2] = g;
    rgba[q + 3] = 255;
  }
  return { grid: { width, height, data: grey }, rgba };
}
