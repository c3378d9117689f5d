/** /login: 'Login', 'Enter your 6-digit PIN', the PIN entry and 'Login', enabled once the PIN is complete. */
import { pinWaitSeconds } from '../../core/session/auth';
import { useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { Busy } from '../common/Busy';
import { Page } from '../common/Page';
import { PinEntry } from '../pin/PinEntry';
import { usePinInput } from '../pin/usePinInput';

export function LoginPage() {
  const t = useT();
  const pin = usePinInput('login');
  const checking = useCore((s) => s.setup.pinChecking);
  const waiting = useCore((s) => pinWaitSeconds(s) > 0);
  // The back end ended the session under the person (a restart): say why the PIN is asked (issue 42).
  const ended = useCore((s) => s.session.ended === true);
  const submit = () => {
    if (!checking && !waiting) pin.submit();
  };
  return (
    <Page
      title={t('login.title')}
      subtitle={ended ? t('sessionEnd.subtitle') : t('login.subtitle')}
      next={{ label: t('login.button'), onClick: submit, disabled: !pin.complete || checking || waiting }}
      status={<Busy active={checking} label={t('pin.checking')} />}
    >
      <PinEntry pin={pin} onEnter={submit} />
    </Page>
  );
}
