/** The PIN error of the catalogue, or the wait after too many wrong PINs, counting down each second. */
import { pinWaitSeconds } from '../../core/session/auth';
import { useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';

export function PinMessage({ id }: { id: string }) {
  const t = useT();
  const error = useCore((s) => s.setup.pinError);
  const wait = useCore(pinWaitSeconds);
  let text: string | null = null;
  if (error === 'tooManyAttempts') text = wait > 0 ? t('pin.errors.tooManyAttempts', { seconds: wait }) : t('pin.errors.tooManyAttemptsOver');
  else if (error) text = t(`pin.errors.${error}`);
  return (
    <div id={id} className="pin-message" aria-live="polite">
      {text && (
        <p className={`form-error ${error === 'tooManyAttempts' && wait === 0 ? 'form-info' : ''}`} role="alert" data-testid="pin-error">
          {text}
        </p>
      )}
    </div>
  );
}
