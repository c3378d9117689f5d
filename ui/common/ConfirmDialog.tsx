/**
 * A question whose yes stops or deletes something: the safe answer first, with the focus, and the dangerous one
 * second. Dismissing the dialog (Escape, a tap beside it) is the safe answer, unless `dismissable` is false.
 */
import { Dialog, type DialogProps } from './Dialog';

export interface ConfirmDialogProps extends Omit<DialogProps, 'children' | 'onDismiss'> {
  keepLabel: string;
  confirmLabel: string;
  onKeep(): void;
  onConfirm(): void;
  dismissable?: boolean;
}

export function ConfirmDialog({ keepLabel, confirmLabel, onKeep, onConfirm, dismissable = true, tone = 'danger', ...dialog }: ConfirmDialogProps) {
  return (
    <Dialog {...dialog} tone={tone} onDismiss={dismissable ? onKeep : undefined}>
      <button type="button" className="btn btn-secondary" autoFocus onClick={onKeep}>
        {keepLabel}
      </button>
      <button type="button" className="btn btn-danger" onClick={onConfirm}>
        {confirmLabel}
      </button>
    </Dialog>
  );
}
