/** /fux/choose-date-time: hour 0-23 and minute 0-59 on today's date; the clock advances every 60 s (core). */
import './strings';
import { useCore } from '../../src/bridge/CoreContext';
import { wallClock } from '../../core/time';
import { useLanguage, useT } from '../../src/i18n';
import { Page } from '../common/Page';
import { formatDate } from '../common/format';
import { SaveStatus } from '../common/SaveStatus';
import { useWizard } from '../common/useWizard';
import { TimePickers } from './TimePickers';

export function ChooseDateTimePage() {
  const t = useT();
  const lang = useLanguage();
  const w = useWizard('choose-date-time');
  const at = useCore((s) => s.setup.dateTime ?? s.clock.now);
  const offset = useCore((s) => s.clock.tzOffsetMinutes);
  // The core keeps UTC and the zone offset; the page shows the local wall clock.
  const { hour, minute } = wallClock(at, offset);
  const date = formatDate(lang, at, offset, 'day');
  return (
    <Page
      title={t('fux.dateTime.title')}
      subtitle={t('fux.dateTime.subtitle')}
      back={{ onClick: w.back }}
      next={{ onClick: () => w.next(), disabled: w.saving }}
      status={<SaveStatus />}
    >
      <TimePickers date={date} hour={hour} minute={minute} />
    </Page>
  );
}
