/**
 * /mission-data, 'Mission Data': a month of ended missions (the current one by default) as three tiles and a
 * sortable table; rows can be chosen, and the CSV export takes the chosen rows or, with none, the whole month.
 */
import './area';
import './data.css';
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { missionRows, missionTiles } from '../../core/data/missionRows';
import { periodAt } from '../../core/data/period';
import { Page } from '../common/Page';
import { BackArrow } from '../common/BackArrow';
import { Busy } from '../common/Busy';
import { ExportModal } from './ExportModal';
import { MissionTable } from './MissionTable';
import { MonthPicker } from './MonthPicker';
import { Tiles } from './Tiles';

export default function MissionDataPage() {
  const t = useT();
  const { dispatch } = useActions();
  const m = useCore((s) => s.missionData);
  const tz = useCore((s) => s.clock.tzOffsetMinutes);
  const now = useCore((s) => s.clock.now);
  const rows = missionRows(m.missions, m.destinations, tz, m.sort);
  const exporting = m.export.status === 'pending';
  const count = m.selected.length;

  return (
    <Page
      className="page-wide data-page"
      title={t('missionData.title')}
      lead={<BackArrow label={t('nav.backTo.missions')} to="/missions" />}
      status={<Busy active={m.status === 'pending' || exporting} />}
      headerAction={
        m.period && (
          <div className="data-actions">
            <MonthPicker value={m.period} latest={periodAt(now, tz)} onChoose={(p) => dispatch({ type: 'ui/missionDataPeriodChosen', ...p })} />
            <button type="button" className="btn btn-primary" disabled={m.missions.length === 0 || exporting} onClick={() => dispatch({ type: 'ui/missionDataExportPressed' })} data-testid="export-csv">
              {t('missionData.export')}
            </button>
          </div>
        )
      }
    >
      <Tiles tiles={m.status === 'loaded' ? missionTiles(m.missions) : null} />
      <p className="selection-count" aria-live="polite" data-testid="selection-count">
        {m.missions.length === 0 ? '' : count === 0 ? t('missionData.noneChosen') : count === 1 ? t('missionData.oneChosen') : t('missionData.manyChosen', { n: count })}
      </p>
      {m.status === 'failed' ? (
        <div className="load-failed" role="alert">
          <p className="form-error">{t('missionData.loadFailed')}</p>
          <button type="button" className="btn btn-secondary" onClick={() => m.period && dispatch({ type: 'ui/missionDataPeriodChosen', ...m.period })}>
            {t('dataShared.retry')}
          </button>
        </div>
      ) : m.status === 'loaded' && rows.length === 0 ? (
        <p className="empty-month">{t('missionData.empty')}</p>
      ) : (
        <MissionTable rows={rows} />
      )}
      <ExportModal state={m.export} onOk={() => dispatch({ type: 'ui/exportDismissed', area: 'missionData' })} />
    </Page>
  );
}
