/**
 * Says when the teleoperation socket is closed (nothing can be sent), another operator drives (the back end
 * answered busy), or the robot is not in manual mode.
 */
import { shallowEqual, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';

/** Always in its own slot of fixed height: a notice coming or going never moves the joystick under the finger. */
export function TeleopNotice() {
  return (
    <div className="teleop-notice-slot" data-testid="teleop-notice-slot">
      <Notice />
    </div>
  );
}

function Notice() {
  const t = useT();
  const { connected, mode, busy } = useCore((s) => ({ connected: s.teleop.connected, mode: s.teleop.mode, busy: s.teleop.busy }), shallowEqual);
  if (!connected)
    return (
      <p className="teleop-notice teleop-notice-off" role="status" data-testid="teleop-offline">
        {t('teleop.notConnected')}
      </p>
    );
  if (busy)
    return (
      <p className="teleop-notice teleop-notice-off" role="status" data-testid="teleop-busy">
        {t('teleop.busy')}
      </p>
    );
  if (mode === 'NORMAL')
    return (
      <p className="teleop-notice" role="status">
        {t('teleop.normalHint')}
      </p>
    );
  if (mode === 'MANUAL')
    return (
      <p className="teleop-notice teleop-notice-manual" role="status">
        {t('teleop.manualHint')}
      </p>
    );
  return null;
}
