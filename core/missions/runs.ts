/**
 * Runs of the saved definitions: the list learns each one's last run (GET api/ended_missions, this month and
 * the one before), Run again queues a definition (POST api/mission/definition/{id}/run, hidden once a back end
 * answers 404 or 405), and a mission that ends leaves a message on the list for a few seconds. Pure reducers.
 */
import type { Ctx, DraftState } from '../context';
import type { State } from '../state';
import { log } from '../context';
import type { CallError, PendingCall } from '../calls/pending';
import { isPending, request } from '../calls/request';
import type { EndedMission } from '../schemas/entities';
import { monthsBefore, periodAt, periodPath } from '../data/period';
import { clearTimer, setTimer } from '../timers';
import { navigate } from '../navigate';
import type { MissionNotice, RunEnd } from './runsState';
import { canRunAgain } from './rowStatus';

/** How long the "Mission completed" (stopped, failed) message stays on screen. */
export const NOTICE_MS = 6_000;

/** Asks for the last two months of ended missions: enough to name the last run of anything recent. */
export function loadLastRuns(d: DraftState, ctx: Ctx): void {
  if (isPending(d, 'lastRuns')) return;
  const now = periodAt(ctx.at, d.clock.tzOffsetMinutes);
  for (const p of [now, monthsBefore(now, 1)]) request(d, ctx, 'lastRuns', 'GET', `api/ended_missions/${periodPath(p)}`);
}

/**
 * A month of ended missions: each definition keeps its latest end. An uncompleted one says whether it failed
 * or was stopped, and why it failed, where the back end recorded it (api.md `outcome`, `reason`; issue 34), so
 * a list loaded later tells them apart; an older back end's reads "Not completed".
 */
export function lastRunsLoaded(d: DraftState, _ctx: Ctx, data: { missions: EndedMission[] }): void {
  const runs = d.missions.lastRuns;
  for (const m of data.missions) {
    const at = Date.parse(m.ended_at);
    if (!Number.isFinite(at)) continue;
    const outcome = m.status === 'completed' ? 'completed' : (m.outcome ?? 'uncompleted');
    const known = runs[m.definition_id];
    // An older run (the months come in either order): the one before the latest, if it is the newest such.
    if (known && known.at > at) {
      if (!known.before || known.before.at < at) known.before = { outcome, at };
      continue;
    }
    if (known && known.at === at) continue; // the same run, read again
    runs[m.definition_id] = { outcome, at, reason: outcome === 'failed' ? (m.reason ?? null) : null, ...previous(known) };
  }
}

/** `end` as the run before a newer one (its own earlier run dropped): the field to spread, or none. */
function previous(end: RunEnd | undefined): Pick<RunEnd, 'before'> {
  return end ? { before: { outcome: end.outcome, at: end.at } } : {};
}

/**
 * A watched end leaves the row (the definition is queued again, or departs): it stays known as the last run,
 * so the end of the next run can say how this one ended.
 */
function keepWatchedEnd(d: DraftState, id: number): void {
  const watched = d.missions.endings[id];
  if (!watched) return;
  const known = d.missions.lastRuns[id];
  if (!known || known.at < watched.at) d.missions.lastRuns[id] = watched;
  delete d.missions.endings[id];
}

/** The list still works without its last runs: only logged. */
export function lastRunsFailed(_d: DraftState, ctx: Ctx, error: CallError): void {
  log(ctx, 'warn', `last runs not loaded: ${error.code}`);
}

/** A definition this kiosk created or ran again waits in the back end's queue until it departs. */
export function missionQueued(d: DraftState, id: number): void {
  const q = d.missions.queued;
  if (!q.includes(id)) q.push(id);
  keepWatchedEnd(d, id);
}

/** Whether `missionDeparted` would change anything: the mission is queued, or its end was watched. Pure. */
export function departureChanges(s: Pick<State, 'missions'>, id: number): boolean {
  return s.missions.queued.includes(id) || s.missions.endings[id] !== undefined;
}

/** The robot announced the departure of a queued definition: it no longer waits. */
export function missionDeparted(d: DraftState, id: number): void {
  const q = d.missions.queued;
  const i = q.indexOf(id);
  if (i >= 0) q.splice(i, 1);
  keepWatchedEnd(d, id);
}

/** 'Run again' on a row or on a waiting movement page. */
export function runAgainPressed(d: DraftState, ctx: Ctx, id: number): void {
  const m = d.missions;
  if (!m.definitions.some((def) => def.id === id) || !canRunAgain(d, id)) return;
  m.runAgainPending = id;
  request(d, ctx, 'runAgain', 'POST', `api/mission/definition/${id}/run`, {}, { id });
}

export function runAgainAnswered(d: DraftState, _ctx: Ctx, _data: unknown, meta: PendingCall['meta']): void {
  d.missions.runAgainPending = null;
  d.missions.runAgain = 'supported';
  if (typeof meta?.id === 'number') missionQueued(d, meta.id);
}

/** 404 or 405: a back end without the call (an unknown id is a 404 too: the list reloads, which drops it). */
export function runAgainFailed(d: DraftState, ctx: Ctx, error: CallError): void {
  d.missions.runAgainPending = null;
  if (error.status === 404 || error.status === 405) d.missions.runAgain = 'unsupported';
  log(ctx, 'warn', `run again failed: ${error.code}`);
}

/**
 * A run this kiosk watched ended: remembered for the row, and said on the list for a few seconds. The time
 * starts when the list shows (a stop or a failure logs the person out first, spec 4.1).
 */
export function missionEnded(d: DraftState, ctx: Ctx, id: number | null, outcome: MissionNotice['outcome'], reason: string | null): void {
  if (id === null) return;
  const end: RunEnd = { outcome, at: ctx.at, reason, ...previous(d.missions.endings[id] ?? d.missions.lastRuns[id]) };
  d.missions.endings[id] = end;
  d.missions.notice = { outcome, id, reason };
  clearTimer(d.timers, 'missionNotice');
}

/** The list shows: a notice waiting for it starts its few seconds. */
export function listShown(d: DraftState, ctx: Ctx): void {
  if (d.missions.notice && d.timers.missionNotice === undefined) setTimer(d.timers, 'missionNotice', ctx.at + NOTICE_MS);
}

export function noticeDue(d: DraftState): void {
  d.missions.notice = null;
}

export function noticeDismissed(d: DraftState): void {
  d.missions.notice = null;
  d.missions.charging = 'idle';
  clearTimer(d.timers, 'missionNotice');
}

/** A row's button: the movement page of that definition, which stays on its waiting state. */
export function missionOpened(d: DraftState, ctx: Ctx, id: number): void {
  d.missions.shown = id;
  navigate(d, ctx, `/movement/${id}`);
}

/**
 * Ok on the failed state: the back end may have ended the mission already (api.md: a failed mission is
 * recorded and cleared at once), so the cancel goes out only if it still runs that definition.
 */
export function failedAcknowledged(d: DraftState, ctx: Ctx, id: number | null): void {
  request(d, ctx, 'failedCheck', 'GET', 'api/current_mission', undefined, { id });
}

export function failedChecked(d: DraftState, ctx: Ctx, data: unknown, meta: PendingCall['meta']): void {
  const running = typeof data === 'object' && data !== null && 'definition_id' in data ? (data as { definition_id: number }).definition_id : null;
  if (running !== null && running === meta?.id) request(d, ctx, 'missionControl', 'PUT', 'api/current_mission/cancel');
}
