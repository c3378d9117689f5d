/** Stage 3: the steps with their edit buttons, the mission's name, and 'Configuration completed!' to save it. */
import { useState } from 'react';
import { useActions, useCore } from '../../../src/bridge/CoreContext';
import { useT } from '../../../src/i18n';
import { TextField } from '../../keyboard/TextField';
import { StepList } from './StepList';
import { OverviewDetails } from './OverviewDetails';
import { TitleRow } from '../../common/BackArrow';
import { nameSlot, TextWithName, withNames } from '../../common/TextWithName';

export function OverviewStage() {
  const t = useT();
  const { dispatch } = useActions();
  const path = useCore((s) => s.path);
  const save = useCore((s) => s.missions.save);
  const saveError = useCore((s) => s.missions.saveError);
  const [name, setName] = useState(path.name);
  const edit = (index: number) => {
    dispatch({ type: 'ui/pathStepSelected', index });
    dispatch({ type: 'ui/pathStageChosen', stage: 'activities' });
  };
  return (
    <section className="page path" aria-labelledby="path-overview-title">
      <header className="page-head">
        <TitleRow back={{ label: t('nav.backTo.activities'), onClick: () => dispatch({ type: 'ui/pathStageChosen', stage: 'activities' }) }}>
          <h1 id="path-overview-title" aria-label={withNames(t('path.overviewTitle', { name: nameSlot(0) }), [path.name])}><TextWithName text={t('path.overviewTitle', { name: nameSlot(0) })} names={[path.name]} lines={2} /></h1>
        </TitleRow>
        <div className="page-head-action">
          <button type="button" className="btn btn-ghost" onClick={() => dispatch({ type: 'ui/navigated', path: '/missions' })}>
            {t('path.exit')}
          </button>
        </div>
      </header>
      <div className="page-body path-columns">
        <section className="path-steps" aria-label={t('path.steps')}>
          <StepList steps={path.steps} selected={null} onPick={edit} />
        </section>
        <section className="path-activities">
          <TextField label={t('path.nameLabel')} value={name} onChange={setName} onEnter={() => dispatch({ type: 'ui/pathNameChanged', name })} testId="mission-name" counted />
          <OverviewDetails steps={path.steps} />
        </section>
      </div>
      <footer className="action-bar">
        <div className="action-start" />
        <div className="action-status">
          {save === 'failed' ? (
            <p className="form-error" role="alert" data-testid="save-error">
              {t('missions.saveFailed', { reason: saveError ?? '' })}
            </p>
          ) : (
            // The back end runs what is created: the person knows before pressing.
            <p className="path-leaves" data-testid="leaves-at-once">
              {t('path.leavesAtOnce')}
            </p>
          )}
        </div>
        <div className="action-end">
          <button
            type="button"
            className="btn btn-primary"
            disabled={save === 'pending'}
            onClick={() => {
              dispatch({ type: 'ui/pathNameChanged', name });
              dispatch({ type: 'ui/pathSavePressed' });
            }}
            data-testid="configuration-completed"
          >
            {t('path.completed')}
          </button>
        </div>
      </footer>
    </section>
  );
}
