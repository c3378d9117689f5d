/** 'Who works here': the recipients of the destination open in the editor: list, add by name, delete. */
import { useState } from 'react';
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { TextField } from '../keyboard/TextField';
import { CloseIcon } from '../common/icons';
import { NameText } from '../common/NameText';

export function Recipients() {
  const t = useT();
  const { dispatch } = useActions();
  const recipients = useCore((s) => s.mapEdit.recipients);
  const status = useCore((s) => s.mapEdit.recipientsStatus);
  const [name, setName] = useState('');
  const add = () => {
    if (name.trim() === '') return;
    dispatch({ type: 'ui/destinationEdited', edit: { op: 'recipientAdd', name } });
    setName('');
  };
  return (
    <section className="recipients" aria-labelledby="recipients-title">
      <h3 id="recipients-title">{t('map.recipients.title')}</h3>
      {status === 'loaded' && recipients.length === 0 && <p className="map-hint">{t('map.recipients.none')}</p>}
      <ul className="recipient-list">
        {recipients.map((r) => (
          <li key={r.id} className="recipient">
            <NameText name={r.name} lines={2} className="recipient-name" />
            <button
              type="button"
              className="icon-button"
              onClick={() => dispatch({ type: 'ui/destinationEdited', edit: { op: 'recipientDelete', id: r.id } })}
              aria-label={t('map.recipients.delete', { name: r.name })}
            >
              <CloseIcon />
            </button>
          </li>
        ))}
      </ul>
      <div className="recipient-add">
        <TextField label={t('map.recipients.name')} value={name} onChange={setName} onEnter={add} onDone={add} testId="recipient-name" counted />
        <button type="button" className="btn btn-secondary" onClick={add} disabled={name.trim() === ''}>
          {t('map.recipients.add')}
        </button>
      </div>
    </section>
  );
}
