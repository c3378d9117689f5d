/**
 * An alert the operator acknowledged stays quiet until its state changes, or until charging ends below the
 * threshold (issue 34: the low-battery alert came back after every login, a charging mission running). And
 * /diagnostic's battery cards follow the live robot/battery_state.
 */
import { describe, expect, it } from 'vitest';
import { overlayType } from '../../core/selectors';
import { batteryCards } from '../../core/data/batteryCards';
import { loggedIn } from './harness';
import { answerLoad, arrive, DEFINITIONS, depart } from './missions/fixtures';

const update = (over: Partial<Record<'activated_errors' | 'activated_warnings' | 'resolved_errors' | 'resolved_warnings', string[]>>) => ({
  activated_errors: [],
  activated_warnings: [],
  resolved_errors: [],
  resolved_warnings: [],
  ...over,
});
const CHARGING = { id: 30, name: '', kind: 'charging', created_at: '2026-11-22T09:30:00Z', steps: [{ id: 40, destination_id: 1, activities: [] }] };

describe('acknowledged alerts', () => {
  it('stay quiet when a new connection greets with them again, and come back once resolved and raised anew', () => {
    const h = loggedIn('/missions');
    h.ws('robot/alert_update', update({ activated_warnings: ['battery_1_low'], activated_errors: ['lidar_fault'] }));
    expect(overlayType(h.state)).toBe('errors');
    h.send({ type: 'ui/alertSkipped' });
    expect(overlayType(h.state)).toBe('batteries');
    h.send({ type: 'ui/alertSkipped' });
    expect(overlayType(h.state)).toBeNull();
    // The list rebuilt (a new session's socket), then the greeting lists both again: still acknowledged.
    h.state = { ...h.state, alerts: { ...h.state.alerts, errors: [], warnings: [] } };
    h.ws('robot/alert_update', update({ activated_warnings: ['battery_1_low'], activated_errors: ['lidar_fault'] }));
    expect(overlayType(h.state)).toBeNull();
    // Its state changes: resolved, then raised again, it shows.
    h.ws('robot/alert_update', update({ resolved_errors: ['lidar_fault'] }));
    h.ws('robot/alert_update', update({ activated_errors: ['lidar_fault'] }));
    expect(overlayType(h.state)).toBe('errors');
  });

  it('a charging mission answers the low battery until it is stopped below the threshold', () => {
    const h = loggedIn('/missions');
    answerLoad(h, { definitions: [...DEFINITIONS, CHARGING] });
    h.ws('robot/alert_update', update({ activated_warnings: ['battery_1_low'] }));
    expect(overlayType(h.state)).toBe('batteries');
    h.send({ type: 'ui/chargingMissionPressed' });
    h.answer('api/mission/charging', CHARGING);
    expect(overlayType(h.state)).toBeNull();
    // The second battery runs low too while the robot goes to charge: the charging answers it as well.
    h.ws('robot/alert_update', update({ activated_warnings: ['battery_2_low'] }));
    expect(overlayType(h.state)).toBeNull();
    depart(h, 30, 0);
    arrive(h, 30, 0);
    // Rebuilt after a new login's connection: quiet.
    h.state = { ...h.state, alerts: { ...h.state.alerts, warnings: [] } };
    h.ws('robot/alert_update', update({ activated_warnings: ['battery_1_low', 'battery_2_low'] }));
    expect(overlayType(h.state)).toBeNull();
    // Stopped while still low: the alert comes back.
    h.send({ type: 'ui/chargingStopped' });
    expect(overlayType(h.state)).toBe('batteries');
  });

  it('after a reload, a charging mission found running keeps the low battery quiet', () => {
    const h = loggedIn('/missions');
    h.ws('robot/alert_update', update({ activated_warnings: ['battery_1_low'] }));
    expect(overlayType(h.state)).toBe('batteries');
    answerLoad(h, { definitions: [...DEFINITIONS, CHARGING], current: { definition_id: 30, status: 'running', step_index: 0, activities: [] } });
    expect(overlayType(h.state)).toBeNull();
  });

  it('charging that completed clears the acknowledgement with the resolution', () => {
    const h = loggedIn('/missions');
    h.ws('robot/alert_update', update({ activated_warnings: ['battery_1_low'] }));
    h.send({ type: 'ui/chargingMissionPressed' });
    expect(h.state.alerts.acknowledged).toEqual(['battery_1_low', 'battery_2_low']);
    h.ws('robot/alert_update', update({ resolved_warnings: ['battery_1_low'] }));
    expect(h.state.alerts.acknowledged).toEqual(['battery_2_low']);
    h.ws('robot/alert_update', update({ activated_warnings: ['battery_1_low'] }));
    expect(overlayType(h.state)).toBe('batteries');
  });
});

describe("/diagnostic's battery cards", () => {
  const read = [
    { charge: 0.89, health: 0.97 },
    { charge: 0.81, health: 0.91 },
  ];

  it('show the read values until the robot reports, then the live ones', () => {
    expect(batteryCards({ charges: [], health: [] }, read)).toEqual([
      { charge: 0.89, health: 0.97 },
      { charge: 0.81, health: 0.91 },
    ]);
    expect(batteryCards({ charges: [0.05, 0.8], health: [0.97, 0.9] }, read)).toEqual([
      { charge: 0.05, health: 0.97 },
      { charge: 0.8, health: 0.9 },
    ]);
  });

  it('say unknown, not the stale read, while the robot is out of reach', () => {
    expect(batteryCards({ charges: [null, null], health: [0.97, null] }, read)).toEqual([
      { charge: null, health: 0.97 },
      { charge: null, health: null },
    ]);
  });

  it('follow robot/battery_state through the core', () => {
    const h = loggedIn('/diagnostic');
    h.answer('api/diagnostics/batteries', { batteries: read });
    h.ws('robot/battery_state', { batteries: [{ charge: 0.05, health: 0.97 }, { charge: 0.5, health: 0.9 }] });
    expect(batteryCards(h.state.batteries, h.state.diagnostics.batteries)[0]).toEqual({ charge: 0.05, health: 0.97 });
  });
});
