/** One activity of a step: its kind, recipients, message (with read confirmation) and load position. */
import { useState } from 'react';
import { useActions, useCore } from '../../../src/bridge/CoreContext';
import { useT } from '../../../src/i18n';
import { ANYONE_ID, recipientsFor } from '../../../core/missions/views';
import { itemCount } from '../../../core/missions/load';
import type { PathActivity } from '../../../core/missions/types';
import { TextField } from '../../keyboard/TextField';
import { CheckField } from '../../common/CheckField';
import { LoadEditor } from '../LoadEditor';
import { activityKey, activityLabel } from '../strings';
import { PageOverlay } from './PageOverlay';
import { NameText } from '../../common/NameText';
import { useKeyboard } from '../../keyboard/KeyboardContext';

interface Props {
  stepIndex: number;
  index: number;
  activity: PathActivity;
  destinationId: number;
  showErrors: boolean;
  canDelete: boolean;
}

export function ActivityCard({ stepIndex, index, activity: a, destinationId, showErrors, canDelete }: Props) {
  const t = useT();
  const { dispatch } = useActions();
  const activities = useCore((s) => s.missions.activities);
  const recipients = useCore((s) => s.missions.recipients);
  const [overlay, setOverlay] = useState<'message' | 'load' | null>(null);
  const change = (patch: { activity?: number; whos?: number[]; message?: string; messageReadRequired?: boolean }) =>
    dispatch({ type: 'ui/pathActivityChanged', step: stepIndex, activity: index, patch });
  const n = index + 1;
  const toggle = (id: number) => change({ whos: a.whos.includes(id) ? a.whos.filter((x) => x !== id) : [...a.whos, id] });
  const kind = a.activity === null ? null : activityKey(a.activity);
  return (
    <li className="activity-card" data-testid={`activity-${index}`}>
      <header className="activity-card-head">
        <h2>{t('path.activityN', { n })}</h2>
        <button type="button" className="btn btn-ghost" disabled={!canDelete} onClick={() => dispatch({ type: 'ui/pathActivityRemoved', step: stepIndex, activity: index })}>
          {t('path.deleteActivity', { n })}
        </button>
      </header>
      <div className={`field-row${showErrors && a.activity === null ? ' field-error' : ''}`} role="group" aria-label={t('path.activity')}>
        <span className="field-label">{t('path.activity')}</span>
        {activities.map((x) => (
          <button key={x.id} type="button" className={`chip${a.activity === x.id ? ' chip-on' : ''}`} aria-pressed={a.activity === x.id} onClick={() => change({ activity: x.id })}>
            {activityLabel(t, x.id)}
          </button>
        ))}
      </div>
      <div className={`field-row${showErrors && a.whos.length === 0 ? ' field-error' : ''}`} role="group" aria-label={t('path.recipients')}>
        <span className="field-label">{t('path.recipients')}</span>
        {recipientsFor(recipients, destinationId, t('missions.anyone')).map((r) => (
          <button key={r.id} type="button" className={`chip${a.whos.includes(r.id) ? ' chip-on' : ''}`} aria-pressed={a.whos.includes(r.id)} onClick={() => toggle(r.id)} data-recipient={r.id === ANYONE_ID ? 'anyone' : r.id}>
            <NameText name={r.name} lines={2} inControl />
          </button>
        ))}
      </div>
      <div className="field-row">
        <button type="button" className="btn btn-secondary" onClick={() => setOverlay('message')}>
          {t('path.editMessage')}
        </button>
        <span className="activity-message">{a.message === '' ? t('path.noMessage') : a.message}</span>
        <button type="button" className="btn btn-secondary" onClick={() => setOverlay('load')}>
          {t('path.load')}
        </button>
        <span>{t('path.loadSummary', { left: itemCount(a.loadLocationLeft), right: itemCount(a.loadLocationRight) })}</span>
      </div>
      {overlay === 'message' && <MessageEditor activity={a} onDone={(message, readRequired) => (change({ message, messageReadRequired: readRequired }), setOverlay(null))} />}
      {overlay === 'load' && (
        <PageOverlay
          title={kind ? t('path.loadTitleFor', { type: t(`missions.activityLower.${kind}`), theType: t(`missions.activityThe.${kind}`) }) : t('path.loadTitle')}
          testId="load-overlay"
          actions={
            <button type="button" className="btn btn-primary" onClick={() => setOverlay(null)}>
              {t('path.save')}
            </button>
          }
        >
          <LoadEditor target={{ kind: 'path', step: stepIndex, activity: index }} load={{ left: a.loadLocationLeft, right: a.loadLocationRight }} />
        </PageOverlay>
      )}
    </li>
  );
}

function MessageEditor({ activity, onDone }: { activity: PathActivity; onDone(message: string, readRequired: boolean): void }) {
  const t = useT();
  const [message, setMessage] = useState(activity.message);
  const [ack, setAck] = useState(activity.messageReadRequired);
  const empty = message.trim() === '';
  const done = () => onDone(message, ack && !empty);
  // One Done: the keyboard's while it is up (it keeps the message), the editor's own once it is down.
  const typing = useKeyboard().target !== null;
  return (
    <PageOverlay
      title={t('path.messageTitle')}
      testId="message-editor"
      actions={
        !typing && (
          <button type="button" className="btn btn-primary" onClick={done}>
            {t('path.done')}
          </button>
        )
      }
    >
      <TextField label={t('path.message')} value={message} onChange={setMessage} maxLength={200} autoFocus onEnter={done} onDone={done} testId="path-message-input" counted />
      <CheckField label={t('path.readConfirmation')} checked={ack && !empty} disabled={empty} onChange={setAck} testId="read-confirmation" />
    </PageOverlay>
  );
}
