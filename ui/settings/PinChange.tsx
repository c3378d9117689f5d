/**
 * The PIN change: the current PIN (checked by the back end at once), then the wizard's new-PIN and confirm
 * pages; the save sends the new PIN with the current one (core/settings/pinChange.ts). The
 * digits stay in the PIN entry's local state and the worker, as at login and in the wizard.
 */
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { RobotNameText } from '../common/RobotNameText';
import { PinEntry } from '../pin/PinEntry';
import { usePinInput } from '../pin/usePinInput';
import { pinWaitSeconds } from '../../core/session/auth';
import { EditorFrame, SaveOutcome } from './EditorFrame';

export function PinChange() {
  const stage = useCore((s) => s.settingsPage.pinStage);
  // Each step is a fresh entry: no digit of one step shows in the next.
  if (stage === 'current') return <CurrentPin key="current" />;
  if (stage === 'new') return <NewPin key="new" />;
  if (stage === 'confirm') return <ConfirmPin key="confirm" />;
  return <PinDone />;
}

function CurrentPin() {
  const t = useT();
  const pin = usePinInput('currentPin');
  const locked = useCore((s) => pinWaitSeconds(s) > 0);
  // The back end checks the current PIN before a new one is asked for (core/settings/pinChange.ts).
  const checking = useCore((s) => s.setup.pinChecking);
  const submit = () => !locked && !checking && pin.submit();
  return (
    <EditorFrame section="pin" title={t('settings.pin.currentTitle')} subtitle={t('settings.pin.currentSubtitle')} canSave={pin.complete && !locked && !checking} onSave={submit}>
      <PinEntry pin={pin} onEnter={submit} />
    </EditorFrame>
  );
}

function NewPin() {
  const t = useT();
  const { dispatch } = useActions();
  const pin = usePinInput('newPin');
  const held = useCore((s) => s.setup.newPinHeld);
  const next = () => held && pin.complete && dispatch({ type: 'ui/settingsPinStage', stage: 'confirm' });
  return (
    <EditorFrame section="pin" title={t('fux.newPin.title')} subtitle={<RobotNameText textKey="fux.newPin.subtitle" />} canSave={held && pin.complete} onSave={next}>
      <PinEntry pin={pin} onEnter={next} />
    </EditorFrame>
  );
}

function ConfirmPin() {
  const t = useT();
  const pin = usePinInput('confirmPin');
  const saving = useCore((s) => s.settingsPage.save === 'pending');
  const submit = () => !saving && pin.submit();
  return (
    <EditorFrame section="pin" title={t('fux.confirmPin.title')} subtitle={t('fux.confirmPin.subtitle')} canSave={pin.complete && !saving} onSave={submit}>
      <PinEntry pin={pin} onEnter={submit} />
    </EditorFrame>
  );
}

function PinDone() {
  const t = useT();
  const { dispatch } = useActions();
  return (
    <EditorFrame section="pin" title={t('settings.pin.doneTitle')} subtitle={t('settings.pin.doneBody')}>
      <SaveOutcome section="pin" />
      <button type="button" className="btn btn-secondary" onClick={() => dispatch({ type: 'ui/settingsPinStage', stage: 'current' })}>
        {t('settings.pin.again')}
      </button>
    </EditorFrame>
  );
}
