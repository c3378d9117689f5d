/** The quick wizard's breadcrumb (spec 2.2), drawn from its core view (core/missions/quickCrumbs.ts). */
import { useActions, useCore } from '../../../src/bridge/CoreContext';
import { useT, type Translate } from '../../../src/i18n';
import { quickCrumbs, type CrumbValue } from '../../../core/missions/quickCrumbs';
import type { QuickDraft } from '../../../core/missions/types';
import { NameText } from '../../common/NameText';

function valueText(t: Translate, value: Exclude<CrumbValue, { kind: 'name' }>): string {
  switch (value.kind) {
    case 'none':
      return '\u00a0';
    case 'anyone':
      return t('missions.anyone');
    case 'activity':
      return t(`missions.activity.${value.activity}`);
    case 'load':
      return t('quick.loadCrumb', { left: value.left, right: value.right });
    case 'text':
      return value.text;
  }
}

export function Breadcrumb({ quick }: { quick: QuickDraft }) {
  const t = useT();
  const { dispatch } = useActions();
  const destinations = useCore((s) => s.missions.destinations);
  const recipients = useCore((s) => s.missions.recipients);
  return (
    <nav className="crumbs" aria-label={t('quick.steps')}>
      <ol>
        {quickCrumbs(quick, { destinations, recipients }).map(({ step, current, enabled, value }) => (
          <li key={step}>
            <button
              type="button"
              className={`crumb${current ? ' crumb-on' : ''}`}
              aria-current={current ? 'step' : undefined}
              disabled={!enabled}
              onClick={() => dispatch({ type: 'ui/quickStepJumped', step })}
              data-testid={`crumb-${step}`}
            >
              <span className="crumb-label">{t(`quick.crumb.${step}`)}</span>
              {value.kind === 'name' ? (
                // A tap opens the step, whose chosen card shows the whole name.
                <NameText name={value.name} lines={2} inControl className="crumb-value" />
              ) : (
                <span className="crumb-value">{valueText(t, value)}</span>
              )}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
