/**
 * The answers of the combined load (definitions, destinations, activities, recipients, current mission): each
 * part is stored as it comes; when the last is in, a reloaded movement page comes back and a running movement
 * learns its definition. The list's views are in views.ts; the load starts in combinedLoad.ts.
 */
import type { Ctx, DraftState } from '../context';
import type { CallError } from '../calls/pending';
import type { Destination } from '../schemas/entities';
import type { CurrentMissionData, MissionsState } from './types';
import { currentMissionLoaded, definitionsArrived } from './movementLoad';
import { acknowledgeBatteries } from '../alerts/alerts';
import { isCharging } from './views';

function partDone(d: DraftState, ctx: Ctx, failed: boolean): void {
  const m = d.missions;
  if (failed) m.status = 'failed';
  m.waiting = Math.max(0, m.waiting - 1);
  if (m.waiting > 0) return;
  if (m.status === 'pending') m.status = 'loaded';
  // A charging mission found running (after a reload, a login) answers the low-battery alerts, as when it was
  // started: they stay quiet while it runs (issue 34).
  const current = m.current;
  if (current && isCharging(m.definitions.find((def) => def.id === current.definition_id))) acknowledgeBatteries(d);
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

