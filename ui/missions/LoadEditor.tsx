/**
 * The load-location editor (spec 2.6): a Left/Right toggle, the side's shelves (as many as its layout
 * setting says), each with its objects; 'Add an object' opens an inline edit on the on-screen keyboard.
 */
import { useState } from 'react';
import { useActions, useCore, shallowEqual } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import type { LoadTarget } from '../../core/missions/intents';
import { shelvesPerSide } from '../../core/missions/load';
import type { Load, Side } from '../../core/missions/types';
import { TextField } from '../keyboard/TextField';
import { CloseIcon, PlusIcon } from '../common/icons';
import { NameText } from '../common/NameText';

export function LoadEditor({ target, load }: { target: LoadTarget; load: Load }) {
  const t = useT();
  const [side, setSide] = useState<Side>('left');
  const shelves = useCore((s) => shelvesPerSide(s.settings.data, s.setup), shallowEqual);
  return (
    <div className="load-editor" data-testid="load-editor">
      <div className="segmented" role="group" aria-label={t('load.side')}>
        {(['left', 'right'] as const).map((s) => (
          <button key={s} type="button" className={`segment${side === s ? ' segment-on' : ''}`} aria-pressed={side === s} onClick={() => setSide(s)}>
            {t(`load.${s}`)}
          </button>
        ))}
      </div>
      <ol className="shelves">
        {Array.from({ length: shelves[side] }, (_, i) => (
          <Shelf key={`${side}-${i}`} target={target} side={side} index={i} items={load[side][i] ?? []} />
        ))}
      </ol>
    </div>
  );
}

function Shelf({ target, side, index, items }: { target: LoadTarget; side: Side; index: number; items: string[] }) {
  const t = useT();
  const { dispatch } = useActions();
  const [editing, setEditing] = useState<string | null>(null);
  const n = index + 1;
  const save = () => {
    if (editing === null || editing.trim() === '') return;
    dispatch({ type: 'ui/loadItemAdded', target, side, shelf: index, value: editing });
    setEditing(null);
  };
  return (
    <li className="shelf" data-testid={`shelf-${side}-${index}`}>
      <h2 className="shelf-title">{t('load.shelf', { n })}</h2>
      <ul className="shelf-items">
        {items.length === 0 && editing === null && <li className="shelf-empty">{t('load.empty')}</li>}
        {items.map((item, i) => (
          <li key={`${i}-${item}`} className="shelf-item">
            <NameText name={item} lines={2} className="shelf-item-name" />
            <button
              type="button"
              className="icon-button"
              aria-label={t('load.remove', { item })}
              onClick={() => dispatch({ type: 'ui/loadItemRemoved', target, side, shelf: index, index: i })}
            >
              <CloseIcon />
            </button>
          </li>
        ))}
      </ul>
      {editing === null ? (
        <button type="button" className="btn btn-ghost shelf-add" onClick={() => setEditing('')}>
          <PlusIcon />
          {t('load.add')}
        </button>
      ) : (
        <div className="shelf-edit">
          <TextField label={t('load.itemLabel', { n })} value={editing} onChange={setEditing} placeholder={t('load.itemPlaceholder')} autoFocus onEnter={save} testId={`item-input-${side}-${index}`} counted />
          <div className="shelf-edit-actions">
            <button type="button" className="btn btn-secondary" onClick={() => setEditing(null)}>
              {t('load.cancel')}
            </button>
            <button type="button" className="btn btn-primary" onClick={save} disabled={editing.trim() === ''}>
              {t('load.save')}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
