/** Calendar arithmetic on explicit offsets (the core never reads the machine's clock or zone). Pure. */

/** Wall-clock fields of `epochMs` in the zone whose offset is `tzOffsetMinutes` (UTC minus local, as Date gives). */
export interface WallClock {
  year: number;
  /** 0-11 */
  month: number;
  day: number;
  /** 0 (Sunday) - 6 */
  weekday: number;
  hour: number;
  minute: number;
  second: number;
}

export function wallClock(epochMs: number, tzOffsetMinutes: number): WallClock {
  const local = new Date(epochMs - tzOffsetMinutes * 60_000);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth(),
    day: local.getUTCDate(),
    weekday: local.getUTCDay(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/** The same day as `epochMs` in that zone, at `hour`:`minute`:00. */
export function atWallTime(epochMs: number, tzOffsetMinutes: number, hour: number, minute: number): number {
  const offset = tzOffsetMinutes * 60_000;
  const local = new Date(epochMs - offset);
  local.setUTCHours(hour, minute, 0, 0);
  return local.getTime() + offset;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local date `YYYY-MM-DD` and time `HH:MM` of `epochMs`, given the zone offset in minutes (UTC - local). */
export function formatLocalDateTime(epochMs: number, tzOffsetMinutes: number): { date: string; time: string } {
  const w = wallClock(epochMs, tzOffsetMinutes);
  return { date: `${w.year}-${pad(w.month + 1)}-${pad(w.day)}`, time: `${pad(w.hour)}:${pad(w.minute)}` };
}
