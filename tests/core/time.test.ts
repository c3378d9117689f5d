import { describe, expect, it } from 'vitest';
import { atWallTime, formatLocalDateTime, wallClock } from '../../core/time';

describe('calendar arithmetic on explicit zone offsets', () => {
  const at = Date.UTC(2026, 10, 22, 23, 30, 0);

  it('reads the wall clock of a zone', () => {
    expect(wallClock(at, -60)).toEqual({ year: 2026, month: 10, day: 23, weekday: 1, hour: 0, minute: 30, second: 0 });
    expect(formatLocalDateTime(at, 300)).toEqual({ date: '2026-11-22', time: '18:30' });
  });

  it('sets a wall time on the same local day', () => {
    expect(atWallTime(at, -60, 9, 5)).toBe(Date.UTC(2026, 10, 23, 8, 5, 0));
  });
});
