/**
 * The top-bar clock's texts, from the locale tables rather than Intl: the first Intl date format in a page
 * loads the ICU data (about 30 ms on the kiosk's class of machine), which would delay the first screen.
 * Local time, 24-hour, as a workplace clock reads.
 */
import type { Translate } from '../../src/i18n';
import { wallClock } from '../../core/time';

const two = (n: number) => String(n).padStart(2, '0');

/** `tzOffsetMinutes` is the core's (stamped at start), so a replayed log shows the clock its kiosk showed. */
export function clockText(now: number, tzOffsetMinutes: number, t: Translate): { date: string; time: string } {
  const w = wallClock(now, tzOffsetMinutes);
  return {
    date: t('clock.date', { weekday: t(`clock.day.${w.weekday}`), day: w.day, month: t(`clock.month.${w.month}`) }),
    time: `${two(w.hour)}:${two(w.minute)}:${two(w.second)}`,
  };
}
