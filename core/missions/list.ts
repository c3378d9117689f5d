/**
 * The missions list: one combined load (definitions, destinations, activities, recipients, current mission)
 * and the pure views the list page shows (newest first, grouped by local date, searched, summarised).
 */
import type { Ctx, DraftState } from '../context';
import type { CallError } from '../calls/pending';
import type { Destination, MissionDefinition, Recipient } from '../schemas/entities';
import { wallClock } from '../time';
import type { CurrentMissionData, MissionsState } from './types';
import { currentMissionLoaded, definitionsArrived } from './movementLoad';

/** The synthetic recipient the app adds in front of each destination's list (spec 3, 9). */
export const ANYONE_ID = 1;
export const DELIVERY_ID = 1;
export const PICKUP_ID = 2;

function partDone(d: DraftState, ctx: Ctx, failed: boolean): void {
  const m = d.missions;
  if (failed) m.status = 'failed';
  m.waiting = Math.max(0, m.waiting - 1);
  if (m.waiting > 0) return;
  if (m.status === 'pending') m.status = 'loaded';
  // With everything known, a reloaded movement page can come back, then a movement learns its definition.
  if (m.status === 'loaded') currentMissionLoaded(d, ctx);
  definitionsArrived(d, ctx);
}

type Part<K extends keyof MissionsState> = (d: DraftState, ctx: Ctx, data: MissionsState[K]) => void;
const store =
  <K extends 'definitions' | 'destinations' | 'activities' | 'recipients'>(key: K): Part<K> =>
  (d, ctx, data) => {
    (d.missions as MissionsState)[key] = data;
    partDone(d, ctx, false);
  };

export const definitionsLoaded = store('definitions');
export const destinationsLoaded = (d: DraftState, ctx: Ctx, data: Destination[]) => {
  d.missions.destinations = data;
  if (d.quick.wantBase) {
    const base = data.find(isBase);
    if (base) d.quick.destination = base.id;
    d.quick.wantBase = false;
  }
  partDone(d, ctx, false);
};
export const activitiesLoaded = store('activities');
export const recipientsLoaded = store('recipients');

export function currentLoaded(d: DraftState, ctx: Ctx, data: CurrentMissionData | Record<string, never>): void {
  d.missions.current = 'definition_id' in data ? (data as CurrentMissionData) : null;
  partDone(d, ctx, false);
}

/** A part the back end refused (a JSON error): the list says it could not load. */
export function partFailed(d: DraftState, ctx: Ctx, _error: CallError): void {
  partDone(d, ctx, true);
}

export const isBase = (dest: { name: string }) => dest.name.trim().toLowerCase() === 'base';

/** The recipients of a destination, 'Anyone in the area' (id 1) first. Pure. */
export function recipientsFor(recipients: readonly Recipient[], destinationId: number | null, anyone: string): { id: number; name: string }[] {
  return [{ id: ANYONE_ID, name: anyone }, ...recipients.filter((r) => r.destination_id === destinationId && r.id !== ANYONE_ID)];
}

/** A row of the list: what the page shows for one definition. */
export interface MissionRow {
  id: number;
  kind: 'quick' | 'path';
  name: string;
  createdAt: string;
  destinations: string[];
  /** The back end's activity names (searched) and ids (shown translated: 1 delivery, others pickup). */
  activities: string[];
  activityIds: number[];
  recipients: string[];
}

export interface MissionGroup {
  /** The local calendar day, for the long date heading. */
  year: number;
  month: number;
  day: number;
  rows: MissionRow[];
}

function nameOf<T extends { id: number; name: string }>(list: readonly T[], id: number): string {
  return list.find((x) => x.id === id)?.name ?? `#${id}`;
}

/** Maps a definition to its row; recipient id 1 reads as the given 'Anyone in the area'. Pure. */
export function missionRow(m: Pick<MissionsState, 'destinations' | 'activities' | 'recipients'>, def: MissionDefinition, anyone: string): MissionRow {
  const acts = def.steps.flatMap((s) => s.activities);
  const uniq = (xs: string[]) => [...new Set(xs)];
  return {
    id: def.id,
    kind: def.name === '' ? 'quick' : 'path',
    name: def.name,
    createdAt: def.created_at,
    destinations: def.steps.map((s) => nameOf(m.destinations, s.destination_id)),
    activities: uniq(acts.map((a) => nameOf(m.activities, a.activity_id))),
    activityIds: [...new Set(acts.map((a) => a.activity_id))],
    recipients: uniq(acts.flatMap((a) => a.recipients.map((r) => (r === ANYONE_ID ? anyone : nameOf(m.recipients, r))))),
  };
}

/** Case-insensitive match over mission name, destination, activity and recipient names (spec 2.1). Pure. */
export function rowMatches(row: MissionRow, query: string): boolean {
  const q = query.trim().toLocaleLowerCase();
  if (q === '') return true;
  return [row.name, ...row.destinations, ...row.activities, ...row.recipients].some((t) => t.toLocaleLowerCase().includes(q));
}

/**
 * The list as shown: matching rows, newest first by createdAt, grouped under their local day. Pure.
 * `tzOffsetMinutes` is the core's stamped zone, so a replay groups as the kiosk did.
 */
export function missionGroups(
  m: Pick<MissionsState, 'definitions' | 'destinations' | 'activities' | 'recipients'>,
  query: string,
  tzOffsetMinutes: number,
  anyone: string,
): MissionGroup[] {
  const time = (s: string) => {
    const t = Date.parse(s);
    return Number.isFinite(t) ? t : 0;
  };
  const rows = m.definitions
    .map((def) => missionRow(m, def, anyone))
    .filter((row) => rowMatches(row, query))
    .sort((a, b) => time(b.createdAt) - time(a.createdAt) || b.id - a.id);
  const groups: MissionGroup[] = [];
  for (const row of rows) {
    const w = wallClock(time(row.createdAt), tzOffsetMinutes);
    const last = groups[groups.length - 1];
    if (last && last.year === w.year && last.month === w.month && last.day === w.day) last.rows.push(row);
    else groups.push({ year: w.year, month: w.month, day: w.day, rows: [row] });
  }
  return groups;
}
