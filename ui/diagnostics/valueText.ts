/** One day's value as text: metres or kilometres (as the month's chart), or hours and minutes. */
import { useCallback } from 'react';
import { useT } from '../../src/i18n';
import { useFormat } from '../common/format';
import type { DiagnosticView } from '../../core/data/diagnostics';
import { distanceUnit, hoursMinutes } from '../../core/data/chartUnits';

export function useValueText(view: DiagnosticView, days: { value: number }[]): (v: number) => string {
  const t = useT();
  const f = useFormat();
  const km = view === 'distance' && distanceUnit(Math.max(0, ...days.map((d) => d.value))) === 'km';
  return useCallback(
    (v: number) => {
      if (view === 'time') return t('diagnostic.duration', hoursMinutes(v));
      return km ? t('diagnostic.km', { n: f.number(v / 1000, 2, true) }) : t('diagnostic.m', { n: f.number(v, 1, true) });
    },
    [t, f, view, km],
  );
}
