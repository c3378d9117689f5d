import { describe, expect, it } from 'vitest';
import { zoneInMetres } from '../../core/map/zoneMetres';

describe('a no-go zone in metres', () => {
  it('gives its size and its centre in the map frame, to a tenth (rows count from the top)', () => {
    // The simulator's floor: 800 x 500 px, 0.05 m/px, origin (-1.2, -2).
    const frame = { origin: { x: -1.2, y: -2 }, resolution: 0.05, height: 500 };
    expect(zoneInMetres({ x: 560, y: 210, width: 60, height: 30 }, frame)).toEqual({ x: 28.3, y: 11.8, width: 3, height: 1.5 });
    expect(zoneInMetres({ x: 0, y: 499, width: 1, height: 1 }, frame)).toEqual({ x: -1.2, y: -2, width: 0.1, height: 0.1 });
  });
});
