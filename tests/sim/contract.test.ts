/**
 * Contract: every answer and every socket frame the simulator produces fits the app core's own schemas
 * (core/schemas), so the two sides of api.md cannot drift apart unnoticed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { type AnswerName, answerSchemas } from '../../core/schemas/answers';
import { errorBodySchema } from '../../core/schemas/entities';
import { teleopFrameSchema } from '../../core/schemas/teleop';
import { isKnownWsEvent, wsDataSchemas } from '../../core/schemas/ws';
import { type Probe, startTestSim, type TestSim, teleopProbe, wsProbe } from './helpers';

let t: TestSim;
let ws: Probe;
beforeAll(async () => {
  t = await startTestSim({ demo: true, speed: 100 });
  ws = await wsProbe(t);
});
afterAll(async () => {
  ws.close();
  await t.close();
});

/** Calls and checks the `data` against the core's schema for that call. */
async function check(name: AnswerName, method: string, path: string, body?: unknown) {
  const r = await t.call(method, path, body);
  expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBe(200);
  const parsed = (answerSchemas[name]() as z.ZodMiniType).safeParse(r.body.data);
  expect(parsed.success, `${name}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues)}`).toBe(true);
  return r.body.data;
}

describe('answers fit the core schemas', () => {
  it('for every call', async () => {
    const now = new Date();
    const ym = `year/${now.getUTCFullYear()}/month/${now.getUTCMonth() + 1}`;
    await check('health', 'GET', '/healthz');
    await check('settingsRead', 'GET', '/api/settings');
    await check('settingsPatch', 'PATCH', '/api/settings', { admin_name: 'Kim' });
    await check('auth', 'POST', '/api/auth', { pin: '123456' });
    await check('login', 'POST', '/api/auth/login', { pin: '123456' });
    await check('dateTime', 'POST', '/api/datetime', { date: now.toISOString().slice(0, 10), time: now.toISOString().slice(11, 16) });
    await check('reset', 'GET', '/api/reset-prize');
    await check('latestMap', 'GET', '/api/map/latest');
    const dests = await check('destinations', 'GET', '/api/destinations');
    await check('destinations', 'GET', '/api/destinations/recents');
    const d = await check('destination', 'POST', '/api/destination', { name: 'Extra', x: 3, y: 1, orientation: 45, resolution: 0.05 });
    await check('destination', 'PATCH', `/api/destination/${d.id}`, { name: 'Extra 2' });
    const r = await check('recipient', 'POST', '/api/recipient', { name: 'Pat', destination_id: d.id });
    await check('recipients', 'GET', '/api/recipients');
    await check('recipients', 'GET', `/api/recipients/destination/${d.id}`);
    await check('recipients', 'GET', '/api/recipients/recents');
    await check('recipientDelete', 'DELETE', `/api/recipient/${r.id}`);
    await check('destinationDelete', 'DELETE', `/api/destination/${d.id}`);
    const z = await check('noGoZone', 'POST', '/api/no-go-zone', { x: 700, y: 10, width: 5, height: 5 });
    await check('noGoZones', 'GET', '/api/no-go-zones');
    await check('noGoZoneDelete', 'DELETE', `/api/no-go-zone/${z.id}`);
    await check('activities', 'GET', '/api/activities');
    await check('activities', 'GET', '/api/activities/recents');
    await check('missionDefinitions', 'GET', '/api/missions/definitions');
    await check('currentMission', 'GET', '/api/current_mission');
    const def = await check('missionDefinition', 'POST', '/api/mission/definition/path', {
      name: 'Mission 09',
      steps: [{ destination_id: dests[1].id, activities: [{ activity_id: 2, recipients: 0, message: '', message_read_required: false, load_location_left: [[]], load_location_right: [['a', 'b']] }] }],
    });
    await ws.waitFor('movement/ready', (f) => f.data.mission_definition_id === def.id);
    await check('currentMission', 'GET', '/api/current_mission');
    await check('missionControl', 'PUT', '/api/current_mission/pause');
    await check('missionControl', 'PUT', '/api/current_mission/resume');
    await ws.waitFor('movement/completed', (f) => f.data.mission_definition_id === def.id);
    await check('activityStatus', 'PUT', '/api/current_mission/step/0/activity/0/status', { 'picked-up': ['a', 'b'] });
    await check('activityStatus', 'PUT', '/api/current_mission/step/0/activity/0/status', { status: 'completed' });
    const ended = await check('endedMissions', 'GET', `/api/ended_missions/${ym}`);
    await check('endedMissionsCsv', 'POST', '/api/ended_missions/csv', { ids: [ended.missions[0].id] });
    await check('diagnosticsDistance', 'GET', `/api/diagnostics/distance/${ym}`);
    await check('diagnosticsTime', 'GET', `/api/diagnostics/time/${ym}`);
    await check('batteries', 'GET', '/api/diagnostics/batteries');
    await check('diagnosticsCsv', 'GET', `/api/diagnostics/csv/time/${ym}`);
    await check('mappingStart', 'POST', '/api/mapping/start');
    await check('followMeStart', 'POST', '/api/follow-me/start');
    await ws.waitFor('mapping/mapUpdate');
    await ws.waitFor('robot/userFollowed');
    await check('latestMap', 'GET', '/api/map/latest');
    await check('followMeStop', 'POST', '/api/follow-me/stop');
    await check('mappingStop', 'POST', '/api/mapping/stop');
    await check('position', 'POST', '/api/position', { x: 0, y: 0, orientation: 0 });
    await check('shutdown', 'PUT', '/api/system/shutdown');
  });

  it('for error bodies', async () => {
    for (const [method, path, body] of [['GET', '/api/x'], ['PATCH', '/api/settings', { language: 1 }], ['PUT', '/api/current_mission/cancel']] as const) {
      const r = await t.call(method, path, body);
      expect(errorBodySchema().safeParse(r.body).success).toBe(true);
    }
  });

  it('for every /ws frame sent meanwhile, and the teleop frames', async () => {
    await t.call('POST', '/control/battery', { charges: [0.05, 0.5] });
    await t.call('POST', '/control/alerts', { activate: { errors: ['node_lost'] } });
    await ws.waitFor('robot/alert_update', (f) => f.data.activated_errors.includes('node_lost'));
    const seen = new Set<string>();
    for (const f of ws.frames) {
      expect(isKnownWsEvent(f.event), f.event).toBe(true);
      if (!isKnownWsEvent(f.event)) continue;
      seen.add(f.event);
      const parsed = wsDataSchemas[f.event]().safeParse(f.data);
      expect(parsed.success, `${f.event}: ${JSON.stringify(f.data).slice(0, 200)}`).toBe(true);
    }
    for (const e of [
      'backend/connected', 'robot/connected', 'robot/battery_state', 'robot/alert_update', 'mapping/mapUpdate',
      'robot/userFollowed', 'movement/ready', 'movement/started', 'movement/arriving', 'movement/completed',
    ])
      expect(seen, e).toContain(e);
    const tp = await teleopProbe(t);
    tp.send({ client_id: 'c', op: 'manual_mode_status' });
    tp.send({ client_id: 'c', op: 'manual_mode', mode: 'MANUAL' });
    tp.send({ client_id: 'c', op: 'read_joints' });
    await tp.waitFor('joints');
    await tp.waitFor('manual_mode');
    for (const f of tp.frames) expect(teleopFrameSchema().safeParse(f).success, JSON.stringify(f)).toBe(true);
    tp.close();
  });
});
