/**
 * The charging mission asked for and not yet left (issue 42): said on the missions list and the movement page
 * until the robot departs for Base, with what holds it when something does (manual mode, a map being made).
 */
import { useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { queuedCharge } from '../../core/missions/chargeNow';
import { waitReason } from '../../core/missions/rowStatus';

export function QueuedCharge() {
  const t = useT();
  const id = useCore(queuedCharge);
  const reason = useCore((s) => (queuedCharge(s) === null ? null : waitReason(s)));
  if (id === null) return null;
  return (
    <div className="mission-notice queued-charge" role="status" data-outcome="stopped" data-testid="queued-charge">
      <p>
        <span>{t('queuedCharge.title')}</span>
        <span className="mission-notice-reason">{reason === null || reason === 'busy' ? t('queuedCharge.body') : t(`missions.waiting.${reason}`)}</span>
      </p>
    </div>
  );
}
