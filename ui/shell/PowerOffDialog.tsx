/**
 * '{robot} will power off. Do you confirm?' with Cancel and Confirm; while a mission runs it asks to stop the
 * mission first, and its confirm stops the mission, then powers off.
 */
import { useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { missionRunning } from '../../core/missions/running';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { nameSlot, TextWithName, withNames } from '../common/TextWithName';
import { useRobotName } from '../common/useRobotName';

export function PowerOffDialog({ onCancel, onConfirm }: { onCancel(): void; onConfirm(stopMission: boolean): void }) {
  const t = useT();
  const running = useCore(missionRunning);
  const robot = useRobotName();
  // The robot's name may be long: drawn by TextWithName (cut, whole on a tap), the plain text its accessible name.
  const question = t('powerOff.question', { robot: nameSlot(0) });
  return (
    <ConfirmDialog
      title={running ? t('powerOff.missionTitle') : <TextWithName text={question} names={[robot]} lines={2} />}
      titleLabel={running ? undefined : withNames(question, [robot])}
      body={running ? t('powerOff.missionBody') : undefined}
      keepLabel={t('powerOff.cancel')}
      confirmLabel={running ? t('powerOff.stopAndConfirm') : t('powerOff.confirm')}
      onKeep={onCancel}
      onConfirm={() => onConfirm(running)}
      testId="power-off-dialog"
    />
  );
}
