/**
 * After leaving /control in manual mode: switch back to normal mode? (Queued missions wait while it is manual.)
 * Its own lazy chunk with the teleop strings: the shell loads it only when the question is asked.
 */
import '../data/area';
import { useActions } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { Dialog } from '../common/Dialog';

export default function ManualLeaveDialog() {
  const t = useT();
  const { dispatch } = useActions();
  return (
    <Dialog title={t('teleop.leaveTitle')} body={t('teleop.leaveBody')} tone="warn" testId="manual-leave-dialog">
      <button type="button" className="btn btn-secondary" onClick={() => dispatch({ type: 'ui/manualLeaveAnswered', normal: false })}>
        {t('teleop.leaveStay')}
      </button>
      <button type="button" className="btn btn-primary" autoFocus onClick={() => dispatch({ type: 'ui/manualLeaveAnswered', normal: true })}>
        {t('teleop.leaveNormal')}
      </button>
    </Dialog>
  );
}
