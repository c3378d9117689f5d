import { describe, expect, it } from 'vitest';
import { answerSchemas, type AnswerName } from '../../core/schemas/answers';

const map = { image: 'iVBORw0KGgo=', origin: { x: -10, y: -5 }, resolution: 0.05, robot: { x: 1, y: 2, orientation: 90 } };
const destination = { id: 3, name: 'Base', x: 1.5, y: -2, orientation: 0, resolution: 0.05, color: '#d9d9d9', created_at: '2026-11-22T09:30:00Z' };
const definition = {
  id: 7,
  name: '',
  created_at: '2026-11-22T09:30:00Z',
  steps: [{ id: 1, destination_id: 3, activities: [{ idx: 0, activity_id: 1, recipients: [1], load_location_left: [['box A'], []], load_location_right: [[]], message: 'hi', message_read_required: true }] }],
};

/** One answer per call of api.md, as the back end sends it, and one that must be refused. */
const SAMPLES: Record<AnswerName, [unknown, unknown]> = {
  health: [{ ok: true }, { ok: false }],
  settingsRead: [{ language: 'it', country: 'CH', robot_name: null, admin_name: null, accepted_terms_of_service: null, has_superadmin_pin: false, load_location_layout_left: 0, load_location_layout_right: 2 }, { load_location_layout_left: 3 }],
  settingsPatch: [{ language: 'en' }, { country: 'FR' }],
  auth: [{ isCorrect: true }, { isCorrect: 'yes' }],
  login: [{ isCorrect: false }, {}],
  session: [{ active: true }, { active: 'yes' }],
  logout: [{}, null],
  dateTime: [{}, null],
  reset: [{}, 'ok'],
  shutdown: [{}, 3],
  latestMap: [map, { image: 'x' }],
  mappingStart: [{}, []],
  mappingStop: [{}, null],
  followMeStart: [{}, null],
  followMeStop: [{}, null],
  position: [{}, null],
  destinations: [[destination], [{ ...destination, id: 0 }]],
  destination: [destination, { ...destination, name: 5 }],
  destinationDelete: [{}, null],
  recipients: [[{ id: 2, name: 'Ada', destination_id: 3 }], [{ id: 2, name: 'Ada' }]],
  recipient: [{ id: 2, name: 'Ada', destination_id: 3 }, { id: 'two' }],
  recipientDelete: [{}, null],
  noGoZones: [[{ id: 1, x: 10, y: 20, width: 30, height: 40 }], [{ id: 1, x: 10.5, y: 20, width: 30, height: 40 }]],
  noGoZone: [{ id: 1, x: 10, y: 20, width: 30, height: 40 }, {}],
  noGoZoneDelete: [{}, null],
  activities: [[{ id: 1, name: 'delivery' }, { id: 2, name: 'pickup' }], [{ name: 'delivery' }]],
  missionDefinitions: [[definition], [{ ...definition, steps: 'none' }]],
  missionDefinition: [definition, { ...definition, id: -1 }],
  currentMission: [{ definition_id: 7, status: 'paused', step_index: 0, activities: [{ step: 0, idx: 0, status: 'completed' }] }, { definition_id: 7, status: 'asleep' }],
  missionControl: [{}, null],
  activityStatus: [{}, null],
  endedMissions: [{ missions: [{ id: 1, definition_id: 7, started_at: '2026-11-01T08:00:00Z', ended_at: '2026-11-01T08:20:00Z', status: 'completed', distance: 120.5, steps: [{ destination_id: 3, activities: [{ activity_id: 1, performed_at: '2026-11-01T08:10:00Z', status: 'completed' }] }] }] }, { missions: [{ id: 1 }] }],
  endedMissionsCsv: [{ path: '/api/files/missions-2026-11.csv' }, { path: '/etc/passwd' }],
  diagnosticsDistance: [[{ day: 1, distance: 812.4 }], [{ day: 32, distance: 1 }]],
  diagnosticsTime: [[{ day: 1, time: 5400 }], [{ day: 1, time: -5 }]],
  batteries: [{ batteries: [{ health: 0.97, charge: 0.83 }, { health: 0.9, charge: 0.5 }] }, { batteries: [{ health: 97, charge: 0.83 }] }],
  diagnosticsCsv: [{ path: '/api/files/distance-2026-11.csv' }, {}],
};

describe('answer schemas', () => {
  for (const [name, [good, bad]] of Object.entries(SAMPLES) as [AnswerName, [unknown, unknown]][]) {
    it(`${name}: accepts the api.md answer and refuses a malformed one`, () => {
      expect(answerSchemas[name]().safeParse(good).success).toBe(true);
      expect(answerSchemas[name]().safeParse(bad).success).toBe(false);
    });
  }

  it('latest map: an empty object means no map', () => {
    expect(answerSchemas.latestMap().safeParse({}).success).toBe(true);
  });
});
