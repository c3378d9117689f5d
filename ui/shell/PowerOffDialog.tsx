/**
 * 'Node will power off. Do you confirm?' with Cancel and Confirm; while a mission runs it asks to stop the
 * mission first, and its confirm stops the mission, then powers off.
 */
import { useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { missionRunning } from '../../core/missions/running';
import { ConfirmDialog } from '../common/ConfirmDialog';

export function PowerOffDialog({ onCancel, onConfirm }: { onCancel(): void; onConfirm(stopMission: boolean): void }) {
  const t = useT();
  const running = useCore(missionRunning);
  return (
    <ConfirmDialog
      title={running ? t('powerOff.missionTitle') : t('powerOff.question')}
      body={running ? t('powerOff.missionBody') : undefined}
      keepLabel={t('powerOff.cancel')}
      confirmLabel={running ? t('powerOff.stopAndConfirm') : t('powerOff.confirm')}
      onKeep={onCancel}
      onConfirm={() => onConfirm(running)}
      testId="power-off-dialog"
    />
  );
}
