/** Stage 1: find destinations by typed text and add them as steps; 'Save and continue' once one exists. */
import { useState } from 'react';
import { useActions, useCore } from '../../../src/bridge/CoreContext';
import { useT } from '../../../src/i18n';
import { searchDestinations } from '../../../core/missions/views';
import { TextField } from '../../keyboard/TextField';
import { CloseIcon, PlusIcon } from '../../common/icons';
import { TitleRow } from '../../common/BackArrow';
import { NameText } from '../../common/NameText';

export function DestinationStage() {
  const t = useT();
  const { dispatch } = useActions();
  const steps = useCore((s) => s.path.steps);
  const destinations = useCore((s) => s.missions.destinations);
  const [query, setQuery] = useState('');
  const search = searchDestinations(destinations, query, steps.length);
  return (
    <section className="page path" aria-labelledby="path-title">
      <header className="page-head path-head">
        <TitleRow back={{ label: t('nav.backTo.missions'), to: '/missions' }}>
          <h1 id="path-title">{t('path.title')}</h1>
        </TitleRow>
      </header>
      <div className="page-body path-columns">
        <section className="path-steps" aria-label={t('path.steps')}>
          {steps.length === 0 && <p className="path-hint">{t('path.noSteps')}</p>}
          <ol className="step-list">
            {steps.map((s, i) => (
              <li key={s.id} className="step-item" data-testid={`step-${s.id}`}>
                <span className="step-number">{s.id}</span>
                <span className="step-name">{s.label ?? s.destination.name}</span>
                <button type="button" className="icon-button" aria-label={t('path.remove', { n: s.id })} onClick={() => dispatch({ type: 'ui/pathStepRemoved', index: i })}>
                  <CloseIcon />
                </button>
              </li>
            ))}
          </ol>
        </section>
        <section className="path-search" data-row-id={search.rowId}>
          <TextField label={t('path.searchLabel')} value={query} onChange={setQuery} placeholder={t('path.searchPlaceholder')} testId="destination-search" />
          <ul className="search-results" aria-live="polite">
            {query.trim() === '' && <li className="path-hint">{t('path.typeToSearch')}</li>}
            {query.trim() !== '' && search.results.length === 0 && <li className="path-hint">{t('path.noResults')}</li>}
            {search.results.map((d) => (
              <li key={d.id}>
                <button
                  type="button"
                  className="search-result"
                  aria-label={t('path.add', { name: d.name })}
                  onClick={() => {
                    dispatch({ type: 'ui/pathStepAdded', destinationId: d.id });
                    setQuery('');
                  }}
                >
                  <NameText name={d.name} lines={2} inControl />
                  <PlusIcon />
                </button>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <footer className="action-bar">
        <div className="action-start" />
        <div className="action-status" />
        <div className="action-end">
          {steps.length > 0 && (
            <button type="button" className="btn btn-primary" onClick={() => dispatch({ type: 'ui/pathStageChosen', stage: 'activities' })} data-testid="save-continue">
              {t('path.saveContinue')}
            </button>
          )}
        </div>
      </footer>
    </section>
  );
}
