/** core/map/pictureLevels.ts: the picture's halved levels keep walls and unknown space, and which level a zoom shows. */
import { describe, expect, it } from 'vitest';
import { levelForScale, minPool, pictureLevels } from '../../core/map/pictureLevels';

const FREE = 254;
const UNKNOWN = 205;
const WALL = 0;

/** A grey picture from rows of levels. */
const picture = (rows: number[][]) => ({ width: rows[0]!.length, height: rows.length, data: Uint8Array.from(rows.flat()) });

/** Every level of a picture, level 0 first, by repeated pooling. */
function levels(p: { width: number; height: number; data: Uint8Array }): Uint8Array[] {
  const sizes = pictureLevels(p.width, p.height, 8);
  const out = [p.data];
  for (let l = 1; l < sizes.length; l++) out.push(minPool(out[l - 1]!, sizes[l - 1]!.width, sizes[l - 1]!.height));
  return out;
}

describe('minPool', () => {
  it('takes the darkest grey of each 2 x 2 block: occupied over unknown over free', () => {
    const p = picture([
      [FREE, FREE, FREE, UNKNOWN, FREE, FREE],
      [FREE, WALL, FREE, FREE, FREE, FREE],
      [UNKNOWN, FREE, 100, FREE, FREE, FREE],
      [FREE, FREE, FREE, WALL, UNKNOWN, FREE],
    ]);
    expect([...minPool(p.data, p.width, p.height)]).toEqual([WALL, UNKNOWN, FREE, UNKNOWN, WALL, UNKNOWN]);
  });

  it('pools the last row and column of an odd size from the pixels there are', () => {
    const p = picture([
      [FREE, FREE, WALL],
      [FREE, FREE, FREE],
      [FREE, UNKNOWN, FREE],
    ]);
    expect([...minPool(p.data, 3, 3)]).toEqual([FREE, WALL, UNKNOWN, FREE]);
  });

  it('writes into a reused buffer, longer than the level, and returns the level part of it', () => {
    const out = new Uint8Array(10).fill(7);
    const level = minPool(Uint8Array.from([FREE, WALL, FREE, FREE]), 2, 2, out);
    expect([...level]).toEqual([WALL]);
    expect(level.buffer).toBe(out.buffer);
    expect(out[1]).toBe(7);
  });

  it('keeps a wall one pixel thick, at any offset, down to the last level of a 4096 map', () => {
    const size = 4096;
    for (const offset of [0, 1, 5, 7, 8, 4095]) {
      const vertical = new Uint8Array(size * size).fill(FREE);
      for (let y = 0; y < size; y++) vertical[y * size + offset] = WALL;
      const all = levels({ width: size, height: size, data: vertical });
      expect(all).toHaveLength(4);
      const last = all[3]!;
      const side = size / 8;
      // Every row of the 512-pixel level has the wall in the column over the wall's pixel, and nowhere else.
      for (let y = 0; y < side; y += 37) {
        const row = last.subarray(y * side, (y + 1) * side);
        expect(row[Math.floor(offset / 8)], `offset ${offset}, row ${y}`).toBe(WALL);
        expect(row.filter((g) => g === WALL)).toHaveLength(1);
      }
    }
  });
});

describe('pictureLevels and levelForScale', () => {
  it('halves until a level is at most 512 px, four levels at most, rounding odd sizes up', () => {
    expect(pictureLevels(4096, 4096)).toEqual([
      { width: 4096, height: 4096 },
      { width: 2048, height: 2048 },
      { width: 1024, height: 1024 },
      { width: 512, height: 512 },
    ]);
    expect(pictureLevels(2001, 999)).toEqual([
      { width: 2001, height: 999 },
      { width: 1001, height: 500 },
      { width: 501, height: 250 },
    ]);
    expect(pictureLevels(8192, 8192)).toHaveLength(4);
    expect(pictureLevels(512, 300)).toEqual([{ width: 512, height: 300 }]);
  });

  it('shows the finest level with at least a screen pixel per level pixel, the picture itself zoomed in', () => {
    // A 4096 map fitted into the kiosk's views: 0.21-0.24 screen pixels per image pixel.
    expect(levelForScale(0.21, 4)).toBe(3);
    expect(levelForScale(0.24, 4)).toBe(3);
    expect(levelForScale(0.25, 4)).toBe(2);
    expect(levelForScale(0.5, 4)).toBe(1);
    expect(levelForScale(0.72, 4)).toBe(1);
    expect(levelForScale(1, 4)).toBe(0);
    expect(levelForScale(3, 4)).toBe(0);
    // Only as coarse as the levels there are.
    expect(levelForScale(0.1, 4)).toBe(3);
    expect(levelForScale(0.21, 2)).toBe(1);
    expect(levelForScale(0.21, 1)).toBe(0);
  });
});
