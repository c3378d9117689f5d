/**
 * Finding the definition a movement runs (spec 4.1 "loads that definition", 8's errors) and bringing the
 * movement screen back after a reload from GET api/current_mission.
 */
import type { Ctx, DraftState, SliceCtx } from '../context';
import type { State } from '../state';
import type { MissionDefinition } from '../schemas/entities';
import { patched } from '../patched';
import { navigate } from '../navigate';
import { loadMissions, missionsLoading } from './combinedLoad';
import { request } from '../calls/request';
import { initialMovementExtra } from './types';
import { movementDefinition } from './views';

/** The movement errors of spec 8, as keys the page translates. */
export type MovementError = 'definitionNotFound' | 'setMissionFailed' | 'startMovementFailed';

/** The error a step past the definition's last one shows (spec 8), else null. Pure. */
function stepError(movement: State['movement'], def: MissionDefinition): MovementError | null {
  return movement.stepIndex < def.steps.length ? null : 'startMovementFailed';
}

function checkStep(d: DraftState): void {
  const def = movementDefinition(d);
  if (!def) return;
  d.movement.error = stepError(d.movement, def);
}

/**
 * A movement began or moved on (a robot frame): make sure its definition is known, loading the list when it
 * is not. Pure: the movement slice with the step checked.
 */
export function lookUpDefinition(m: State['movement'], ctx: SliceCtx): State['movement'] {
  if (m.missionId === null) return m;
  const def = movementDefinition({ movement: m, missions: ctx.state.missions });
  if (def) return patched(m, { error: stepError(m, def) });
  if (!missionsLoading(ctx.state.missions)) ctx.then((d, c) => loadMissions(d, c));
  return m;
}

/** The combined load finished: a movement whose definition is still unknown shows why. */
export function definitionsArrived(d: DraftState, _ctx: Ctx): void {
  if (d.movement.missionId === null || d.movement.state === 'noMission') return;
  if (movementDefinition(d)) return checkStep(d);
  d.movement.error = (d.missions.status === 'failed' ? 'setMissionFailed' : 'definitionNotFound') satisfies MovementError;
}

const onMovementPage = (path: string) => path.startsWith('/movement/');

/** Within this distance of the step's destination the robot is taken to be there (the simulator's own rule). */
export const AT_DESTINATION_M = 0.3;

/** The robot's pose after a reload: standing at the step's destination, it waits for the activity. */
export function movementPoseAnswered(d: DraftState, _ctx: Ctx, data: unknown): void {
  const robot = typeof data === 'object' && data !== null ? (data as { robot?: { x: number; y: number } }).robot : undefined;
  const step = movementDefinition(d)?.steps[d.movement.stepIndex];
  const dest = d.missions.destinations.find((x) => x.id === step?.destination_id);
  if (!robot || !dest || d.movement.state !== 'moving') return;
  if (Math.hypot(robot.x - dest.x, robot.y - dest.y) <= AT_DESTINATION_M) d.movement.state = 'inActivity';
}

/**
 * GET api/current_mission answered. On a movement page of a kiosk that knows no movement (it was reloaded),
 * the running mission comes back: at its step, at the first activity not completed. The robot's phase is not
 * in the answer: a step with a completed activity is at its destination; otherwise the robot's pose (GET
 * api/map/latest) decides, and until it answers the robot is taken to be on its way. With no mission running, the page returns to /missions.
 */
export function currentMissionLoaded(d: DraftState, ctx: Ctx): void {
  if (!onMovementPage(d.route.path) || d.movement.state !== 'noMission') return;
  const c = d.missions.current;
  // Opened from its row, a mission that is not the current one shows its waiting state and stays.
  if (d.route.path === `/movement/${d.missions.shown}` && c?.definition_id !== d.missions.shown) return;
  if (!c) {
    navigate(d, ctx, '/missions', { replace: true });
    return;
  }
  const step = c.activities.filter((a) => a.step === c.step_index);
  const next = step.findIndex((a) => a.status !== 'completed');
  Object.assign(d.movement, initialMovementExtra());
  d.movement.missionId = c.definition_id;
  d.movement.stepIndex = c.step_index;
  d.movement.activityIndex = Math.max(0, next);
  d.movement.state = step.some((a) => a.status === 'completed') ? 'inActivity' : c.status === 'paused' ? 'departing' : 'moving';
  if (c.status === 'paused') d.movement.pause = 'dialog';
  d.movement.error = null;
  // Nothing done at this step yet: where the robot stands says whether it is still on its way.
  if (d.movement.state === 'moving') request(d, ctx, 'movementPose', 'GET', 'api/map/latest');
  if (d.route.path !== `/movement/${c.definition_id}`) navigate(d, ctx, `/movement/${c.definition_id}`, { replace: true });
}
