/**
 * The top-bar clock's texts, from the locale tables rather than Intl: the first Intl date format in a page
 * loads the ICU data (about 30 ms on the kiosk's class of machine), which would delay the first screen.
 * Local time, 24-hour, as a workplace clock reads.
 */
import type { Translate } from '../../src/i18n';

const two = (n: number) => String(n).padStart(2, '0');

export function clockText(now: number, t: Translate): { date: string; time: string } {
  const d = new Date(now);
  return {
    date: t('clock.date', { weekday: t(`clock.day.${d.getDay()}`), day: d.getDate(), month: t(`clock.month.${d.getMonth()}`) }),
    time: `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`,
  };
}
