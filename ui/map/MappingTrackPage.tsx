/** /mapping/track: the live map while the robot follows and maps; a tap opens the paused panel. */
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { MapView } from './MapView';
import { TrackPanel } from './TrackPanel';

export function MappingTrackPage() {
  const t = useT();
  const { dispatch } = useActions();
  const following = useCore((s) => s.follow.following);
  // Follow-me just started again (after the paused panel or an edit): looking, not lost, until the robot says.
  const resuming = useCore((s) => s.follow.resuming);
  // The paused panel pauses following too (core/map/followPause.ts): the header says so.
  const paused = useCore((s) => s.mapEdit.panel !== 'default');
  const hasMap = useCore((s) => s.map.version > 0);
  const tap = () => dispatch({ type: 'ui/mappingPanel', action: 'tap' });
  return (
    <section className="track-page" aria-labelledby="track-title">
      {/* "Tap the screen": the header is screen too. A click is what every pointer gives, a mouse in a browser as
          much as a finger on the kiosk (issue 42); while paused it does nothing (Resume goes on). */}
      <header className={`track-head${paused ? '' : ' track-head-tap'}`} onClick={paused ? undefined : tap} data-testid="track-head">
        <h1 id="track-title" className={following || paused || resuming ? '' : 'track-lost'} data-testid="track-status">
          {paused ? t('map.track.pausedTitle') : following ? t('map.track.mapping') : resuming ? t('map.track.looking') : t('map.track.lost')}
        </h1>
        {/* While paused, tapping no longer pauses: the hint says how to go on instead. */}
        <p className="track-hint" data-testid="track-hint">
          {paused ? t('map.track.pausedHint') : t('map.track.hint')}
        </p>
      </header>
      <div className="track-map">
        {hasMap ? (
          <MapView onTap={tap} />
        ) : (
          <button type="button" className="track-tap" onClick={tap} aria-label={t('map.track.pause')}>
            <span className="map-hint">{t('map.track.waitingForMap')}</span>
          </button>
        )}
      </div>
      <TrackPanel />
    </section>
  );
}
