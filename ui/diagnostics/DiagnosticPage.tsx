/**
 * /diagnostic: battery cards, a Period (the last 12 months) and View By (Distance or Time) choice, the chart by
 * day of month, the CSV export, links to teleoperation and joints, and 'Export log' (the kiosk's own event log,
 * for the replay page).
 */
import '../data/area';
import './diagnostics.css';
import '../data/shared.css';
import { Link } from 'wouter';
import { shallowEqual, useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { lastTwelveMonths } from '../../core/data/period';
import type { DiagnosticView } from '../../core/data/diagnostics';
import { Page } from '../common/Page';
import { BackArrow } from '../common/BackArrow';
import { Busy } from '../common/Busy';
import { ExportModal } from '../data/ExportModal';
import { MonthPicker } from '../data/MonthPicker';
import { BatteryCards } from './BatteryCards';
import { AlertList } from './AlertList';
import { DayChart } from './DayChart';
import { ExportLogButton } from '../replay/ExportLogButton';

const VIEWS: DiagnosticView[] = ['distance', 'time'];

export default function DiagnosticPage() {
  const t = useT();
  const { dispatch } = useActions();
  const g = useCore((s) => s.diagnostics);
  const current = useCore((s) => s.diagnostics.current, shallowEqual);
  const periods = current ? lastTwelveMonths(current) : [];
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
      {/* First: 'Manage' on an errors or warnings overlay comes here for them. */}
      <AlertList />
      <BatteryCards />
      <div className="chart-controls">
        {/* Touch pickers, as on /mission-data: the month in a panel of the last 12, the view as two buttons. */}
        <div className="select-field">
          <span className="field-label">{t('diagnostic.period')}</span>
          {g.period && current && (
            <MonthPicker
              value={g.period}
              latest={current}
              earliest={periods[periods.length - 1]}
              onChoose={(p) => dispatch({ type: 'ui/diagnosticPeriodChosen', year: p.year, month: p.month })}
            />
          )}
        </div>
        <div className="select-field">
          <span className="field-label" id="view-by">
            {t('diagnostic.viewBy')}
          </span>
          <div className="segmented" role="group" aria-labelledby="view-by" data-testid="view">
            {VIEWS.map((view) => (
              <button
                key={view}
                type="button"
                className={`btn ${g.view === view ? 'btn-primary' : 'btn-secondary'}`}
                aria-pressed={g.view === view}
                onClick={() => dispatch({ type: 'ui/diagnosticViewChosen', view })}
                data-testid={`view-${view}`}
              >
                {t(`diagnostic.view.${view}`)}
              </button>
            ))}
          </div>
        </div>
        {/* What the bars count, beside the choice of what they show, so they are not taken for Mission Data's
            missions-only metres (issue 42). */}
        <p className="data-note chart-note" data-testid="chart-note">
          {t(`diagnostic.counts.${g.view}`)}
        </p>
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
