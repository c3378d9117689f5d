/** After leaving /control in manual mode: switch back to normal mode? (Queued missions wait while it is manual.) */
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { Dialog } from '../common/Dialog';

export function ManualLeaveDialog() {
  const t = useT();
  const { dispatch } = useActions();
  const ask = useCore((s) => s.teleop.askNormal && s.teleop.mode === 'MANUAL');
  if (!ask) return null;
  return (
    <Dialog title={t('manual.leaveTitle')} body={t('manual.leaveBody')} tone="warn" testId="manual-leave-dialog">
      <button type="button" className="btn btn-secondary" onClick={() => dispatch({ type: 'ui/manualLeaveAnswered', normal: false })}>
        {t('manual.stay')}
      </button>
      <button type="button" className="btn btn-primary" autoFocus onClick={() => dispatch({ type: 'ui/manualLeaveAnswered', normal: true })}>
        {t('manual.switchNormal')}
      </button>
    </Dialog>
  );
}
