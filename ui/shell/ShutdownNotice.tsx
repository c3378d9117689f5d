/**
 * After Power Off is confirmed: the robot is shutting down, said over everything until it goes dark (and, on a
 * robot that powers on again, until it is back); or, if the call was refused, that it did not shut down.
 */
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { Dialog } from '../common/Dialog';

export function ShutdownNotice() {
  const t = useT();
  const { dispatch } = useActions();
  const shutdown = useCore((s) => s.connection.shutdown);
  if (shutdown === 'idle') return null;
  if (shutdown === 'failed')
    return (
      <Dialog title={t('powerOff.failedTitle')} body={t('powerOff.failedBody')} tone="danger" testId="shutdown-failed">
        <button type="button" className="btn btn-primary" autoFocus onClick={() => dispatch({ type: 'ui/shutdownNoticeDismissed' })}>
          {t('powerOff.ok')}
        </button>
      </Dialog>
    );
  return (
    <div className="backdrop shutdown-backdrop">
      <div className="dialog shutdown-notice" role="status" aria-live="assertive" data-testid="shutting-down">
        <span className="shutdown-spinner" aria-hidden="true" />
        <h2>{t('powerOff.shuttingDown')}</h2>
        <p className="dialog-body">{shutdown === 'off' ? t('powerOff.off') : t('powerOff.wait')}</p>
      </div>
    </div>
  );
}
