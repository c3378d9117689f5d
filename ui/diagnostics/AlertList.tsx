/**
 * The robot's active errors and warnings on /diagnostic, where 'Manage' on the errors or warnings overlay
 * leads: each with its code in words and the time it came (core/alerts/activeList.ts).
 */
import { useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { activeAlerts, isKnownAlertCode } from '../../core/alerts/activeList';
import { useFormat } from '../common/format';

export function AlertList() {
  const t = useT();
  const f = useFormat();
  const alerts = useCore((s) => s.alerts);
  const tz = useCore((s) => s.clock.tzOffsetMinutes);
  const rows = activeAlerts(alerts);
  return (
    <section className="alert-list" aria-labelledby="alert-list-title" data-testid="alert-list">
      <h2 id="alert-list-title">{t('diagnostic.alerts.title')}</h2>
      {rows.length === 0 ? (
        <p className="alert-list-none">{t('diagnostic.alerts.none')}</p>
      ) : (
        <ul>
          {rows.map((a) => (
            <li key={`${a.kind}-${a.code}`} className={`alert-row alert-row-${a.kind}`} data-testid={`alert-row-${a.code}`}>
              <span className="alert-row-kind">{t(`diagnostic.alerts.kind.${a.kind}`)}</span>
              <span className="alert-row-text">
                {isKnownAlertCode(a.code) ? t(`diagnostic.alerts.code.${a.code}`) : t('diagnostic.alerts.unknownCode', { code: a.code })}
                {a.inResolution && <span className="alert-row-note"> {t('diagnostic.alerts.inResolution')}</span>}
              </span>
              <span className="alert-row-since">{t('diagnostic.alerts.since', { time: f.date(a.since, tz, 'time') })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
