/**
 * The month and year picker of the data page: a button naming the month shown; it opens a panel with the
 * year (arrows) and its twelve months. Months after the current one are not offered (nothing has ended there).
 */
import { useState } from 'react';
import { useT } from '../../src/i18n';
import type { Period } from '../../core/data/period';
import { Dialog } from '../common/Dialog';
import { ChevronLeft, ChevronRight } from '../common/icons';
import { useFormat } from '../common/format';

export interface MonthPickerProps {
  value: Period;
  /** The current month: the latest that can be chosen. */
  latest: Period;
  /** The earliest that can be chosen (the diagnostic page offers the last 12 months); none by default. */
  earliest?: Period;
  onChoose(p: Period): void;
}

export function MonthPicker({ value, latest, earliest, onChoose }: MonthPickerProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [year, setYear] = useState(value.year);
  const f = useFormat();
  const name = (p: Period) => f.month(p.month, p.year);
  const after = (month: number) =>
    year > latest.year || (year === latest.year && month > latest.month) || (earliest !== undefined && (year < earliest.year || (year === earliest.year && month < earliest.month)));
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary month-button"
        onClick={() => {
          setYear(value.year);
          setOpen(true);
        }}
        aria-label={t('missionData.pickMonth', { month: name(value) })}
        data-testid="month-picker"
      >
        {name(value)}
      </button>
      {open && (
        <Dialog title={t('missionData.pickTitle')} onDismiss={() => setOpen(false)} testId="month-dialog">
          <div className="month-panel">
            <div className="year-row">
              <button type="button" className="icon-button year-arrow" onClick={() => setYear(year - 1)} disabled={earliest !== undefined && year <= earliest.year} aria-label={t('missionData.prevYear')}>
                <ChevronLeft />
              </button>
              <span className="year-label" aria-live="polite">
                {year}
              </span>
              <button type="button" className="icon-button year-arrow" onClick={() => setYear(year + 1)} disabled={year >= latest.year} aria-label={t('missionData.nextYear')}>
                <ChevronRight />
              </button>
            </div>
            <div className="month-grid">
              {Array.from({ length: 12 }, (_, i) => i + 1).map((month) => (
                <button
                  key={month}
                  type="button"
                  className={`btn ${year === value.year && month === value.month ? 'btn-primary' : 'btn-secondary'} month-choice`}
                  disabled={after(month)}
                  onClick={() => {
                    setOpen(false);
                    onChoose({ year, month });
                  }}
                >
                  {f.month(month)}
                </button>
              ))}
            </div>
            <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
              {t('missionData.close')}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
