/**
 * /diagnostic: battery cards, a Period (the last 12 months) and View By (Distance or Time) choice, the chart by
 * day of month, the CSV export, links to teleoperation and joints, and 'Export log' (the kiosk's own event log,
 * for the replay page).
 */
import '../data/area';
import './diagnostics.css';
import { Link } from 'wouter';
import { shallowEqual, useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { lastTwelveMonths } from '../../core/data/period';
import type { DiagnosticView } from '../../core/data/diagnostics';
import { Page } from '../common/Page';
import { BackArrow } from '../common/BackArrow';
import { useFormat } from '../common/format';
import { Busy } from '../common/Busy';
import { ExportModal } from '../data/ExportModal';
import { BatteryCards } from './BatteryCards';
import { DayChart } from './DayChart';
import { ExportLogButton } from '../replay/ExportLogButton';

export default function DiagnosticPage() {
  const t = useT();
  const f = useFormat();
  const { dispatch } = useActions();
  const g = useCore((s) => s.diagnostics);
  const current = useCore((s) => s.diagnostics.current, shallowEqual);
  const periods = current ? lastTwelveMonths(current) : [];
  const periodValue = g.period ? `${g.period.year}-${g.period.month}` : '';
  const exporting = g.export.status === 'pending';

  return (
    <Page
      className="page-wide diagnostic-page"
      title={t('diagnostic.title')}
      lead={<BackArrow label={t('nav.backTo.missions')} to="/missions" />}
      status={<Busy active={g.status === 'pending' || exporting} />}
      headerAction={
        <div className="data-actions" data-testid="diagnostic-actions">
          <Link href="/control" className="btn btn-ghost">
            {t('teleop.title')}
          </Link>
          <Link href="/joints" className="btn btn-ghost">
            {t('joints.title')}
          </Link>
          <button type="button" className="btn btn-primary" disabled={!g.period || exporting} onClick={() => dispatch({ type: 'ui/diagnosticExportPressed' })}>
            {t('diagnostic.export')}
          </button>
          <ExportLogButton />
        </div>
      }
    >
      <BatteryCards />
      <div className="chart-controls">
        <label className="select-field">
          <span className="field-label">{t('diagnostic.period')}</span>
          <select
            className="select"
            value={periodValue}
            onChange={(e) => {
              const [year, month] = e.target.value.split('-').map(Number);
              dispatch({ type: 'ui/diagnosticPeriodChosen', year: year!, month: month! });
            }}
            data-testid="period"
          >
            {periods.map((p) => (
              <option key={`${p.year}-${p.month}`} value={`${p.year}-${p.month}`}>
                {f.month(p.month, p.year)}
              </option>
            ))}
          </select>
        </label>
        <label className="select-field">
          <span className="field-label">{t('diagnostic.viewBy')}</span>
          <select className="select" value={g.view} onChange={(e) => dispatch({ type: 'ui/diagnosticViewChosen', view: e.target.value as DiagnosticView })} data-testid="view">
            <option value="distance">{t('diagnostic.view.distance')}</option>
            <option value="time">{t('diagnostic.view.time')}</option>
          </select>
        </label>
      </div>
      {g.status === 'failed' ? (
        <p className="form-error" role="alert">
          {t('diagnostic.loadFailed')}
        </p>
      ) : (
        <DayChart days={g.days} view={g.view} />
      )}
      <ExportModal state={g.export} onOk={() => dispatch({ type: 'ui/exportDismissed', area: 'diagnostic' })} />
    </Page>
  );
}
