/** The message step: the text on the on-screen keyboard and the read confirmation (only with a message). */
import { useState, type ReactNode } from 'react';
import { useActions } from '../../../src/bridge/CoreContext';
import { useT } from '../../../src/i18n';
import { TextField } from '../../keyboard/TextField';
import { CheckField } from '../../common/CheckField';

/** Long enough for a note to a colleague, short enough to read at the robot. */
const MESSAGE_MAX = 200;

export function MessageStep({ initial, initialAck, skip }: { initial: string; initialAck: boolean; skip: ReactNode }) {
  const t = useT();
  const { dispatch } = useActions();
  const [message, setMessage] = useState(initial);
  const [ack, setAck] = useState(initialAck);
  const empty = message.trim() === '';
  const next = () => {
    if (!empty) dispatch({ type: 'ui/quickMessageConfirmed', message, readAck: ack && !empty });
  };
  return (
    <>
      <div className="page-body message-step">
        <TextField label={t('quick.messageLabel')} value={message} onChange={setMessage} placeholder={t('quick.messagePlaceholder')} maxLength={MESSAGE_MAX} autoFocus onEnter={next} testId="message-input" counted />
        <CheckField label={t('quick.readConfirmation')} checked={ack && !empty} disabled={empty} onChange={setAck} testId="read-confirmation" />
      </div>
      <footer className="action-bar">
        <div className="action-start">{skip}</div>
        <div className="action-status" />
        <div className="action-end">
          <button type="button" className="btn btn-primary" disabled={empty} onClick={next} data-testid="next">
            {t('quick.next')}
          </button>
        </div>
      </footer>
    </>
  );
}
