/**
 * The alert overlays of the error catalogue, over any page while logged in: errors and warnings list their
 * codes (Cancel, Manage), 'I'm lost' (Manage), and 'Limited range' (Continue, Start charging mission).
 */
import { alertCodes, overlayType } from '../../core/selectors';
import { missionChargingStops } from '../../core/missions/chargeNow';
import { useActions, useCore, shallowEqual } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { Dialog } from '../common/Dialog';
import { useState } from 'react';

export function AlertOverlay() {
  const t = useT();
  const { dispatch } = useActions();
  const type = useCore(overlayType);
  const codes = useCore((s) => alertCodes(s, overlayType(s)), shallowEqual);
  const skip = () => dispatch({ type: 'ui/alertSkipped' });
  const manage = () => dispatch({ type: 'ui/alertManaged' });
  // The charging mission's one confirmation (purely visual: the core starts it on the confirmed press).
  const [confirmCharge, setConfirmCharge] = useState(false);
  // The charge goes now: a mission the robot is on is stopped for it, said before the tap (issue 42).
  const stops = useCore(missionChargingStops, shallowEqual);
  if (type === null) return null;
  const button = (label: string, onClick: () => void, primary = false, focus = false) => (
    <button type="button" className={`btn ${primary ? 'btn-primary' : 'btn-secondary'}`} onClick={onClick} autoFocus={focus}>
      {label}
    </button>
  );
  if (type === 'lost')
    return (
      <Dialog title={t('alerts.lost.title')} body={t('alerts.lost.body')} tone="danger" testId="alert-lost">
        {button(t('alerts.lost.manage'), manage, true, true)}
      </Dialog>
    );
  if (type === 'batteries' && confirmCharge)
    return (
      <Dialog
        title={t('alerts.batteries.confirmTitle')}
        body={stops === null ? t('alerts.batteries.confirmBody') : stops.name ? t('chargeNow.stopsNamed', { name: stops.name }) : t('chargeNow.stops')}
        tone="warn"
        testId="charging-confirm"
      >
        {button(t('alerts.cancel'), () => setConfirmCharge(false), false, true)}
        {button(t('alerts.batteries.go'), () => {
          setConfirmCharge(false);
          dispatch({ type: 'ui/chargingMissionPressed' });
        }, true)}
      </Dialog>
    );
  if (type === 'batteries')
    return (
      <Dialog title={t('alerts.batteries.title')} body={t('alerts.batteries.body')} tone="warn" testId="alert-batteries">
        {button(t('alerts.batteries.continue'), skip, false, true)}
        {button(t('alerts.batteries.charge'), () => setConfirmCharge(true), true)}
      </Dialog>
    );
  return (
    <Dialog title={t(`alerts.${type}`, { codes: codes.join(', ') })} tone={type === 'errors' ? 'danger' : 'warn'} testId={`alert-${type}`}>
      {button(t('alerts.cancel'), skip, false, true)}
      {button(t('alerts.manage'), manage, true)}
    </Dialog>
  );
}
