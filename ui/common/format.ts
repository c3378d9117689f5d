/**
 * Every number, unit, date and plural the pages show, formatted with Intl for the page's language, in one
 * place: so Italian reads "87,3 m" and "24 novembre" everywhere and English "87.3 m" and "24 November".
 * Not for the first screen's top-bar clock, which keeps to the locale tables (clockText.ts): the first Intl
 * format of a page loads the ICU data, which would delay the first screen.
 */
import { useMemo } from 'react';
import { wallClock } from '../../core/time';
import { useLanguage, type Language } from '../../src/i18n';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

/** A plain number with at most (and, if `fixed`, exactly) `digits` decimals: 0.5 -> "0,5" in Italian. */
export function formatNumber(lang: Language, value: number, digits = 1, fixed = false): string {
  return cached(`n|${lang}|${digits}|${fixed}`, () =>
    new Intl.NumberFormat(lang, { minimumFractionDigits: fixed ? digits : 0, maximumFractionDigits: digits }),
  ).format(value);
}

export type Unit = 'meter' | 'kilometer' | 'hour' | 'minute' | 'second' | 'degree' | 'percent' | 'meter-per-second';

/** A number with its unit, abbreviated as the language writes it: "87,3 m", "2 h", "45°". */
export function formatUnit(lang: Language, value: number, unit: Unit, digits = 1, fixed = false): string {
  if (unit === 'percent') return formatPercent(lang, value / 100, digits);
  return cached(`u|${lang}|${unit}|${digits}|${fixed}`, () =>
    new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'short', minimumFractionDigits: fixed ? digits : 0, maximumFractionDigits: digits }),
  ).format(value);
}

/** A fraction as a percentage: 0.87 -> "87%" (English) or "87%" (Italian, as Intl writes it). */
export function formatPercent(lang: Language, fraction: number, digits = 0): string {
  return cached(`p|${lang}|${digits}`, () => new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: digits })).format(fraction);
}

/** The plural category of `n` in the language ('one' or 'other' for English and Italian), for choosing a key. */
export function pluralOf(lang: Language, n: number): Intl.LDMLPluralRule {
  return cached(`r|${lang}`, () => new Intl.PluralRules(lang)).select(n);
}

const DATE_OPTIONS: Record<'long' | 'day' | 'short' | 'monthYear' | 'dateTime' | 'time', Intl.DateTimeFormatOptions> = {
  long: { year: 'numeric', month: 'long', day: 'numeric' },
  day: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' },
  short: { day: 'numeric', month: 'short' },
  monthYear: { year: 'numeric', month: 'long' },
  dateTime: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
};

/**
 * A moment as the kiosk's local wall clock reads it (the core's zone offset, so a replay shows what its kiosk
 * showed), in one of the shapes above.
 */
export function formatDate(lang: Language, epochMs: number, tzOffsetMinutes: number, shape: keyof typeof DATE_OPTIONS = 'long'): string {
  const w = wallClock(epochMs, tzOffsetMinutes);
  const asUtc = Date.UTC(w.year, w.month, w.day, w.hour, w.minute, w.second);
  return cached(`d|${lang}|${shape}`, () => new Intl.DateTimeFormat(lang, { ...DATE_OPTIONS[shape], timeZone: 'UTC' })).format(asUtc);
}

export const formatDateTime = (lang: Language, epochMs: number, tzOffsetMinutes: number) => formatDate(lang, epochMs, tzOffsetMinutes, 'dateTime');

/** A calendar day (month 1-12), as a date: "November 22, 2026", "22 novembre 2026". */
export function formatDay(lang: Language, year: number, month: number, day: number, shape: 'long' | 'short' = 'long'): string {
  return cached(`d|${lang}|${shape}`, () => new Intl.DateTimeFormat(lang, { ...DATE_OPTIONS[shape], timeZone: 'UTC' })).format(Date.UTC(year, month - 1, day));
}

/** A month (1-12) of a year, "November 2026", "novembre 2026"; or the month alone without a year. */
export function formatMonth(lang: Language, month: number, year?: number): string {
  const shape = year === undefined ? 'monthAlone' : 'monthYear';
  return cached(`d|${lang}|${shape}`, () =>
    new Intl.DateTimeFormat(lang, { ...(year === undefined ? { month: 'long' } : DATE_OPTIONS.monthYear), timeZone: 'UTC' }),
  ).format(Date.UTC(year ?? 2000, month - 1, 1));
}

/** The formatters for the page's language, for a component. */
export function useFormat() {
  const lang = useLanguage();
  return useMemo(
    () => ({
      lang,
      number: (value: number, digits = 1, fixed = false) => formatNumber(lang, value, digits, fixed),
      percent: (fraction: number, digits = 0) => formatPercent(lang, fraction, digits),
      unit: (value: number, unit: Unit, digits = 1, fixed = false) => formatUnit(lang, value, unit, digits, fixed),
      date: (epochMs: number, tzOffsetMinutes: number, shape: keyof typeof DATE_OPTIONS = 'long') => formatDate(lang, epochMs, tzOffsetMinutes, shape),
      day: (year: number, month: number, day: number, shape: 'long' | 'short' = 'long') => formatDay(lang, year, month, day, shape),
      month: (month: number, year?: number) => formatMonth(lang, month, year),
      plural: (n: number) => pluralOf(lang, n),
    }),
    [lang],
  );
}
