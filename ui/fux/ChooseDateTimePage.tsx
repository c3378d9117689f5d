/** /fux/choose-date-time: hour 0-23 and minute 0-59 on today's date; the clock advances every 60 s (core). */
import './strings';
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { wallClock } from '../../core/time';
import { useLanguage, useT } from '../../src/i18n';
import { Page } from '../common/Page';
import { formatDate } from '../common/format';
import { SaveStatus } from '../common/SaveStatus';
import { useWizard } from '../common/useWizard';
import { Stepper } from './Stepper';

export function ChooseDateTimePage() {
  const t = useT();
  const lang = useLanguage();
  const { dispatch } = useActions();
  const w = useWizard('choose-date-time');
  const at = useCore((s) => s.setup.dateTime ?? s.clock.now);
  const offset = useCore((s) => s.clock.tzOffsetMinutes);
  // The core keeps UTC and the zone offset; the page shows the local wall clock.
  const { hour, minute } = wallClock(at, offset);
  const date = formatDate(lang, at, offset, 'day');
  const set = (h: number, m: number) => dispatch({ type: 'ui/dateTimeChanged', hour: h, minute: m });
  return (
    <Page
      title={t('fux.dateTime.title')}
      subtitle={t('fux.dateTime.subtitle')}
      back={{ onClick: w.back }}
      next={{ onClick: () => w.next(), disabled: w.saving }}
      status={<SaveStatus />}
    >
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
    </Page>
  );
}
