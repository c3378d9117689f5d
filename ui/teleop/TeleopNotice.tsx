/** Says when the teleoperation socket is closed (nothing can be sent) or the robot is not in manual mode. */
import { shallowEqual, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';

export function TeleopNotice() {
  const t = useT();
  const { connected, mode } = useCore((s) => ({ connected: s.teleop.connected, mode: s.teleop.mode }), shallowEqual);
  if (!connected)
    return (
      <p className="teleop-notice teleop-notice-off" role="status" data-testid="teleop-offline">
        {t('teleop.notConnected')}
      </p>
    );
  if (mode === 'NORMAL')
    return (
      <p className="teleop-notice" role="status">
        {t('teleop.normalHint')}
      </p>
    );
  return null;
}
