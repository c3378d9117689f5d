/**
 * The overview's summary of what each step will do: per step its activities, each with its recipients, its
 * message (and whether reading it must be confirmed) and its load, so the mission is checked before it is saved.
 */
import { useCore } from '../../../src/bridge/CoreContext';
import { useT } from '../../../src/i18n';
import { recipientsFor, stepName } from '../../../core/missions/views';
import type { PathStep } from '../../../core/missions/types';
import { NameText } from '../../common/NameText';
import { itemCount } from '../../../core/missions/load';
import { activityLabel } from '../strings';

export function OverviewDetails({ steps }: { steps: PathStep[] }) {
  const t = useT();
  const recipients = useCore((s) => s.missions.recipients);
  return (
    <ol className="overview-details" aria-label={t('path.overviewDetails')} data-testid="overview-details">
      {steps.map((s) => {
        const names = new Map(recipientsFor(recipients, s.destination.id, t('missions.anyone')).map((r) => [r.id, r.name]));
        return (
          <li key={s.id} className="overview-step" data-testid={`overview-step-${s.id}`}>
            <h2>
              <NameText name={`${s.id}. ${stepName(s)}`} lines={2} />
            </h2>
            <ul>
              {s.activities.map((a) => (
                <li key={a.id} className="overview-activity">
                  <strong>{activityLabel(t, a.activity)}</strong>
                  <span>{t('path.overviewTo', { names: a.whos.map((id) => names.get(id) ?? `#${id}`).join(', ') })}</span>
                  <span>
                    {a.message === ''
                      ? t('path.noMessage')
                      : t(a.messageReadRequired ? 'path.overviewMessageConfirmed' : 'path.overviewMessage', { message: a.message })}
                  </span>
                  <span>{t('path.loadSummary', { left: itemCount(a.loadLocationLeft), right: itemCount(a.loadLocationRight) })}</span>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
