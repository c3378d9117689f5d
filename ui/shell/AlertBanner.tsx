/** The quieter alerts, as a strip under the top bar while logged in: synchronisation trouble and recovery. */
import { alertType } from '../../core/selectors';
import { useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';

export function AlertBanner() {
  const t = useT();
  const type = useCore((s) => (s.session.login ? alertType(s) : null));
  if (type === 'sync')
    return (
      <div className="banner banner-warn" role="status" data-testid="alert-sync">
        <strong>{t('alerts.sync.title')}</strong>
        <span>{t('alerts.sync.body')}</span>
      </div>
    );
  if (type === 'inResolution')
    return (
      <div className="banner banner-info" role="status" data-testid="alert-inResolution">
        <strong>{t('alerts.inResolution')}</strong>
      </div>
    );
  return null;
}
