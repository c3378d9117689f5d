/**
 * The hour and minute steppers of a date-and-time page (the wizard's /fux/choose-date-time and the settings'
 * date and time), under the date they apply to. Each change is `ui/dateTimeChanged`; the core holds the value.
 */
import { useActions } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { Stepper } from './Stepper';

export function TimePickers({ date, hour, minute }: { date: string; hour: number; minute: number }) {
  const t = useT();
  const { dispatch } = useActions();
  const set = (h: number, m: number) => dispatch({ type: 'ui/dateTimeChanged', hour: h, minute: m });
  return (
    <>
      <p className="date-line" data-testid="date">
        {date}
      </p>
      <div className="time-pickers">
        <Stepper
          label={t('fux.dateTime.hour')}
          value={hour}
          max={23}
          onChange={(h) => set(h, minute)}
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
          max={59}
          onChange={(m) => set(hour, m)}
          increaseLabel={t('fux.dateTime.minuteLater')}
          decreaseLabel={t('fux.dateTime.minuteEarlier')}
          testId="minute"
        />
      </div>
    </>
  );
}
