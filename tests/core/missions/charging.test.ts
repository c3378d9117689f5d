/**
 * The charging mission is its own kind (issue 34): asked of the back end with one call, never listed among the
 * saved missions, at Base it says it is charging with no recipient task, and 'Stop charging' ends it. And a
 * relocalisation during a mission returns to that mission, not to the list.
 */
import { describe, expect, it } from 'vitest';
import { loggedIn } from '../harness';
import { bootedMap, mapImage } from '../mapHelpers';
import { answerLoad, arrive, DEFINITIONS, depart } from './fixtures';
import { missionGroups } from '../../../core/missions/views';
import { movementView } from '../../../core/movement/view';

const CHARGING = { id: 30, name: '', kind: 'charging', created_at: '2026-11-22T09:30:00Z', steps: [{ id: 40, destination_id: 1, activities: [] }] };
const WORDS = { anyone: 'Anyone in the area', base: 'Base' };
const lowBattery = { activated_errors: [], activated_warnings: ['battery_1_low'], resolved_errors: [], resolved_warnings: [] };

describe('the charging mission', () => {
  it('is one call to the back end, queued, and not listed among the saved missions', () => {
    const h = loggedIn('/missions');
    answerLoad(h);
    h.ws('robot/alert_update', lowBattery);
    h.send({ type: 'ui/chargingMissionPressed' });
    expect(h.lastRequest('api/mission/charging')).toMatchObject({ method: 'POST' });
    expect(h.requests('api/mission/definition/quick')).toEqual([]);
    h.answer('api/mission/charging', CHARGING);
    expect(h.state.missions).toMatchObject({ charging: 'idle', queued: [30] });
    expect(h.state.route.path).toBe('/missions');
    answerLoad(h, { definitions: [...DEFINITIONS, CHARGING] });
    const listed = missionGroups(h.state.missions, '', 0, 'Anyone').flatMap((g) => g.rows.map((r) => r.id));
    expect(listed.sort()).toEqual([7, 8, 9]);
  });

  it('at Base says it is charging, for no one, and Stop charging ends it without a login', () => {
    const h = loggedIn('/missions');
    answerLoad(h, { definitions: [...DEFINITIONS, CHARGING] });
    depart(h, 30, 0);
    expect(h.state.route.path).toBe('/movement/30');
    expect(movementView(h.state, WORDS)).toMatchObject({ charging: true, chargingAtBase: false, direction: 'Base' });
    arrive(h, 30, 0);
    expect(h.state.movement.state).toBe('inActivity');
    expect(movementView(h.state, WORDS)).toMatchObject({ charging: true, chargingAtBase: true });

    h.send({ type: 'ui/chargingStopped' });
    expect(h.lastRequest('api/current_mission/cancel').method).toBe('PUT');
    expect(h.state.movement).toMatchObject({ state: 'noMission', missionId: null });
    expect(h.state.route.path).toBe('/missions');
    expect(h.state.session.login).toBe(true);
  });

  it('Stop charging does nothing on an ordinary mission', () => {
    const h = loggedIn('/missions');
    answerLoad(h);
    depart(h, 7, 0);
    arrive(h, 7, 0);
    expect(movementView(h.state, WORDS)).toMatchObject({ charging: false, chargingAtBase: false });
    h.send({ type: 'ui/chargingStopped' });
    expect(h.requests('api/current_mission/cancel')).toEqual([]);
    expect(h.state.movement.state).toBe('inActivity');
  });
});

describe('relocalising during a mission (issue 34)', () => {
  it('returns to the mission waiting at its destination, not to the list', () => {
    const h = bootedMap('/missions');
    answerLoad(h);
    depart(h, 7, 0);
    arrive(h, 7, 0);
    expect(h.state.route.path).toBe('/movement/7');
    h.ws('robot/alert_update', { activated_errors: ['node_lost'], activated_warnings: [], resolved_errors: [], resolved_warnings: [] });
    h.send({ type: 'ui/alertManaged' });
    expect(h.state.route.path).toBe('/node-lost');
    h.answer('api/map/latest', { image: mapImage(4, 4, () => 254), origin: { x: 0, y: 0 }, resolution: 1, robot: { x: 0, y: 0, orientation: 0 } });
    h.send({ type: 'ui/mapPressed', px: 1.5, py: 1.5 });
    h.send({ type: 'ui/relocalized', action: 'orientation', orientation: 90 });
    h.send({ type: 'ui/relocalized', action: 'confirm' });
    h.answer('api/position', {});
    expect(h.state.route.path).toBe('/movement/7');
    expect(h.state.movement.state).toBe('inActivity');
  });
});
