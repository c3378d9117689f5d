/** /fux/confirm-pin: 'Confirm the new pin'; the worker compares it with the held one, the core saves it. */
import './strings';
import { useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { Page } from '../common/Page';
import { SaveStatus } from '../common/SaveStatus';
import { useWizard } from '../common/useWizard';
import { PinEntry } from '../pin/PinEntry';
import { usePinInput } from '../pin/usePinInput';

export function ConfirmPinPage() {
  const t = useT();
  const w = useWizard('confirm-pin');
  const pin = usePinInput('confirmPin');
  const saving = useCore((s) => s.setup.save === 'pending');
  const submit = () => {
    if (!saving) pin.submit();
  };
  return (
    <Page
      title={t('fux.confirmPin.title')}
      subtitle={t('fux.confirmPin.subtitle')}
      back={{ onClick: w.back }}
      next={{ label: t('common.saveAndContinue'), onClick: submit, disabled: !pin.complete || saving }}
      status={<SaveStatus />}
    >
      <PinEntry pin={pin} onEnter={submit} />
    </Page>
  );
}
