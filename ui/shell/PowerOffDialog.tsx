/**
 * 'Node will power off. Do you confirm?' with Cancel and Confirm; while a mission runs it asks to stop the
 * mission first, and its confirm stops the mission, then powers off.
 */
import { useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { missionRunning } from '../../core/missions/running';
import { Dialog } from '../common/Dialog';

export function PowerOffDialog({ onCancel, onConfirm }: { onCancel(): void; onConfirm(stopMission: boolean): void }) {
  const t = useT();
  const running = useCore(missionRunning);
  return (
    <Dialog
      title={running ? t('powerOff.missionTitle') : t('powerOff.question')}
      body={running ? t('powerOff.missionBody') : undefined}
      onDismiss={onCancel}
      tone="danger"
      testId="power-off-dialog"
    >
      <button type="button" className="btn btn-secondary" onClick={onCancel} autoFocus>
        {t('powerOff.cancel')}
      </button>
      <button type="button" className="btn btn-danger" onClick={() => onConfirm(running)}>
        {running ? t('powerOff.stopAndConfirm') : t('powerOff.confirm')}
      </button>
    </Dialog>
  );
}
