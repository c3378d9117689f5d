/**
 * The path mission wizard (spec 2.3, 4.3, 5): destinations become steps, each step gets activities, and the
 * overview saves the named mission. The draft lives here, so it outlives the lock screen and other pages.
 */
import type { Ctx, DraftState } from '../context';
import { request } from '../calls/request';
import { navigate } from '../navigate';
import { shelvesPerSide, toWire } from './load';
import { initialPath, type PathActivity, type PathStage } from './types';
import { activityComplete, defaultMissionName, pathComplete, stepComplete, stepName } from './views';

export const PATH_PATH = '/missions/new-path-mission';

function newActivity(id: number): PathActivity {
  return { id, activity: null, whos: [], message: '', messageReadRequired: false, loadLocationLeft: [], loadLocationRight: [] };
}

/** 'Path' in the floating menu: a fresh draft named after the definitions known now. */
export function pathReset(d: DraftState, ctx: Ctx): void {
  d.path = initialPath();
  d.path.name = defaultMissionName(d.missions.definitions.map((x) => x.name));
  navigate(d, ctx, PATH_PATH);
}

/** A destination chosen in the search becomes a step with one empty activity (id 0, no recipients). */
export function pathStepAdded(d: DraftState, destinationId: number): void {
  const dest = d.missions.destinations.find((x) => x.id === destinationId);
  if (!dest) return;
  d.path.steps.push({ id: d.path.steps.length + 1, destination: { id: dest.id, name: dest.name }, label: null, activities: [newActivity(0)], checked: false });
}

export function pathStepRemoved(d: DraftState, index: number): void {
  const p = d.path;
  if (index < 0 || index >= p.steps.length) return;
  p.steps.splice(index, 1);
  p.steps.forEach((s, i) => (s.id = i + 1));
  p.selected = Math.min(p.selected, Math.max(0, p.steps.length - 1));
  if (p.steps.length === 0) p.stage = 'destinations';
}

/** Moves between stages: activities need a step; the overview needs every step complete, else the dialog. */
export function pathStageChanged(d: DraftState, stage: PathStage): void {
  const p = d.path;
  if (stage === 'activities' && p.steps.length === 0) return;
  if (stage === 'overview' && !pathComplete(p)) {
    for (const s of p.steps) if (!stepComplete(s)) s.checked = true;
    p.notConfigured = p.steps.filter((s) => !stepComplete(s)).map(stepName);
    return;
  }
  p.stage = stage;
}

export function pathDialogClosed(d: DraftState): void {
  d.path.notConfigured = null;
}

export function pathStepSelected(d: DraftState, index: number): void {
  const p = d.path;
  if (index < 0 || index >= p.steps.length || index === p.selected) return;
  // Leaving a step shows its errors: the person has seen it.
  const leaving = p.steps[p.selected];
  if (leaving && !stepComplete(leaving)) leaving.checked = true;
  p.selected = index;
}

export function pathStepRenamed(d: DraftState, index: number, name: string): void {
  const step = d.path.steps[index];
  if (!step) return;
  const text = name.trim();
  step.label = text === '' || text === step.destination.name ? null : text;
}

export function pathNameChanged(d: DraftState, name: string): void {
  const text = name.trim();
  if (text !== '') d.path.name = text;
}

export interface ActivityPatch {
  activity?: number;
  whos?: number[];
  message?: string;
  messageReadRequired?: boolean;
}

export function pathActivityChanged(d: DraftState, stepIndex: number, activityIndex: number, patch: ActivityPatch): void {
  const a = d.path.steps[stepIndex]?.activities[activityIndex];
  if (!a) return;
  if (patch.activity !== undefined) a.activity = patch.activity;
  if (patch.whos !== undefined) a.whos = [...new Set(patch.whos)];
  if (patch.message !== undefined) a.message = patch.message.trim();
  if (patch.messageReadRequired !== undefined) a.messageReadRequired = patch.messageReadRequired;
  // 'Read confirmation' is only possible with a message.
  if (a.message === '') a.messageReadRequired = false;
}

/** Refused while an activity of the step lacks its activity or recipients; its errors then show (spec 5). */
export function pathActivityAdded(d: DraftState, stepIndex: number): void {
  const step = d.path.steps[stepIndex];
  if (!step) return;
  if (!step.activities.every(activityComplete)) {
    step.checked = true;
    return;
  }
  const id = step.activities.reduce((max, a) => Math.max(max, a.id), -1) + 1;
  step.activities.push(newActivity(id));
}

/** Allowed only while the step has more than one activity (spec 5). */
export function pathActivityRemoved(d: DraftState, stepIndex: number, activityIndex: number): void {
  const step = d.path.steps[stepIndex];
  if (!step || step.activities.length <= 1 || !step.activities[activityIndex]) return;
  step.activities.splice(activityIndex, 1);
}

/** 'Configuration completed!': saves the path definition (spec 7). */
export function pathSaved(d: DraftState, ctx: Ctx): void {
  const p = d.path;
  if (d.missions.save === 'pending' || !pathComplete(p)) return;
  const shelves = shelvesPerSide(d.settings.data, d.setup);
  d.missions.save = 'pending';
  d.missions.saveError = null;
  request(d, ctx, 'pathDefinition', 'POST', 'api/mission/definition/path', {
    name: p.name || defaultMissionName(d.missions.definitions.map((x) => x.name)),
    steps: p.steps.map((s) => ({
      destination_id: s.destination.id,
      activities: s.activities.map((a) => ({
        activity_id: a.activity,
        recipients: a.whos.length > 0 ? [...a.whos] : 0,
        message: a.message,
        message_read_required: a.message !== '' && a.messageReadRequired,
        load_location_left: toWire(a.loadLocationLeft, shelves.left),
        load_location_right: toWire(a.loadLocationRight, shelves.right),
      })),
    })),
  });
}

export function pathCreated(d: DraftState, ctx: Ctx): void {
  d.missions.save = 'idle';
  d.path = initialPath();
  navigate(d, ctx, '/missions');
}
