/**
 * /node-lost: the latest map, read-only. A tap on free space opens the orientation picker; Confirm (enabled
 * once a direction is chosen) tells the robot where it is.
 */
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { Busy } from '../common/Busy';
import { MapView } from './MapView';
import { Compass } from './Compass';
import { MapError } from './MapError';
import { TitleRow } from '../common/BackArrow';

export function NodeLostPage() {
  const t = useT();
  const { dispatch } = useActions();
  const spot = useCore((s) => s.mapEdit.relocalize);
  const busy = useCore((s) => s.mapEdit.busy);
  const latest = useCore((s) => s.mapEdit.latest);
  return (
    <section className="map-page" aria-labelledby="lost-title">
      <div className="map-main">
        <MapView />
      </div>
      <aside className="map-side">
        <TitleRow back={{ label: t('nav.backTo.missions'), to: '/missions' }}>
          <h1 id="lost-title">{t('map.lost.title')}</h1>
        </TitleRow>
        {latest === 'none' || latest === 'failed' ? <p className="map-hint">{t('map.noMap')}</p> : null}
        {!spot && <p className="map-hint">{t('map.lost.hint')}</p>}
        {spot && (
          <div className="lost-picker" data-testid="orientation-picker">
            <h2>{t('map.lost.orientation')}</h2>
            <Compass value={spot.orientation} onChoose={(o) => dispatch({ type: 'ui/relocalized', action: 'orientation', orientation: o })} />
            <div className="map-editor-actions">
              <button type="button" className="btn btn-ghost" onClick={() => dispatch({ type: 'ui/relocalized', action: 'cancel' })} disabled={busy}>
                {t('map.lost.cancel')}
              </button>
              <button
                type="button"
                className="btn btn-primary"
                disabled={spot.orientation === null || busy}
                onClick={() => dispatch({ type: 'ui/relocalized', action: 'confirm' })}
              >
                {t('map.lost.confirm')}
              </button>
            </div>
            <Busy active={busy} />
          </div>
        )}
        <MapError />
      </aside>
    </section>
  );
}
