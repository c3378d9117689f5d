/**
 * /mapping/edit?type=edit|end&location=...: the map editor in mapping mode. Type edit: 'Save and continue'
 * back to tracking; type end: end the mapping; any other type: no button.
 */
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { Busy } from '../common/Busy';
import { MapView } from './MapView';
import { MapTools } from './MapSidebar';
import { DestinationEditor } from './DestinationEditor';
import { MapError } from './MapError';
import { editorKey } from './editorKey';

export function MappingEditPage() {
  const t = useT();
  const { dispatch } = useActions();
  const editor = useCore((s) => s.mapEdit.editor);
  const type = useCore((s) => s.mapEdit.editType);
  const busy = useCore((s) => s.mapEdit.busy);
  return (
    <section className="map-page" aria-labelledby="mapping-edit-title">
      <div className="map-main">
        <MapView editable />
      </div>
      <aside className="map-side">
        <h1 id="mapping-edit-title">{t('map.mappingEdit.title')}</h1>
        {editor ? (
          <DestinationEditor key={editorKey(editor)} editor={editor} />
        ) : (
          <>
            <MapTools zones={false} />
            <MapError />
            <div className="map-side-foot">
              {type === 'edit' && (
                <button type="button" className="btn btn-primary" onClick={() => dispatch({ type: 'ui/mappingPanel', action: 'save' })}>
                  {t('map.mappingEdit.saveAndContinue')}
                </button>
              )}
              {type === 'end' && (
                <button
                  type="button"
                  className="btn btn-danger"
                  disabled={busy}
                  onClick={() => dispatch({ type: 'ui/mappingPanel', action: 'finish' })}
                >
                  {t('map.mappingEdit.end')}
                </button>
              )}
              <Busy active={busy} />
            </div>
          </>
        )}
      </aside>
    </section>
  );
}
