/**
 * Pure views of the missions area, for the pages and the reducers alike: the list's rows, groups and search,
 * the quick wizard's step and breadcrumb, the path wizard's validation, search and default name, and the
 * movement's definition and activity. No reducer imports here, so the lazy pages that use these do not pull
 * the core's navigation into the bundle the first screen loads.
 */
import type { State } from '../state';
import type { Destination, MissionDefinition, Recipient } from '../schemas/entities';
import { wallClock } from '../time';
import { itemCount } from './load';
import { QUICK_STEPS, type MissionsState, type PathActivity, type PathDraft, type PathStep, type QuickDraft, type QuickStep } from './types';

/** The synthetic recipient the app adds in front of each destination's list (spec 3, 9). */
export const ANYONE_ID = 1;
/** Activity ids: 1 is delivery; any other id reads as pickup, and 2 is pickup in the movement logic (spec 3). */
export const DELIVERY_ID = 1;
export const PICKUP_ID = 2;

export const isBase = (dest: { name: string }) => dest.name.trim().toLowerCase() === 'base';

/** The one-tap charging mission (issue 34): its own kind, never listed among the saved missions. Pure. */
export const isCharging = (def: { kind?: string } | undefined): boolean => def?.kind === 'charging';

/** The operator's own missions: what the list shows and searches. Pure. */
export const savedDefinitions = (defs: readonly MissionDefinition[]): MissionDefinition[] => defs.filter((def) => !isCharging(def));

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
  const rows = savedDefinitions(m.definitions)
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

/** The breadcrumb's message preview length (spec 9). */
export const MESSAGE_PREVIEW = 10;
/** Whether a step holds a value. Pure. */
export function quickFilled(q: QuickDraft, step: QuickStep): boolean {
  switch (step) {
    case 'destination':
      return q.destination !== null;
    case 'activity':
      return q.activity !== null;
    case 'who':
      return q.who !== null;
    case 'load':
      return q.loadDone;
    case 'message':
      return q.messageDone;
    case 'start':
      return false;
  }
}

/** The step on show: the jumped-to one, else the first not filled in (start when all are). Pure. */
export function quickStep(q: QuickDraft): QuickStep {
  if (q.jump) return q.jump;
  return QUICK_STEPS.find((s) => !quickFilled(q, s)) ?? 'start';
}

/** Skip exists only on who, load and message (spec 2.2). */
export const canSkip = (step: QuickStep) => step === 'who' || step === 'load' || step === 'message';

/** The breadcrumb's text of a filled step ('n Left / m Right' for the load; names are looked up by the page). */
export function loadCrumb(q: QuickDraft): { left: number; right: number } {
  return { left: itemCount(q.load.left), right: itemCount(q.load.right) };
}

/** The message cut to 10 characters plus '...', or '-' when empty (spec 2.2). Pure. */
export function messageCrumb(message: string): string {
  return message === '' ? '-' : `${message.slice(0, MESSAGE_PREVIEW)}...`;
}

/** The search row's id is the number of steps plus 100 (spec 5). */
export const SEARCH_ROW_OFFSET = 100;
/** Destinations whose name holds the query, case-insensitively; an empty query shows none (spec 5). Pure. */
export function searchDestinations(destinations: readonly Destination[], query: string, steps: number) {
  const q = query.trim().toLocaleLowerCase();
  const results = q === '' ? [] : destinations.filter((dest) => dest.name.toLocaleLowerCase().includes(q));
  return { rowId: steps + SEARCH_ROW_OFFSET, results };
}

/** 'Mission NN': the lowest two-digit number no existing definition's name uses (spec 2.3, 9). Pure. */
export function defaultMissionName(names: readonly string[]): string {
  const taken = new Set(names);
  for (let n = 1; n < 100; n++) {
    const name = `Mission ${String(n).padStart(2, '0')}`;
    if (!taken.has(name)) return name;
  }
  return `Mission ${names.length + 1}`;
}

export const activityComplete = (a: PathActivity) => a.activity !== null && a.whos.length > 0;

/** Complete: a destination and at least one activity, each with an activity and a recipient (spec 4.3). Pure. */
export function stepComplete(step: PathStep): boolean {
  return step.activities.length > 0 && step.activities.every(activityComplete);
}

/** The icon of a step in the list: complete, error (once its errors show), or plain. Pure. */
export function stepStatus(step: PathStep): 'complete' | 'error' | 'plain' {
  if (stepComplete(step)) return 'complete';
  return step.checked ? 'error' : 'plain';
}

export const pathComplete = (p: PathDraft) => p.steps.length > 0 && p.steps.every(stepComplete);

export const stepName = (step: PathStep) => step.label ?? step.destination.name;

/** The definition the movement runs, if the list holds it. Pure. */
export function movementDefinition(s: Pick<State, 'movement' | 'missions'>) {
  const id = s.movement.missionId;
  return id === null ? undefined : s.missions.definitions.find((def) => def.id === id);
}

/** The step and activity the robot is at, from the definition it runs. Pure. */
export function currentActivity(s: Pick<State, 'movement' | 'missions'>) {
  const def = movementDefinition(s);
  const step = def?.steps[s.movement.stepIndex];
  const activity = step?.activities[s.movement.activityIndex];
  if (!def || !step || !activity) return null;
  return { def, step, activity };
}
