/**
 * What a mission's row (and its waiting movement page) says about it: the current mission's phase, a queued
 * mission's wait and why, or the last run's outcome and time. Pure views over state.
 */
import type { State } from '../state';
import type { RunOutcome } from './runsState';

/** Why a queued mission has not left (the simulator's rule, sim/README.md: these make queued missions wait). */
export type WaitReason = 'disconnected' | 'manual' | 'following' | 'mapping' | 'busy';

export type RowStatus =
  | { kind: 'departing' | 'moving' | 'arriving' | 'atDestination' | 'paused' | 'running' }
  | { kind: 'waiting'; reason: WaitReason | null }
  | { kind: 'ended'; outcome: RunOutcome; at: number; reason: string | null; before: { outcome: RunOutcome; at: number } | null }
  | { kind: 'never' };

type View = Pick<State, 'movement' | 'missions' | 'connection' | 'teleop' | 'follow' | 'route'>;

/** Why the robot would not leave now, or null when nothing holds it. First match wins: the likeliest fix first. */
export function waitReason(s: View): WaitReason | null {
  if (!s.connection.robot) return 'disconnected';
  if (s.teleop.mode === 'MANUAL') return 'manual';
  if (s.follow.following) return 'following';
  if (s.route.path.startsWith('/mapping')) return 'mapping';
  if (s.missions.current || s.movement.state !== 'noMission') return 'busy';
  return null;
}

const AT_DESTINATION = new Set<State['movement']['state']>(['inActivity', 'inMessage', 'inDelivery', 'inPickup', 'waitingForInstructions']);

/** The row's status of definition `id`. */
export function rowStatus(s: View, id: number): RowStatus {
  const m = s.movement;
  if (m.missionId === id && m.state !== 'noMission' && m.state !== 'failed') {
    if (m.pause !== 'none') return { kind: 'paused' };
    if (m.state === 'departing' || m.state === 'moving' || m.state === 'arriving') return { kind: m.state };
    if (AT_DESTINATION.has(m.state)) return { kind: 'atDestination' };
  }
  if (s.missions.queued.includes(id)) return { kind: 'waiting', reason: waitReason(s) };
  // An end this kiosk watched is newer than a list loaded while the back end was still recording it.
  const watched = s.missions.endings[id];
  if (watched) return { kind: 'ended', outcome: watched.outcome, at: watched.at, reason: watched.reason, before: watched.before ?? null };
  const c = s.missions.current;
  if (c?.definition_id === id && m.missionId !== id) return { kind: c.status === 'paused' ? 'paused' : 'running' };
  const end = s.missions.lastRuns[id];
  if (end) return { kind: 'ended', outcome: end.outcome, at: end.at, reason: end.reason, before: end.before ?? null };
  return { kind: 'never' };
}

/** Whether 'Run again' is offered for `id`: a back end that has the call, and the mission neither queued nor running. */
export function canRunAgain(s: View, id: number): boolean {
  const st = rowStatus(s, id);
  return s.missions.runAgain !== 'unsupported' && (st.kind === 'ended' || st.kind === 'never') && s.missions.runAgainPending === null;
}

/** The definition id of a /movement/{id} path, or null. */
export function movementPathId(path: string): number | null {
  const match = /^\/movement\/(\d+)$/.exec(path);
  return match ? Number(match[1]) : null;
}

/** Whether the movement page shows the live movement (the robot's mission) rather than a mission's waiting state. */
export function showsLiveMovement(s: Pick<State, 'movement' | 'route'>): boolean {
  const id = movementPathId(s.route.path);
  return id === null || s.movement.missionId === id;
}
