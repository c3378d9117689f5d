/**
 * The destination editor: direction and colour first (Continue stays disabled until a direction is chosen),
 * then the name with Add or Update; Delete asks first; recipients for a saved destination. What is typed
 * stays here, so a failed save keeps it.
 */
import { useState } from 'react';
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import type { DestinationEdit } from '../../core/map/intents';
import type { DestinationEditor as Editor } from '../../core/map/mapState';
import { TextField } from '../keyboard/TextField';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { Busy } from '../common/Busy';
import { useMoreBelow } from '../common/useMoreBelow';
import { Compass } from './Compass';
import { Recipients } from './Recipients';
import { MapError } from './MapError';
import { nameSlot, TextWithName, withNames } from '../common/TextWithName';

/** The palette, each colour with its name: the default light grey first, then colours that read apart on a grey map. */
const PALETTE = [
  ['#d9d9d9', 'grey'],
  ['#e53935', 'red'],
  ['#fb8c00', 'orange'],
  ['#fdd835', 'yellow'],
  ['#43a047', 'green'],
  ['#00897b', 'teal'],
  ['#1e88e5', 'blue'],
  ['#8e24aa', 'purple'],
] as const;

export function DestinationEditor({ editor }: { editor: Editor }) {
  const t = useT();
  const { dispatch } = useActions();
  const busy = useCore((s) => s.mapEdit.busy);
  const [name, setName] = useState(editor.name);
  const edit = (e: DestinationEdit) => dispatch({ type: 'ui/destinationEdited', edit: e });
  const isNew = editor.id === null;
  const chosen = PALETTE.find(([c]) => c === editor.color);
  const { end, more } = useMoreBelow<HTMLDivElement>();
  return (
    <section className="map-editor" aria-labelledby="editor-title" data-testid="destination-editor">
      <h2 id="editor-title" aria-label={isNew ? undefined : withNames(t('map.editor.editTitle', { name: nameSlot(0) }), [editor.name])}>
        {isNew ? t('map.editor.newTitle') : <TextWithName text={t('map.editor.editTitle', { name: nameSlot(0) })} names={[editor.name]} lines={2} />}
      </h2>
      {/* Who works here first: the compass and palette below it are the long part of the editor. */}
      {!isNew && <Recipients key={editor.id} />}
      {editor.step === 'orientation' ? (
        <>
          <p className="map-hint">{t('map.editor.orientationHint')}</p>
          <Compass value={editor.orientation} onChoose={(o) => edit({ op: 'orientation', orientation: o })} />
          <div className="palette" role="radiogroup" aria-label={t('map.editor.colour')}>
            {PALETTE.map(([c, colourName]) => (
              <button
                key={c}
                type="button"
                role="radio"
                aria-checked={editor.color === c}
                className={`swatch ${editor.color === c ? 'swatch-on' : ''}`}
                style={{ background: c }}
                onClick={() => edit({ op: 'color', color: c })}
                aria-label={t(`map.editor.colours.${colourName}`)}
              />
            ))}
          </div>
          {chosen && <p className="map-hint">{t('map.editor.colourChosen', { colour: t(`map.editor.colours.${chosen[1]}`) })}</p>}
        </>
      ) : (
        <TextField label={t('map.editor.name')} value={name} onChange={setName} autoFocus testId="destination-name" counted />
      )}
      <Busy active={busy} />
      <MapError />
      {/*
        The editor's buttons stay at the foot of the sidebar however long the editor (recipients, the keyboard
        taking half the height); with more of the editor under them, their edge says so.
      */}
      <div className={`map-editor-actions${more ? ' map-editor-actions-more' : ''}`} data-testid="editor-actions">
        {editor.step === 'orientation' ? (
          <>
            <button type="button" className="btn btn-ghost" onClick={() => edit({ op: 'close' })}>
              {t('map.editor.cancel')}
            </button>
            {!isNew && (
              <button type="button" className="btn btn-ghost map-danger" onClick={() => edit({ op: 'delete' })}>
                {t('map.editor.delete')}
              </button>
            )}
            <button type="button" className="btn btn-primary" onClick={() => edit({ op: 'continue' })} disabled={editor.orientation === null}>
              {t('map.editor.continue')}
            </button>
          </>
        ) : (
          <>
            <button type="button" className="btn btn-ghost" onClick={() => edit({ op: 'back' })} disabled={busy}>
              {t('map.editor.back')}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => edit({ op: 'save', name })} disabled={busy || name.trim() === ''}>
              {isNew ? t('map.editor.add') : t('map.editor.update')}
            </button>
          </>
        )}
      </div>
      <div ref={end} className="map-editor-end" aria-hidden="true" />
      {editor.confirmDelete === 'again' && (
        <ConfirmDialog
          title={t('map.editor.deleteBaseTitle')}
          body={t('map.editor.deleteBaseBody')}
          keepLabel={t('map.editor.keep')}
          confirmLabel={t('map.editor.deleteBase')}
          onKeep={() => edit({ op: 'deleteCancelled' })}
          onConfirm={() => edit({ op: 'deleteConfirmed' })}
          testId="delete-base-dialog"
        />
      )}
      {editor.confirmDelete === true && (
        <ConfirmDialog
          title={<TextWithName text={t('map.editor.deleteTitle', { name: nameSlot(0) })} names={[editor.name]} lines={2} />}
          titleLabel={withNames(t('map.editor.deleteTitle', { name: nameSlot(0) }), [editor.name])}
          body={t('map.editor.deleteBody')}
          keepLabel={t('map.editor.keep')}
          confirmLabel={t('map.editor.confirmDelete')}
          onKeep={() => edit({ op: 'deleteCancelled' })}
          onConfirm={() => edit({ op: 'deleteConfirmed' })}
          testId="delete-dialog"
        />
      )}
    </section>
  );
}
