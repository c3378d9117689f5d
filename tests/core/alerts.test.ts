import { describe, expect, it } from 'vitest';
import { alertCodes, alertType, overlayType } from '../../core/selectors';
import { booted, loggedIn } from './harness';

const update = (over: Partial<Record<'activated_errors' | 'activated_warnings' | 'resolved_errors' | 'resolved_warnings', string[]>>) => ({
  activated_errors: [],
  activated_warnings: [],
  resolved_errors: [],
  resolved_warnings: [],
  ...over,
});

describe('alert banner', () => {
  it('is sync while the back end or the robot is not connected, above everything else', () => {
    const h = booted();
    h.ws('robot/alert_update', update({ activated_errors: ['node_lost'] }));
    expect(alertType(h.state)).toBe('lost');
    h.ws('robot/disconnected');
    h.ws('robot/disconnected');
    expect(alertType(h.state)).toBe('sync');
    h.send({ type: 'ws/closed' });
    expect(alertType(h.state)).toBe('sync');
  });

  it('orders errors before warnings, lost for node_lost and batteries for a low battery', () => {
    const h = booted();
    expect(alertType(h.state)).toBeNull();
    h.ws('robot/alert_update', update({ activated_warnings: ['lidar_dirty'] }));
    expect(alertType(h.state)).toBe('warnings');
    h.ws('robot/alert_update', update({ activated_warnings: ['battery_2_low'] }));
    expect(alertType(h.state)).toBe('batteries');
    h.ws('robot/alert_update', update({ activated_errors: ['motor_fault'] }));
    expect(alertType(h.state)).toBe('errors');
    expect(alertCodes(h.state, 'errors')).toEqual(['motor_fault']);
    h.ws('robot/alert_update', update({ activated_errors: ['node_lost'] }));
    expect(alertType(h.state)).toBe('lost');
    h.ws('robot/alert_update', update({ resolved_errors: ['node_lost', 'motor_fault'] }));
    expect(alertType(h.state)).toBe('batteries');
    expect(alertCodes(h.state, 'batteries')).toEqual(['lidar_dirty', 'battery_2_low']);
  });

  it('keeps the skip and in-resolution flags of codes that stay, and adds new codes unflagged', () => {
    const h = booted();
    h.ws('robot/alert_update', update({ activated_errors: ['node_lost', 'e1'] }));
    h.send({ type: 'ui/alertSkipped', code: 'node_lost' });
    expect(alertType(h.state)).toBe('errors');
    h.ws('robot/alert_update', update({ activated_errors: ['node_lost', 'e2'], resolved_errors: ['e1'] }));
    expect(h.state.alerts.errors).toEqual([
      { code: 'node_lost', isSkip: true, isInResolution: false, since: h.now },
      { code: 'e2', isSkip: false, isInResolution: false, since: h.now },
    ]);
    expect(alertType(h.state)).toBe('errors');
    h.send({ type: 'ui/alertSkipped' });
    expect(alertType(h.state)).toBeNull();
  });

  it('is inResolution when only items in resolution remain', () => {
    const h = booted();
    h.ws('robot/alert_update', update({ activated_errors: ['node_lost'] }));
    h.state = { ...h.state, alerts: { ...h.state.alerts, errors: [{ code: 'node_lost', isSkip: false, isInResolution: true, since: h.now }] } };
    expect(alertType(h.state)).toBe('inResolution');
  });

  it('shows the overlay only when logged in and only for errors, lost, warnings and batteries', () => {
    const h = booted();
    h.ws('robot/alert_update', update({ activated_warnings: ['battery_1_low'] }));
    expect(overlayType(h.state)).toBeNull();
    h.state = { ...h.state, session: { ...h.state.session, login: true } };
    expect(overlayType(h.state)).toBe('batteries');
    h.send({ type: 'ws/closed' });
    expect(alertType(h.state)).toBe('sync');
    expect(overlayType(h.state)).toBeNull();
  });

  it('Manage on the lost overlay opens /node-lost', () => {
    const h = booted('/missions');
    h.state = { ...h.state, session: { ...h.state.session, login: true } };
    h.ws('robot/alert_update', update({ activated_errors: ['node_lost'] }));
    h.send({ type: 'ui/alertManaged' });
    expect(h.state.route.path).toBe('/node-lost');
  });

  it("'Start charging mission' (confirmed) skips the low-battery alert and asks the back end for the charging mission", () => {
    const h = loggedIn('/missions');
    h.send({ type: 'ui/chargingMissionPressed' });
    expect(h.state.route.path).toBe('/missions');
    h.ws('robot/alert_update', update({ activated_warnings: ['battery_1_low'] }));
    expect(overlayType(h.state)).toBe('batteries');
    h.send({ type: 'ui/chargingMissionPressed' });
    expect(overlayType(h.state)).toBeNull();
    expect(h.lastRequest('api/mission/charging').method).toBe('POST');
  });
});
