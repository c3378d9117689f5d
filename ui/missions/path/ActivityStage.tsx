/** Stage 2: the activities of the selected step, with the step list, '+ Add step' and 'Go to the overview'. */
import { useState } from 'react';
import { useActions, useCore } from '../../../src/bridge/CoreContext';
import { useT } from '../../../src/i18n';
import { pathComplete, stepComplete, stepName } from '../../../core/missions/views';
import { TextField } from '../../keyboard/TextField';
import { StepList } from './StepList';
import { ActivityCard } from './ActivityCard';
import { EditIcon } from './EditIcon';
import { BackArrow } from '../../common/BackArrow';
import { nameSlot, TextWithName, withNames } from '../../common/TextWithName';

export function ActivityStage() {
  const t = useT();
  const { dispatch } = useActions();
  const path = useCore((s) => s.path);
  const [renaming, setRenaming] = useState<string | null>(null);
  const index = Math.min(path.selected, path.steps.length - 1);
  const step = path.steps[index];
  if (!step) return null;
  const complete = pathComplete(path);
  const rename = () => {
    if (renaming !== null) dispatch({ type: 'ui/pathStepRenamed', index, name: renaming });
    setRenaming(null);
  };
  return (
    <section className="page path" aria-labelledby="path-activities-title">
      <div className="page-body path-columns">
        <section className="path-steps" aria-label={t('path.steps')}>
          <StepList steps={path.steps} selected={index} />
          <button type="button" className="btn btn-ghost" onClick={() => dispatch({ type: 'ui/pathStageChosen', stage: 'destinations' })}>
            {t('path.addStep')}
          </button>
        </section>
        <section className="path-activities">
          <header className="path-title-row">
            <BackArrow label={t('nav.backTo.destinations')} onClick={() => dispatch({ type: 'ui/pathStageChosen', stage: 'destinations' })} />
            <h1 id="path-activities-title" aria-label={withNames(t('path.activitiesTitle', { step: nameSlot(0) }), [stepName(step)])}><TextWithName text={t('path.activitiesTitle', { step: nameSlot(0) })} names={[stepName(step)]} lines={2} /></h1>
            {renaming === null && (
              <button type="button" className="icon-button" aria-label={t('path.rename', { step: stepName(step) })} onClick={() => setRenaming(stepName(step))}>
                <EditIcon />
              </button>
            )}
            {/* The wizard's way out, where the overview has it: at the top right. */}
            <button type="button" className="btn btn-ghost path-exit" onClick={() => dispatch({ type: 'ui/navigated', path: '/missions' })}>
              {t('path.exit')}
            </button>
          </header>
          {renaming !== null && (
            <div className="path-rename">
              <TextField label={t('path.stepName')} value={renaming} onChange={setRenaming} autoFocus onEnter={rename} testId="step-name" counted />
              <button type="button" className="btn btn-secondary" onClick={() => setRenaming(null)}>
                {t('path.cancel')}
              </button>
              <button type="button" className="btn btn-primary" onClick={rename}>
                {t('path.save')}
              </button>
            </div>
          )}
          {step.checked && !stepComplete(step) && (
            <p className="form-error" role="alert" data-testid="missing-field">
              {t('path.missing')}
            </p>
          )}
          <ol className="activity-cards">
            {step.activities.map((a, i) => (
              <ActivityCard key={a.id} stepIndex={index} index={i} activity={a} destinationId={step.destination.id} showErrors={step.checked} canDelete={step.activities.length > 1} />
            ))}
          </ol>
          <button type="button" className="btn btn-ghost" onClick={() => dispatch({ type: 'ui/pathActivityAdded', step: index })} data-testid="add-activity">
            {t('path.addActivity')}
          </button>
        </section>
      </div>
      <footer className="action-bar">
        <div className="action-start" />
        <div className="action-status" />
        <div className="action-end">
          {/* Looks disabled until every step is complete, yet a press explains what is missing (so it is not
              marked disabled for assistive technology either: it does answer). */}
          <button
            type="button"
            className={`btn btn-primary${complete ? '' : ' btn-looks-disabled'}`}
            onClick={() => dispatch({ type: 'ui/pathStageChosen', stage: 'overview' })}
            data-testid="go-overview"
          >
            {t('path.goOverview')}
          </button>
        </div>
      </footer>
    </section>
  );
}
