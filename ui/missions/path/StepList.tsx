/** The steps on the left of the activity stage and the overview: each with its complete, error or plain icon. */
import { useActions } from '../../../src/bridge/CoreContext';
import { useT } from '../../../src/i18n';
import { stepName, stepStatus } from '../../../core/missions/views';
import type { PathStep } from '../../../core/missions/types';
import { CheckIcon } from '../../common/icons';
import { EditIcon } from './EditIcon';
import { NameText } from '../../common/NameText';

function StatusIcon({ status }: { status: 'complete' | 'error' | 'plain' }) {
  return (
    <span className={`step-status step-status-${status}`} aria-hidden="true">
      {status === 'complete' ? <CheckIcon /> : status === 'error' ? '!' : ''}
    </span>
  );
}

/** `onPick` replaces selecting the step (the overview edits it instead), and then each step shows the pencil. */
export function StepList({ steps, selected, onPick }: { steps: PathStep[]; selected: number | null; onPick?(index: number): void }) {
  const t = useT();
  const { dispatch } = useActions();
  const pick = onPick ?? ((index: number) => dispatch({ type: 'ui/pathStepSelected', index }));
  return (
    <ol className="step-list">
      {steps.map((s, i) => {
        const status = stepStatus(s);
        return (
          <li key={s.id}>
            <button
              type="button"
              className={`step-item step-button${i === selected ? ' step-on' : ''}`}
              aria-current={i === selected ? 'step' : undefined}
              aria-label={t('path.stepItem', { n: s.id, name: stepName(s), status: t(`path.status.${status}`) })}
              onClick={() => pick(i)}
              data-testid={`step-${s.id}`}
              data-status={status}
            >
              <StatusIcon status={status} />
              <NameText name={stepName(s)} lines={3} inControl className="step-name" />
              {onPick && <EditIcon />}
            </button>
          </li>
        );
      })}
    </ol>
  );
}
