/** One mission of the list: its 'Departing' status, a summary, and the control that opens its movement page. */
import { useActions } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import type { MissionRow } from '../../core/missions/views';
import { ChevronRight } from '../common/icons';
import { NameText } from '../common/NameText';
import { nameSlot, TextWithName } from '../common/TextWithName';
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
            <NameText name={row.destinations[0] ?? ''} lines={2} className="mission-title" />
            <span>{row.activityIds.map((id) => activityLabel(t, id)).join(', ')}</span>
            <span className="mission-to">
              <TextWithName text={t('missions.to', { recipients: nameSlot(0) })} names={[row.recipients.join(', ')]} lines={2} />
            </span>
          </>
        ) : (
          <>
            <NameText name={row.name} lines={2} className="mission-title" />
            <ol className="mission-destinations">
              {row.destinations.map((d, i) => (
                <li key={i}>
                  <NameText name={d} />
                </li>
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
