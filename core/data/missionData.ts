/**
 * /mission-data: the ended missions of a month (current by default), the destination names to show them
 * with, the rows chosen for export, the sort, and the CSV export. A failure is kept in state and shown.
 */
import type { Ctx, DraftState } from '../context';
import type { CallError, PendingCall } from '../calls/pending';
import { request } from '../calls/request';
import type { EndedMission, Destination } from '../schemas/entities';
import { isPeriod, periodAt, periodPath, type Period } from './period';
import { SORT_KEYS, type SortKey } from './missionRows';

export type { LoadStatus, ExportState, MissionDataState } from './dataState';

const metaOf = (p: Period) => ({ year: p.year, month: p.month });
const isCurrent = (d: DraftState, meta: PendingCall['meta']) => meta?.year === d.missionData.period?.year && meta?.month === d.missionData.period?.month;

function load(d: DraftState, ctx: Ctx, period: Period): void {
  const m = d.missionData;
  m.period = period;
  m.status = 'pending';
  m.missions = [];
  m.selected = [];
  m.export = { status: 'idle', path: null };
  request(d, ctx, 'endedMissions', 'GET', `api/ended_missions/${periodPath(period)}`, undefined, metaOf(period));
}

/** The page shows: the month shown last, or the current one the first time; destination names afresh. */
export function enterMissionData(d: DraftState, ctx: Ctx): void {
  load(d, ctx, d.missionData.period ?? periodAt(ctx.at, d.clock.tzOffsetMinutes));
  request(d, ctx, 'dataDestinations', 'GET', 'api/destinations');
}

/** A month chosen in the picker (or the same one again, to retry after a failure). */
export function missionDataPeriodChosen(d: DraftState, ctx: Ctx, p: { year: number; month: number }): void {
  if (!isPeriod(p)) return;
  load(d, ctx, { year: p.year, month: p.month });
}

/** The ended missions of the month shown (an answer for another month is ignored). */
export function endedMissionsLoaded(d: DraftState, _ctx: Ctx, data: { missions: EndedMission[] }, meta: PendingCall['meta']): void {
  if (!isCurrent(d, meta)) return; // an answer for a month no longer shown
  d.missionData.missions = data.missions;
  d.missionData.status = 'loaded';
}

/** Reading the month failed: the page says so and offers to retry. */
export function endedMissionsFailed(d: DraftState, _ctx: Ctx, _e: CallError, meta: PendingCall['meta']): void {
  if (!isCurrent(d, meta)) return;
  d.missionData.status = 'failed';
}

/** Destination names by id, to name the rows' stops. */
export function destinationsLoaded(d: DraftState, _ctx: Ctx, data: Destination[]): void {
  const names: Record<string, string> = {};
  for (const dest of data) names[String(dest.id)] = dest.name;
  d.missionData.destinations = names;
}

/** Ticks or unticks one row for export. */
export function missionRowToggled(d: DraftState, id: number): void {
  const m = d.missionData;
  if (!m.missions.some((x) => x.id === id)) return;
  m.selected = m.selected.includes(id) ? m.selected.filter((x) => x !== id) : [...m.selected, id];
}

/** Select all: every row, or none when every row is already chosen. */
export function missionRowsAllToggled(d: DraftState): void {
  const m = d.missionData;
  m.selected = m.selected.length === m.missions.length ? [] : m.missions.map((x) => x.id);
}

/** A column heading tapped: sort by it, or reverse the order when it already sorts. */
export function missionDataSorted(d: DraftState, key: SortKey): void {
  if (!SORT_KEYS.includes(key)) return;
  const s = d.missionData.sort;
  d.missionData.sort = s.key === key ? { key, descending: !s.descending } : { key, descending: false };
}

/** CSV of the chosen rows, or of the whole month when none is chosen. */
export function missionDataExportPressed(d: DraftState, ctx: Ctx): void {
  const m = d.missionData;
  const ids = m.selected.length > 0 ? [...m.selected].sort((a, b) => a - b) : m.missions.map((x) => x.id);
  if (ids.length === 0 || m.export.status === 'pending') return;
  m.export = { status: 'pending', path: null };
  request(d, ctx, 'endedMissionsCsv', 'POST', 'api/ended_missions/csv', { ids });
}

/** The CSV is written: its download path opens the modal. */
export function missionCsvReady(d: DraftState, _ctx: Ctx, data: { path: string }): void {
  d.missionData.export = { status: 'ready', path: data.path };
}

/** The CSV could not be made: the page says so. */
export function missionCsvFailed(d: DraftState): void {
  d.missionData.export = { status: 'failed', path: null };
}
