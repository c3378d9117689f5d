/** One mission of the list: its 'Departing' status, a summary, and the control that opens its movement page. */
import { useActions } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import type { MissionRow } from '../../core/missions/views';
import { ChevronRight } from '../common/icons';
import { activityLabel } from './strings';

export function MissionRowView({ row }: { row: MissionRow }) {
  const t = useT();
  const { dispatch } = useActions();
  const name = row.kind === 'path' ? row.name : t('missions.quickName');
  return (
    <li className="mission-row" data-testid={`mission-${row.id}`}>
      <span className="mission-status">{t('missions.departing')}</span>
      <div className="mission-summary">
        {row.kind === 'quick' ? (
          <>
            <strong>{row.destinations[0]}</strong>
            <span>{row.activityIds.map((id) => activityLabel(t, id)).join(', ')}</span>
            <span>{t('missions.to', { recipients: row.recipients.join(', ') })}</span>
          </>
        ) : (
          <>
            <strong>{row.name}</strong>
            <ol className="mission-destinations">
              {row.destinations.map((d, i) => (
                <li key={i}>{d}</li>
              ))}
            </ol>
          </>
        )}
      </div>
      <button
        type="button"
        className="icon-button mission-open"
        aria-label={t('missions.open', { name })}
        onClick={() => dispatch({ type: 'ui/navigated', path: `/movement/${row.id}` })}
      >
        <ChevronRight />
      </button>
    </li>
  );
}
