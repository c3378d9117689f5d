/**
 * Starting the combined load (definitions, destinations, activities, recipients, current mission). Its own
 * small module: page entry (core/missions/area.ts) needs it, and the main thread imports that chain through
 * `navigate`, so the answers and the list views (list.ts) stay out of the first screen's bundle.
 */
import type { Ctx, DraftState } from '../context';
import type { State } from '../state';
import { request } from '../calls/request';

const PARTS = [
  ['missionDefinitions', 'api/missions/definitions'],
  ['destinations', 'api/destinations'],
  ['activities', 'api/activities'],
  ['recipients', 'api/recipients'],
  ['currentMission', 'api/current_mission'],
] as const;

/** Whether a combined load is under way (then another is not started). Pure. */
export function missionsLoading(missions: Pick<State['missions'], 'status'>): boolean {
  return missions.status === 'pending';
}

/** Starts the combined load, unless one is under way. */
export function loadMissions(d: DraftState, ctx: Ctx): void {
  if (missionsLoading(d.missions)) return;
  d.missions.status = 'pending';
  d.missions.waiting = PARTS.length;
  for (const [call, path] of PARTS) request(d, ctx, call, 'GET', path);
}

/** Loads once: for pages that only need the catalogue to be there. */
export function ensureMissions(d: DraftState, ctx: Ctx): void {
  if (d.missions.status === 'idle' || d.missions.status === 'failed') loadMissions(d, ctx);
}

