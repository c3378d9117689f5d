/** The inactivity lock: the robot's face, one of three greetings (after 550 ms), and 'Let's collaborate'. */
import { lockShown } from '../../core/selectors';
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { RobotFace } from '../common/RobotFace';

export function LockScreen() {
  const t = useT();
  const { dispatch } = useActions();
  const shown = useCore(lockShown);
  const greeting = useCore((s) => s.session.greeting);
  if (!shown) return null;
  return (
    <div className="lock-screen" role="dialog" aria-modal="true" aria-label={t('lock.label')} data-testid="lock-screen">
      <RobotFace size={280} />
      <h1 className="lock-greeting" aria-live="polite">
        {greeting !== null ? t(`lock.greeting${greeting}`) : ''}
      </h1>
      <button type="button" className="btn btn-primary btn-large" onClick={() => dispatch({ type: 'ui/unlockPressed' })} autoFocus>
        {t('lock.unlock')}
      </button>
    </div>
  );
}
