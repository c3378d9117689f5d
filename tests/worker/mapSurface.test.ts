/**
 * worker/mapSurface.ts: one picture made at a time, and of those given meanwhile only the newest waits, so a
 * busy worker skips versions instead of holding a 64 MB picture per update it is behind; each level of the
 * picture on its own surface, its pixels written into buffers kept from one version to the next.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { surfaceShower, type SurfacePixels } from '../../worker/mapSurface';
import { MAX_LEVELS } from '../../core/map/pictureLevels';

/** createImageBitmap calls, resolved by the test. */
let pending: { width: number; height: number; data: Uint8ClampedArray; resolve(b: unknown): void; reject(e: Error): void }[] = [];

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
  vi.stubGlobal('createImageBitmap', (image: { width: number; height: number; data: Uint8ClampedArray }) => {
    const { width, height, data } = image;
    return new Promise((resolve, reject) => pending.push({ width, height, data, resolve: () => resolve({ width, height, close: vi.fn() }), reject }));
  });
});
afterEach(() => vi.unstubAllGlobals());

const pixels = (version: number, size = 2): SurfacePixels => ({ version, width: size, height: size, grey: new Uint8Array(size * size) });
const settle = () => new Promise((r) => setTimeout(r, 0));

/** One surface per level; `transferred` lists what each was given (null: let go). */
function surfaces() {
  const transferred: unknown[][] = [];
  const canvases = Array.from({ length: MAX_LEVELS }, (_, level) => {
    transferred.push([]);
    return { width: 0, height: 0, getContext: () => ({ transferFromImageBitmap: (b: unknown) => transferred[level]!.push(b) }) };
  });
  return { canvases: canvases as unknown as OffscreenCanvas[], transferred, canvas: canvases[0]! };
}

/** Resolves each bitmap asked for, level after level, until none is asked for. */
async function makeAll(): Promise<{ width: number; height: number; data: Uint8ClampedArray }[]> {
  const made = [];
  await settle();
  while (pending.length > 0) {
    const p = pending.shift()!;
    made.push({ width: p.width, height: p.height, data: p.data });
    p.resolve(null);
    await settle();
  }
  return made;
}

describe('surfaceShower', () => {
  it('makes one picture at a time and skips to the newest given meanwhile', async () => {
    const { canvases, canvas, transferred } = surfaces();
    const shown: number[] = [];
    const show = surfaceShower(canvases, (p) => shown.push(p.version));
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
    expect(transferred[0]).toHaveLength(2);
    expect(canvas.width).toBe(8);
    expect(pending).toHaveLength(0);
    // Idle again: the next picture starts at once.
    show(pixels(7));
    expect(pending).toHaveLength(1);
  });

  it('goes on with the next picture when one cannot be made', async () => {
    const { canvases } = surfaces();
    const shown: number[] = [];
    const show = surfaceShower(canvases, (p) => shown.push(p.version));
    show(pixels(1));
    show(pixels(2));
    pending.shift()!.reject(new Error('out of memory'));
    await settle();
    expect(pending).toHaveLength(1);
    pending.shift()!.resolve(null);
    await settle();
    expect(shown).toEqual([2]);
  });

  it('puts each level on its surface, the darkest pixel of each block kept, in buffers reused from version to version', async () => {
    const { canvases, transferred } = surfaces();
    const shown: number[] = [];
    const show = surfaceShower(canvases, (p) => shown.push(p.version));
    // 1030 px: levels of 1030, 515 and 258 px. A free floor with a wall one pixel thick in column 9.
    const size = 1030;
    const floor = (version: number): SurfacePixels => {
      const grey = new Uint8Array(size * size).fill(254);
      for (let y = 0; y < size; y++) grey[y * size + 9] = 0;
      return { version, width: size, height: size, grey };
    };
    show(floor(1));
    const first = await makeAll();
    expect(first.map((m) => [m.width, m.height])).toEqual([[1030, 1030], [515, 515], [258, 258]]);
    expect(shown).toEqual([1]);
    expect(transferred.map((t) => t.length)).toEqual([1, 1, 1, 0]);
    expect(canvases.map((c) => c.width)).toEqual([1030, 515, 258, 0]);
    // The wall in every level, in the column over its pixel (9, 4, 2), opaque black; free beside it opaque white-ish.
    for (const [level, column] of [[0, 9], [1, 4], [2, 2]] as const) {
      const { width, data } = first[level]!;
      const row = 100 * width * 4;
      expect([...data.subarray(row + column * 4, row + column * 4 + 4)], `level ${level}`).toEqual([0, 0, 0, 255]);
      expect([...data.subarray(row + (column + 1) * 4, row + (column + 1) * 4 + 4)], `level ${level}`).toEqual([254, 254, 254, 255]);
    }
    show(floor(2));
    const second = await makeAll();
    expect(shown).toEqual([1, 2]);
    // The same buffers again: a version allocates no pixels of its own.
    second.forEach((m, level) => expect(m.data.buffer, `level ${level}`).toBe(first[level]!.data.buffer));
    // A smaller map: one level, and the coarser surfaces let go of the last map's.
    show(pixels(3, 4));
    await makeAll();
    expect(shown).toEqual([1, 2, 3]);
    expect(transferred[0]!.at(-1)).not.toBeNull();
    expect(transferred[1]!.at(-1)).toBeNull();
    expect(transferred[2]!.at(-1)).toBeNull();
    expect(transferred[3]).toHaveLength(0);
  });
});
