/** The mission-data page's tiles and table rows from the ended missions of a month. Pure selectors. */
import type { EndedMission } from '../schemas/entities';
import { formatLocalDateTime } from '../time';

/** The table's columns, each of which sorts. */
export const SORT_KEYS = ['date', 'start', 'end', 'duration', 'destinations', 'activities', 'status', 'distance'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** One table row, in the kiosk's zone. `destinations` are names, or `#id` for a destination since deleted. */
export interface MissionRow {
  id: number;
  startedAt: number;
  date: string;
  start: string;
  end: string;
  durationSeconds: number;
  destinations: string[];
  completed: number;
  total: number;
  status: EndedMission['status'];
  distance: number;
}

/** The month's three summary figures. */
export interface MissionTiles {
  completedActivities: number;
  metres: number;
  handlingSeconds: number;
}

/** Seconds from start to end; 0 for a malformed or reversed pair rather than a negative duration. */
function durationSeconds(m: EndedMission): number {
  const s = Date.parse(m.started_at);
  const e = Date.parse(m.ended_at);
  return Number.isFinite(s) && Number.isFinite(e) && e > s ? (e - s) / 1000 : 0;
}

function completedOf(m: EndedMission): number {
  let n = 0;
  for (const step of m.steps) for (const a of step.activities) if (a.status === 'completed') n++;
  return n;
}

/** The three tiles: activities completed, metres travelled (the missions' own distances), handling time. */
export function missionTiles(missions: readonly EndedMission[]): MissionTiles {
  let completedActivities = 0;
  let metres = 0;
  let handlingSeconds = 0;
  for (const m of missions) {
    completedActivities += completedOf(m);
    metres += m.distance;
    handlingSeconds += durationSeconds(m);
  }
  return { completedActivities, metres, handlingSeconds };
}

/** One ended mission as a table row, in the kiosk's zone. Pure. */
export function missionRow(m: EndedMission, names: Record<string, string>, tzOffsetMinutes: number): MissionRow {
  const startedAt = Date.parse(m.started_at);
  const endedAt = Date.parse(m.ended_at);
  const start = Number.isFinite(startedAt) ? formatLocalDateTime(startedAt, tzOffsetMinutes) : { date: '', time: '' };
  const end = Number.isFinite(endedAt) ? formatLocalDateTime(endedAt, tzOffsetMinutes).time : '';
  return {
    id: m.id,
    startedAt: Number.isFinite(startedAt) ? startedAt : 0,
    date: start.date,
    start: start.time,
    end,
    durationSeconds: durationSeconds(m),
    destinations: m.steps.map((s) => names[String(s.destination_id)] ?? `#${s.destination_id}`),
    completed: completedOf(m),
    total: m.steps.reduce((n, s) => n + s.activities.length, 0),
    status: m.status,
    distance: m.distance,
  };
}

const COMPARE: Record<SortKey, (a: MissionRow, b: MissionRow) => number> = {
  date: (a, b) => a.startedAt - b.startedAt,
  start: (a, b) => a.start.localeCompare(b.start),
  end: (a, b) => a.end.localeCompare(b.end),
  duration: (a, b) => a.durationSeconds - b.durationSeconds,
  destinations: (a, b) => a.destinations.join(', ').localeCompare(b.destinations.join(', ')),
  activities: (a, b) => a.completed - b.completed || a.total - b.total,
  status: (a, b) => a.status.localeCompare(b.status),
  distance: (a, b) => a.distance - b.distance,
};

/** The rows sorted by `key`, ties broken by start time then id so the order is stable. */
export function missionRows(
  missions: readonly EndedMission[],
  names: Record<string, string>,
  tzOffsetMinutes: number,
  sort: { key: SortKey; descending: boolean },
): MissionRow[] {
  const rows = missions.map((m) => missionRow(m, names, tzOffsetMinutes));
  const cmp = COMPARE[sort.key];
  const dir = sort.descending ? -1 : 1;
  return rows.sort((a, b) => dir * cmp(a, b) || a.startedAt - b.startedAt || a.id - b.id);
}
