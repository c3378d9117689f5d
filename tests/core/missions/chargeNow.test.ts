/**
 * The charging mission goes now (issue 42): the confirmation names the mission it stops, the mission the robot
 * was on ends as stopped on the kiosk too, and the charge is shown waiting until it departs.
 */
import { describe, expect, it } from 'vitest';
import { loggedIn } from '../harness';
import { answerLoad, arrive, depart } from './fixtures';
import { missionChargingStops, queuedCharge } from '../../../core/missions/chargeNow';

const CHARGING = { id: 30, name: '', kind: 'charging', created_at: '2026-11-22T09:30:00Z', steps: [{ id: 40, destination_id: 1, activities: [] }] };
const lowBattery = { activated_errors: [], activated_warnings: ['battery_1_low'], resolved_errors: [], resolved_warnings: [] };

describe('a charging request while a mission waits at its destination', () => {
  it('names the mission it stops, ends it as stopped, and shows the charge waiting until it departs', () => {
    const h = loggedIn('/missions');
    answerLoad(h);
    depart(h, 8, 0);
    arrive(h, 8, 0);
    expect(h.state.movement.state).toBe('inActivity');
    // What the confirmation says before the tap: Mission 01 is stopped.
    expect(missionChargingStops(h.state)).toEqual({ id: 8, name: 'Mission 01' });

    h.ws('robot/alert_update', lowBattery);
    h.send({ type: 'ui/chargingMissionPressed' });
    h.answer('api/mission/charging', CHARGING);
    // Mission 01 ended here as it did on the back end; the charge waits, shown, at the front.
    expect(h.state.movement).toMatchObject({ state: 'noMission', missionId: null });
    expect(h.state.missions.endings[8]).toMatchObject({ outcome: 'stopped' });
    expect(h.state.route.path).toBe('/missions');
    expect(queuedCharge(h.state)).toBe(30);
    expect(missionChargingStops(h.state)).toBeNull();

    // It departs: no longer waiting, and its movement page opens.
    depart(h, 30, 0);
    expect(queuedCharge(h.state)).toBeNull();
    expect(h.state.route.path).toBe('/movement/30');
    // The charge itself is not a mission a charge would stop.
    expect(missionChargingStops(h.state)).toBeNull();
  });

  it('with no mission under way, stops nothing; a quick mission is named by nothing', () => {
    const h = loggedIn('/missions');
    answerLoad(h);
    expect(missionChargingStops(h.state)).toBeNull();
    h.send({ type: 'ui/missionsReloadPressed' });
    answerLoad(h, { current: { definition_id: 7, status: 'running', step_index: 0, activities: [] } });
    expect(missionChargingStops(h.state)).toEqual({ id: 7, name: '' });
  });

  it('an older back end (no charging call): the mission under way is cancelled before the quick mission to Base', () => {
    const h = loggedIn('/missions');
    answerLoad(h);
    depart(h, 8, 0);
    arrive(h, 8, 0);
    h.ws('robot/alert_update', lowBattery);
    h.send({ type: 'ui/chargingMissionPressed' });
    h.answer('api/mission/charging', 'not_found', 404);
    h.answer('api/destinations', [{ id: 1, name: 'Base', x: 0, y: 0, orientation: 0, resolution: 0.05, color: '#d9d9d9', created_at: '2026-11-01T08:00:00Z' }]);
    const cancel = h.lastRequest('api/current_mission/cancel');
    const quick = h.lastRequest('api/mission/definition/quick');
    expect(cancel.id).toBeLessThan(quick.id);
  });
});
