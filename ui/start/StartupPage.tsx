/**
 * /startup: the logo fades in after 2 s; 10 s later the core leaves by the settings. A slow read shows
 * progress, a failed one says 'Faild to get startup data' and offers a retry.
 */
import { robotName } from '../../core/settings/robotName';
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { Busy } from '../common/Busy';
import { RobotFace } from '../common/RobotFace';

export function StartupPage() {
  const t = useT();
  const { dispatch } = useActions();
  const visible = useCore((s) => s.startup.logoVisible);
  const status = useCore((s) => s.settings.status);
  // The robot's own name; the product's until it has one (settings may still be on their way).
  const robot = useCore(robotName) ?? t('app.title');
  // Progress only once the logo is up: before that the screen is meant to be empty.
  const waiting = visible && status === 'pending';
  return (
    <section className="startup" aria-label={t('startup.label', { robot })} aria-busy={status === 'pending'}>
      <div className={`startup-logo${visible ? ' startup-logo-in' : ''}`} data-testid="startup-logo" data-visible={visible}>
        <RobotFace size={260} />
        {/* Cut by CSS (two lines), not NameText: the startup screen is the first screen, with no room in its bundle. */}
        <h1 className="startup-name">{robot}</h1>
      </div>
      <div className="startup-status">
        <Busy active={waiting} />
        {status === 'failed' && (
          <div className="startup-failed" role="alert">
            <p className="form-error">{t('startup.failed')}</p>
            <button type="button" className="btn btn-secondary" onClick={() => dispatch({ type: 'ui/startupRetried' })}>
              {t('startup.retry')}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
