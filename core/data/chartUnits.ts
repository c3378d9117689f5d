/** How the diagnostic chart states its values: metres or kilometres, hours and minutes. Pure. */

/** Distances of a month whose biggest day reaches a kilometre are shown in kilometres. */
export function distanceUnit(maxMetres: number): 'm' | 'km' {
  return maxMetres >= 1000 ? 'km' : 'm';
}

/** Hour ticks every 3600 s up to the first whole hour at or above `maxSeconds` (at least one hour). */
export function hourTicks(maxSeconds: number): number[] {
  const hours = Math.max(1, Math.ceil(maxSeconds / 3600));
  return Array.from({ length: hours + 1 }, (_, i) => i * 3600);
}

/** Seconds as whole hours and minutes. */
export function hoursMinutes(seconds: number): { hours: number; minutes: number } {
  const total = Math.round(Math.max(0, seconds) / 60);
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}
