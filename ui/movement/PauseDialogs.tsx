/** The pause dialog and the stop confirmation (spec 2.4). */
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { Dialog } from '../common/Dialog';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { nameSlot, TextWithName, withNames } from '../common/TextWithName';

export function PauseDialogs({ missionName }: { missionName: string }) {
  const t = useT();
  const { dispatch } = useActions();
  const pause = useCore((s) => s.movement.pause);
  if (pause === 'dialog')
    return (
      <Dialog title={t('movement.pauseTitle')} body={t('movement.pauseBody')} tone="warn" testId="pause-dialog">
        <button type="button" className="btn btn-secondary" onClick={() => dispatch({ type: 'ui/movementStopAsked' })}>
          {t('movement.stop')}
        </button>
        <button type="button" className="btn btn-primary" autoFocus onClick={() => dispatch({ type: 'ui/movementResumed' })}>
          {t('movement.resume')}
        </button>
      </Dialog>
    );
  if (pause === 'confirmStop')
    return (
      <ConfirmDialog
        title={<TextWithName text={t('movement.stopTitle', { missionName: nameSlot(0) })} names={[missionName]} lines={2} />}
        titleLabel={withNames(t('movement.stopTitle', { missionName: nameSlot(0) }), [missionName])}
        body={
          <>
            {t('movement.stopBody')}
            {/* The confirm leads to /login (spec 4.1): say so, as its label names mission control (issue 34). */}
            <span className="dialog-note" data-testid="stop-login-note">
              {t('movement.stopLogin')}
            </span>
          </>
        }
        keepLabel={t('movement.cancel')}
        confirmLabel={t('movement.stopConfirm')}
        onKeep={() => dispatch({ type: 'ui/movementStopCancelled' })}
        onConfirm={() => dispatch({ type: 'ui/movementCancelled' })}
        dismissable={false}
        testId="stop-dialog"
      />
    );
  return null;
}
