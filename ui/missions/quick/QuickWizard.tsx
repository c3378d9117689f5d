/**
 * /missions/new-quick-mission (spec 2.2): destination, activity, who, load, message, start. The core decides
 * which step shows (the first not filled in, or the one jumped to in the breadcrumb).
 */
import { useActions, useCore } from '../../../src/bridge/CoreContext';
import { useT } from '../../../src/i18n';
import { canSkip, quickStep } from '../../../core/missions/views';
import { isLoadEmpty } from '../../../core/missions/load';
import { Busy } from '../../common/Busy';
import { LoadEditor } from '../LoadEditor';
import { Breadcrumb } from './Breadcrumb';
import { activityKey } from '../strings';
import { ChoiceStep } from './ChoiceStep';
import { MessageStep } from './MessageStep';

export function QuickWizard() {
  const t = useT();
  const { dispatch } = useActions();
  const quick = useCore((s) => s.quick);
  const save = useCore((s) => s.missions.save);
  const saveError = useCore((s) => s.missions.saveError);
  const loading = useCore((s) => s.missions.status === 'pending');
  const step = quickStep(quick);
  const kind = activityKey(quick.activity);
  const title = {
    destination: t('quick.destinationTitle'),
    activity: t('quick.activityTitle'),
    who: t('quick.whoTitle'),
    load: t('quick.loadTitle', { type: t(`missions.activityLower.${kind}`), theType: t(`missions.activityThe.${kind}`) }),
    message: t('quick.messageTitle'),
    start: t('quick.startTitle'),
  }[step];
  // Skip shows on every step before the start, enabled only on who, load and message (spec 2.2).
  const skip =
    step === 'start' ? null : (
      <button type="button" className="btn btn-secondary" disabled={!canSkip(step)} onClick={() => dispatch({ type: 'ui/quickSkipped' })} data-testid="skip">
        {t('quick.skip')}
      </button>
    );
  return (
    <section className="page quick" aria-labelledby="quick-title">
      <header className="page-head quick-head">
        <h1 id="quick-title">{title}</h1>
        {step === 'start' && <p className="page-subtitle">{t('quick.startSubtitle')}</p>}
        <div className="page-head-action">
          <button type="button" className="btn btn-ghost" onClick={() => dispatch({ type: 'ui/navigated', path: '/missions' })}>
            {t('quick.exit')}
          </button>
        </div>
      </header>
      <Breadcrumb quick={quick} />
      {/* The message step keeps the text being typed, so it draws its own body and action bar. */}
      {step === 'message' ? (
        <MessageStep initial={quick.message} initialAck={quick.messageReadAck} skip={skip} />
      ) : (
        <div className="page-body">
          <Busy active={loading} />
          {(step === 'destination' || step === 'activity' || step === 'who') && <ChoiceStep step={step} quick={quick} />}
          {step === 'load' && <LoadEditor target={{ kind: 'quick' }} load={quick.load} />}
          {step === 'start' && (
            <div className="quick-start">
              <button type="button" className="btn btn-primary btn-large" disabled={save === 'pending'} onClick={() => dispatch({ type: 'ui/quickStartPressed' })}>
                {t('quick.start')}
              </button>
              {save === 'failed' && (
                <p className="form-error" role="alert" data-testid="save-error">
                  {t('missions.saveFailed', { reason: saveError ?? '' })}
                </p>
              )}
            </div>
          )}
        </div>
      )}
      {step !== 'message' && (skip || step === 'load') && (
        <footer className="action-bar">
          <div className="action-start">{skip}</div>
          <div className="action-status" />
          <div className="action-end">
            {step === 'load' && (
              <button type="button" className="btn btn-primary" disabled={isLoadEmpty(quick.load)} onClick={() => dispatch({ type: 'ui/quickLoadConfirmed' })} data-testid="next">
                {t('quick.next')}
              </button>
            )}
          </div>
        </footer>
      )}
    </section>
  );
}

