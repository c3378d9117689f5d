/**
 * One mission of the list: its status (what the back end knows: the running mission's phase, a wait and why,
 * the last run), a summary, Run again, and the control that opens its movement page.
 */
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { canRunAgain } from '../../core/missions/rowStatus';
import { RunBefore, RunStatus } from './RunStatus';
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
  const again = useCore((s) => canRunAgain(s, row.id));
  return (
    <li className="mission-row" data-testid={`mission-${row.id}`}>
      <div className="mission-status-col">
        <RunStatus id={row.id} className="mission-status" />
        <RunBefore id={row.id} />
      </div>
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
      <div className="mission-actions">
        {again && (
          <button type="button" className="btn btn-secondary mission-again" aria-label={t('missions.runAgainLabel', { name })} onClick={() => dispatch({ type: 'ui/runAgainPressed', id: row.id })}>
            {t('missions.runAgain')}
          </button>
        )}
        <button type="button" className="icon-button mission-open" aria-label={t('missions.open', { name })} onClick={() => dispatch({ type: 'ui/missionOpened', id: row.id })}>
          <ChevronRight />
        </button>
      </div>
    </li>
  );
}
