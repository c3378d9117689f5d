/** Calendar months of the report pages, in the kiosk's zone. Pure. */
import { wallClock } from '../time';

/** A calendar month: `month` is 1-12, as in the api paths. */
export interface Period {
  year: number;
  month: number;
}

/** The month `at` falls in, in the zone whose offset is `tzOffsetMinutes`. */
export function periodAt(at: number, tzOffsetMinutes: number): Period {
  const w = wallClock(at, tzOffsetMinutes);
  return { year: w.year, month: w.month + 1 };
}

/** The month `n` months before `p` (negative `n` goes forward). */
export function monthsBefore(p: Period, n: number): Period {
  const index = p.year * 12 + (p.month - 1) - n;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The diagnostic page's periods: the 12 months from `current` going back (spec 2.7). */
export function lastTwelveMonths(current: Period): Period[] {
  return Array.from({ length: 12 }, (_, i) => monthsBefore(current, i));
}

/** Whether two periods are the same month (false when either is missing). */
export function samePeriod(a: Period | null, b: Period | null): boolean {
  return a !== null && b !== null && a.year === b.year && a.month === b.month;
}

/** Whether a year and month from an intent are a real month (years as the back end accepts them). */
export function isPeriod(p: { year?: unknown; month?: unknown }): p is Period {
  return Number.isInteger(p.year) && Number.isInteger(p.month) && (p.month as number) >= 1 && (p.month as number) <= 12 && (p.year as number) >= 1970 && (p.year as number) <= 9999;
}

/** The api path segment of a period: `year/2026/month/11`. */
export function periodPath(p: Period): string {
  return `year/${p.year}/month/${p.month}`;
}
