/**
 * /fux/choose-new-pin: a new 6-digit PIN. It goes to the worker as soon as it is complete (the core only
 * learns that one is held), so Continue enables then; Back forgets it.
 */
import './strings';
import { useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { Page } from '../common/Page';
import { RobotNameText } from '../common/RobotNameText';
import { useWizard } from '../common/useWizard';
import { PinEntry } from '../pin/PinEntry';
import { usePinInput } from '../pin/usePinInput';

export function ChooseNewPinPage() {
  const t = useT();
  const w = useWizard('choose-new-pin');
  const pin = usePinInput('newPin');
  const held = useCore((s) => s.setup.newPinHeld);
  const ready = held && pin.complete;
  const next = () => {
    if (ready) w.next();
  };
  return (
    <Page title={t('fux.newPin.title')} subtitle={<RobotNameText textKey="fux.newPin.subtitle" />} back={{ onClick: w.back }} next={{ onClick: next, disabled: !ready }}>
      <PinEntry pin={pin} onEnter={next} />
    </Page>
  );
}
