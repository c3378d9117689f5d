/**
 * The message a finished mission leaves on the list for a few seconds (completed, stopped, or failed and why),
 * or why the one-tap charging mission could not start.
 */
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { CloseIcon } from '../common/icons';

export function MissionNotice() {
  const t = useT();
  const { dispatch } = useActions();
  const notice = useCore((s) => s.missions.notice);
  const charging = useCore((s) => s.missions.charging);
  if (charging === 'noBase' || charging === 'failed')
    return (
      <div className="mission-notice" role="alert" data-outcome="failed" data-testid="charging-notice">
        <p>{t(`missions.charging.${charging}`)}</p>
        <button type="button" className="icon-button" aria-label={t('missions.noticeClose')} onClick={() => dispatch({ type: 'ui/missionNoticeDismissed' })}>
          <CloseIcon />
        </button>
      </div>
    );
  if (!notice) return null;
  return (
    <div className="mission-notice" role="status" data-outcome={notice.outcome} data-testid="mission-notice">
      <p>
        <span>{t(`missions.notice.${notice.outcome}`)}</span>
        {notice.reason && <span className="mission-notice-reason">{t('missions.noticeReason', { reason: notice.reason })}</span>}
      </p>
      <button type="button" className="icon-button" aria-label={t('missions.noticeClose')} onClick={() => dispatch({ type: 'ui/missionNoticeDismissed' })}>
        <CloseIcon />
      </button>
    </div>
  );
}
