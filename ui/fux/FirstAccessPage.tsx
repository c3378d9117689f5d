/** /fux/first-access: 'Make your first access' with the demo PIN; the back end checks it (POST api/auth). */
import './strings';
import { useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { Busy } from '../common/Busy';
import { Page } from '../common/Page';
import { RobotNameText } from '../common/RobotNameText';
import { useWizard } from '../common/useWizard';
import { PinEntry } from '../pin/PinEntry';
import { usePinInput } from '../pin/usePinInput';

export function FirstAccessPage() {
  const t = useT();
  const w = useWizard('first-access');
  const pin = usePinInput('firstAccess');
  const checking = useCore((s) => s.setup.pinChecking);
  const submit = () => {
    if (!checking) pin.submit();
  };
  return (
    <Page
      title={t('fux.firstAccess.title')}
      subtitle={<RobotNameText textKey="fux.firstAccess.subtitle" />}
      back={{ onClick: w.back }}
      next={{ onClick: submit, disabled: !pin.complete || checking }}
      status={<Busy active={checking} label={t('pin.checking')} />}
    >
      <PinEntry pin={pin} onEnter={submit} />
    </Page>
  );
}
