/** /map: the full map with zoom, pan, destinations and no-go zones, and the sidebar. */
import { useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { MapView } from './MapView';
import { MapSidebar } from './MapSidebar';
import { DestinationEditor } from './DestinationEditor';
import { MapError } from './MapError';
import { editorKey } from './editorKey';
import { TitleRow } from '../common/BackArrow';

export function MapPage() {
  const t = useT();
  const editor = useCore((s) => s.mapEdit.editor);
  return (
    <section className="map-page" aria-labelledby="map-title">
      <div className="map-main">
        <MapView editable />
      </div>
      <aside className="map-side">
        <TitleRow back={{ label: t('nav.backTo.missions'), to: '/missions' }}>
          <h1 id="map-title">{t('map.title')}</h1>
        </TitleRow>
        {editor ? <DestinationEditor key={editorKey(editor)} editor={editor} /> : (
          <>
            <MapError />
            <MapSidebar />
          </>
        )}
      </aside>
    </section>
  );
}
