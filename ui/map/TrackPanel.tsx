/** The paused panel of /mapping/track: pausing (Add destination, Resume, Edit, End) and ending (Continue, End). */
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import type { PanelAction } from '../../core/map/panel';

export function TrackPanel() {
  const t = useT();
  const { dispatch } = useActions();
  const panel = useCore((s) => s.mapEdit.panel);
  const act = (action: PanelAction) => dispatch({ type: 'ui/mappingPanel', action });
  if (panel === 'pausing')
    return (
      <div className="track-panel" role="dialog" aria-modal="true" aria-labelledby="panel-title" data-testid="track-panel">
        <h2 id="panel-title">{t('map.track.pausedTitle')}</h2>
        <div className="track-panel-actions">
          <button type="button" className="btn btn-secondary" onClick={() => act('addDestination')}>
            {t('map.track.addDestination')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => act('edit')}>
            {t('map.track.edit')}
          </button>
          <button type="button" className="btn btn-ghost map-danger" onClick={() => act('end')}>
            {t('map.track.end')}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => act('resume')} autoFocus>
            {t('map.track.resume')}
          </button>
        </div>
      </div>
    );
  if (panel === 'ending')
    return (
      <div className="track-panel" role="dialog" aria-modal="true" aria-labelledby="panel-title" data-testid="track-panel">
        <h2 id="panel-title">{t('map.track.endingTitle')}</h2>
        <p className="dialog-body">{t('map.track.endingBody')}</p>
        <div className="track-panel-actions">
          <button type="button" className="btn btn-secondary" onClick={() => act('continue')} autoFocus>
            {t('map.track.continue')}
          </button>
          <button type="button" className="btn btn-danger" onClick={() => act('end')}>
            {t('map.track.end')}
          </button>
        </div>
      </div>
    );
  return null;
}
