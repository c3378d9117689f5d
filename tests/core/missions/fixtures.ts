/** A small robot catalogue for the missions tests, and a helper that answers the combined load. */
import type { Harness } from '../harness';

const dest = (id: number, name: string) => ({ id, name, x: id, y: 0, orientation: 0, resolution: 0.05, color: '#d9d9d9', created_at: '2026-11-01T08:00:00Z' });

export const DESTINATIONS = [dest(1, 'Base'), dest(2, 'Reception'), dest(3, 'Lab'), dest(4, 'Laboratory B')];
export const ACTIVITIES = [
  { id: 1, name: 'delivery' },
  { id: 2, name: 'pickup' },
];
export const RECIPIENTS = [
  { id: 2, name: 'Giulia', destination_id: 2 },
  { id: 3, name: 'Marco', destination_id: 3 },
  { id: 4, name: 'Sara', destination_id: 3 },
];

type Act = { idx: number; activity_id: number; recipients: number[]; load_location_left: string[][]; load_location_right: string[][]; message: string; message_read_required: boolean };
export const act = (over: Partial<Act> = {}): Act => ({
  idx: 0,
  activity_id: 1,
  recipients: [1],
  load_location_left: [[]],
  load_location_right: [[], []],
  message: '',
  message_read_required: false,
  ...over,
});

export const DEFINITIONS = [
  { id: 7, name: '', created_at: '2026-11-20T10:00:00Z', steps: [{ destination_id: 2, activities: [act({ recipients: [2], message: 'Sign the papers', load_location_left: [['box A']] })] }] },
  {
    id: 8,
    name: 'Mission 01',
    created_at: '2026-11-22T08:00:00Z',
    steps: [
      { destination_id: 3, activities: [act({ activity_id: 2, recipients: [3, 4], load_location_right: [[], ['samples']] }), act({ idx: 1, recipients: [1], message: 'Hello' })] },
      { destination_id: 2, activities: [act({ recipients: [2] })] },
    ],
  },
  { id: 9, name: 'Mission 03', created_at: '2026-11-22T07:00:00Z', steps: [{ destination_id: 1, activities: [act()] }] },
];

/** Answers the five calls of the combined load (the last of each path). */
export function answerLoad(h: Harness, over: { definitions?: unknown; current?: unknown } = {}): void {
  h.answer('api/missions/definitions', over.definitions ?? DEFINITIONS);
  h.answer('api/destinations', DESTINATIONS);
  h.answer('api/activities', ACTIVITIES);
  h.answer('api/recipients', RECIPIENTS);
  h.answer('api/current_mission', over.current ?? {});
}

/** The ids a movement frame carries. */
export const ids = (mission: number, step: number) => ({ mission_definition_id: mission, step_index: step });

/** The robot announces a departure; after the 1 s dispatch delay the movement departs. */
export function depart(h: Harness, mission: number, step: number, duration = 10): void {
  h.ws('movement/ready', { ...ids(mission, step), duration });
  h.advance(1_000);
}

/** The robot drives the step and arrives. */
export function arrive(h: Harness, mission: number, step: number): void {
  h.ws('movement/started', ids(mission, step));
  h.ws('movement/arriving', ids(mission, step));
  h.ws('movement/completed', ids(mission, step));
}
