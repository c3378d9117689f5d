/** 'Node will power off. Do you confirm?' with Cancel and Confirm. */
import { useT } from '../../src/i18n';
import { Dialog } from '../common/Dialog';

export function PowerOffDialog({ onCancel, onConfirm }: { onCancel(): void; onConfirm(): void }) {
  const t = useT();
  return (
    <Dialog title={t('powerOff.question')} onDismiss={onCancel} tone="danger" testId="power-off-dialog">
      <button type="button" className="btn btn-secondary" onClick={onCancel} autoFocus>
        {t('powerOff.cancel')}
      </button>
      <button type="button" className="btn btn-danger" onClick={onConfirm}>
        {t('powerOff.confirm')}
      </button>
    </Dialog>
  );
}
