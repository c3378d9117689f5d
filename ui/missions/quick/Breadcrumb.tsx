/** The quick wizard's breadcrumb: each filled step with its value, a touch away (spec 2.2). */
import { useActions, useCore } from '../../../src/bridge/CoreContext';
import { useT } from '../../../src/i18n';
import { loadCrumb, messageCrumb, quickFilled, ANYONE_ID } from '../../../core/missions/views';
import { QUICK_STEPS, type QuickDraft, type QuickStep } from '../../../core/missions/types';
import { NameText } from '../../common/NameText';
import { activityLabel } from '../strings';

export function Breadcrumb({ quick, step }: { quick: QuickDraft; step: QuickStep }) {
  const t = useT();
  const { dispatch } = useActions();
  const destinations = useCore((s) => s.missions.destinations);
  const recipients = useCore((s) => s.missions.recipients);
  const value = (s: QuickStep): string => {
    switch (s) {
      case 'destination':
        return destinations.find((d) => d.id === quick.destination)?.name ?? '';
      case 'activity':
        return activityLabel(t, quick.activity);
      case 'who':
        return quick.who === ANYONE_ID ? t('missions.anyone') : (recipients.find((r) => r.id === quick.who)?.name ?? '');
      case 'load':
        return t('quick.loadCrumb', loadCrumb(quick));
      case 'message':
        return messageCrumb(quick.message);
      default:
        return '';
    }
  };
  return (
    <nav className="crumbs" aria-label={t('quick.steps')}>
      <ol>
        {QUICK_STEPS.filter((s) => s !== 'start').map((s) => {
          const filled = quickFilled(quick, s);
          const current = s === step;
          return (
            <li key={s}>
              <button
                type="button"
                className={`crumb${current ? ' crumb-on' : ''}`}
                aria-current={current ? 'step' : undefined}
                disabled={!filled && !current}
                onClick={() => dispatch({ type: 'ui/quickStepJumped', step: s })}
                data-testid={`crumb-${s}`}
              >
                <span className="crumb-label">{t(`quick.crumb.${s}`)}</span>
                {filled && (s === 'destination' || (s === 'who' && quick.who !== ANYONE_ID)) ? (
                  // A tap opens the step, whose chosen card shows the whole name.
                  <NameText name={value(s)} lines={2} inControl className="crumb-value" />
                ) : (
                  <span className="crumb-value">{filled ? value(s) : '\u00a0'}</span>
                )}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
