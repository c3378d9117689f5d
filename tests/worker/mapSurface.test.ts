/**
 * worker/mapSurface.ts: one picture made at a time, and of those given meanwhile only the newest waits, so a
 * busy worker skips versions instead of holding a 64 MB picture per update it is behind.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { surfaceShower, type SurfacePixels } from '../../worker/mapSurface';

/** createImageBitmap calls, resolved by the test. */
let pending: { width: number; resolve(b: unknown): void; reject(e: Error): void }[] = [];

beforeEach(() => {
  pending = [];
  vi.stubGlobal(
    'ImageData',
    class {
      constructor(
        readonly data: Uint8ClampedArray,
        readonly width: number,
        readonly height: number,
      ) {}
    },
  );
  vi.stubGlobal('createImageBitmap', (data: { width: number; height: number }) => {
    return new Promise((resolve, reject) => pending.push({ width: data.width, resolve: () => resolve({ width: data.width, height: data.height, close: vi.fn() }), reject }));
  });
});
afterEach(() => vi.unstubAllGlobals());

const pixels = (version: number, size = 2): SurfacePixels => ({ version, width: size, height: size, rgba: new Uint8ClampedArray(size * size * 4) });
const settle = () => new Promise((r) => setTimeout(r, 0));

function surface() {
  const transferred: unknown[] = [];
  const canvas = { width: 0, height: 0, getContext: () => ({ transferFromImageBitmap: (b: unknown) => transferred.push(b) }) };
  return { canvas: canvas as unknown as OffscreenCanvas, transferred };
}

describe('surfaceShower', () => {
  it('makes one picture at a time and skips to the newest given meanwhile', async () => {
    const { canvas, transferred } = surface();
    const shown: number[] = [];
    const show = surfaceShower(canvas, (p) => shown.push(p.version));
    show(pixels(1));
    for (let v = 2; v <= 6; v++) show(pixels(v, 2 + v));
    expect(pending).toHaveLength(1);
    pending.shift()!.resolve(null);
    await settle();
    expect(shown).toEqual([1]);
    // Only the newest of 2-6 is made next.
    expect(pending.map((p) => p.width)).toEqual([8]);
    pending.shift()!.resolve(null);
    await settle();
    expect(shown).toEqual([1, 6]);
    expect(transferred).toHaveLength(2);
    expect(canvas.width).toBe(8);
    expect(pending).toHaveLength(0);
    // Idle again: the next picture starts at once.
    show(pixels(7));
    expect(pending).toHaveLength(1);
  });

  it('goes on with the next picture when one cannot be made', async () => {
    const { canvas } = surface();
    const shown: number[] = [];
    const show = surfaceShower(canvas, (p) => shown.push(p.version));
    show(pixels(1));
    show(pixels(2));
    pending.shift()!.reject(new Error('out of memory'));
    await settle();
    expect(pending).toHaveLength(1);
    pending.shift()!.resolve(null);
    await settle();
    expect(shown).toEqual([2]);
  });
});
