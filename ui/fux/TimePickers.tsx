/**
 * The hour and minute steppers of a date-and-time page (the wizard's /fux/choose-date-time and the settings'
 * date and time), under the date they apply to. Each press is a `ui/timeStepped`; the core holds the value and
 * wraps it.
 */
import { useActions } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { Stepper } from './Stepper';

export function TimePickers({ date, hour, minute }: { date: string; hour: number; minute: number }) {
  const t = useT();
  const { dispatch } = useActions();
  const step = (field: 'hour' | 'minute') => (by: 1 | -1) => dispatch({ type: 'ui/timeStepped', field, by });
  return (
    <>
      <p className="date-line" data-testid="date">
        {date}
      </p>
      <div className="time-pickers">
        <Stepper
          label={t('fux.dateTime.hour')}
          value={hour}
          onStep={step('hour')}
          increaseLabel={t('fux.dateTime.hourLater')}
          decreaseLabel={t('fux.dateTime.hourEarlier')}
          testId="hour"
        />
        <span className="time-colon" aria-hidden="true">
          :
        </span>
        <Stepper
          label={t('fux.dateTime.minute')}
          value={minute}
          onStep={step('minute')}
          increaseLabel={t('fux.dateTime.minuteLater')}
          decreaseLabel={t('fux.dateTime.minuteEarlier')}
          testId="minute"
        />
      </div>
    </>
  );
}
