/** The replay's step from marker to marker (core/log/timeline.ts `markerNear`). */
import { describe, expect, it } from 'vitest';
import { markerNear } from '../../core/log/timeline';

describe('markerNear', () => {
  const times = [100, 200, 200, 350];

  it('finds the nearest marker strictly after or before a moment', () => {
    expect(markerNear(times, 150, 1)).toBe(200);
    expect(markerNear(times, 200, 1)).toBe(350);
    expect(markerNear(times, 200, -1)).toBe(100);
    expect(markerNear(times, 351, -1)).toBe(350);
    expect(markerNear(times, 0, 1)).toBe(100);
  });

  it('answers null past the last marker, before the first, and with none', () => {
    expect(markerNear(times, 350, 1)).toBeNull();
    expect(markerNear(times, 100, -1)).toBeNull();
    expect(markerNear([], 5, 1)).toBeNull();
  });

  it('takes the nearest whatever the order the markers were found in (a clock that stepped back)', () => {
    expect(markerNear([500, 100, 300], 200, 1)).toBe(300);
    expect(markerNear([500, 100, 300], 400, -1)).toBe(300);
  });
});
