/** What a person does in the missions area, as events (facts), and where each goes. */
import type { Ctx, DraftState } from '../context';
import { navigate } from '../navigate';
import { shelvesPerSide, addItem, removeItem } from './load';
import { loadMissions } from './combinedLoad';
import * as quick from './quick';
import * as path from './path';
import * as tasks from './tasks';
import * as runs from './runs';
import * as pause from './pause';
import { objectsDonePressed, objectsPartialAnswered, type ObjectsCheckIntent } from './objectsCheck';
import type { PathStage, QuickStep, Side } from './types';

/** Which load the load-location editor edits: the quick draft's, or one activity of a path step. */
export type LoadTarget = { kind: 'quick' } | { kind: 'path'; step: number; activity: number };

export type MissionIntent =
  /** A choice in the floating action menu ('Path' first resets the path draft). */
  | { type: 'ui/newMissionChosen'; at: number; kind: 'quick' | 'path' }
  /** 'Load again' after the list could not load. */
  | { type: 'ui/missionsReloadPressed'; at: number }
  | { type: 'ui/quickChosen'; at: number; field: 'destination' | 'activity' | 'who'; id: number }
  | { type: 'ui/quickLoadConfirmed'; at: number }
  | { type: 'ui/quickMessageConfirmed'; at: number; message: string; readAck: boolean }
  | { type: 'ui/quickSkipped'; at: number }
  | { type: 'ui/quickStepJumped'; at: number; step: QuickStep }
  | { type: 'ui/quickStartPressed'; at: number }
  | { type: 'ui/loadItemAdded'; at: number; target: LoadTarget; side: Side; shelf: number; value: string }
  | { type: 'ui/loadItemRemoved'; at: number; target: LoadTarget; side: Side; shelf: number; index: number }
  | { type: 'ui/pathStepAdded'; at: number; destinationId: number }
  | { type: 'ui/pathStepRemoved'; at: number; index: number }
  | { type: 'ui/pathStepSelected'; at: number; index: number }
  | { type: 'ui/pathStepRenamed'; at: number; index: number; name: string }
  | { type: 'ui/pathNameChanged'; at: number; name: string }
  | { type: 'ui/pathStageChosen'; at: number; stage: PathStage }
  | { type: 'ui/pathDialogClosed'; at: number }
  | { type: 'ui/pathActivityChanged'; at: number; step: number; activity: number; patch: path.ActivityPatch }
  | { type: 'ui/pathActivityAdded'; at: number; step: number }
  | { type: 'ui/pathActivityRemoved'; at: number; step: number; activity: number }
  | { type: 'ui/pathSavePressed'; at: number }
  | { type: 'ui/movementTapped'; at: number }
  | { type: 'ui/movementResumed'; at: number }
  | { type: 'ui/movementStopAsked'; at: number }
  | { type: 'ui/movementStopCancelled'; at: number }
  /** The confirmed stop, or Ok on the failed state. */
  | { type: 'ui/movementCancelled'; at: number }
  | { type: 'ui/activityManaged'; at: number }
  | { type: 'ui/messageRead'; at: number; confirmed: boolean }
  | { type: 'ui/objectsDone'; at: number; items: string[] }
  /** A row's button: that definition's movement page, on its waiting state. */
  | { type: 'ui/missionOpened'; at: number; id: number }
  | { type: 'ui/runAgainPressed'; at: number; id: number }
  | { type: 'ui/missionNoticeDismissed'; at: number }
  /** The large Pause control while the robot departs, moves or arrives. */
  | { type: 'ui/movementPausePressed'; at: number }
  /** Power Off confirmed while a mission runs: stop it, then power off. */
  | { type: 'ui/powerOffWithStop'; at: number }
  | ObjectsCheckIntent;

const TYPES = new Set<string>([
  'ui/newMissionChosen', 'ui/missionsReloadPressed', 'ui/quickChosen', 'ui/quickLoadConfirmed', 'ui/quickMessageConfirmed', 'ui/quickSkipped',
  'ui/quickStepJumped', 'ui/quickStartPressed', 'ui/loadItemAdded', 'ui/loadItemRemoved', 'ui/pathStepAdded',
  'ui/pathStepRemoved', 'ui/pathStepSelected', 'ui/pathStepRenamed', 'ui/pathNameChanged', 'ui/pathStageChosen',
  'ui/pathDialogClosed', 'ui/pathActivityChanged', 'ui/pathActivityAdded', 'ui/pathActivityRemoved', 'ui/pathSavePressed',
  'ui/movementTapped', 'ui/movementResumed', 'ui/movementStopAsked', 'ui/movementStopCancelled', 'ui/movementCancelled',
  'ui/activityManaged', 'ui/messageRead', 'ui/objectsDone', 'ui/missionOpened', 'ui/runAgainPressed', 'ui/missionNoticeDismissed',
  'ui/movementPausePressed', 'ui/powerOffWithStop', 'ui/objectsPartialAnswered',
] satisfies MissionIntent['type'][]);

export function isMissionIntent(event: { type: string }): event is MissionIntent {
  return TYPES.has(event.type);
}

function loadShelves(d: DraftState, target: LoadTarget, side: Side): string[][] | null {
  if (target.kind === 'quick') return d.quick.load[side];
  const a = d.path.steps[target.step]?.activities[target.activity];
  if (!a) return null;
  return side === 'left' ? a.loadLocationLeft : a.loadLocationRight;
}

export function missionIntent(d: DraftState, ctx: Ctx, e: MissionIntent): void {
  switch (e.type) {
    case 'ui/newMissionChosen':
      return e.kind === 'path' ? path.pathReset(d, ctx) : navigate(d, ctx, quick.QUICK_PATH);
    case 'ui/missionsReloadPressed':
      return loadMissions(d, ctx);
    case 'ui/quickChosen':
      return quick.quickChosen(d, e.field, e.id);
    case 'ui/quickLoadConfirmed':
      return quick.quickLoadConfirmed(d);
    case 'ui/quickMessageConfirmed':
      return quick.quickMessageConfirmed(d, e.message, e.readAck);
    case 'ui/quickSkipped':
      return quick.quickSkipped(d);
    case 'ui/quickStepJumped':
      return quick.quickJumped(d, e.step);
    case 'ui/quickStartPressed':
      return quick.quickStarted(d, ctx);
    case 'ui/loadItemAdded': {
      const shelves = loadShelves(d, e.target, e.side);
      if (shelves) addItem(shelves, e.shelf, String(e.value), shelvesPerSide(d.settings.data, d.setup)[e.side]);
      return;
    }
    case 'ui/loadItemRemoved': {
      const shelves = loadShelves(d, e.target, e.side);
      if (shelves) removeItem(shelves, e.shelf, e.index);
      return;
    }
    case 'ui/pathStepAdded':
      return path.pathStepAdded(d, e.destinationId);
    case 'ui/pathStepRemoved':
      return path.pathStepRemoved(d, e.index);
    case 'ui/pathStepSelected':
      return path.pathStepSelected(d, e.index);
    case 'ui/pathStepRenamed':
      return path.pathStepRenamed(d, e.index, String(e.name));
    case 'ui/pathNameChanged':
      return path.pathNameChanged(d, String(e.name));
    case 'ui/pathStageChosen':
      return path.pathStageChanged(d, e.stage);
    case 'ui/pathDialogClosed':
      return path.pathDialogClosed(d);
    case 'ui/pathActivityChanged':
      return path.pathActivityChanged(d, e.step, e.activity, e.patch);
    case 'ui/pathActivityAdded':
      return path.pathActivityAdded(d, e.step);
    case 'ui/pathActivityRemoved':
      return path.pathActivityRemoved(d, e.step, e.activity);
    case 'ui/pathSavePressed':
      return path.pathSaved(d, ctx);
    case 'ui/movementTapped':
      return tasks.movementTapped(d, ctx);
    case 'ui/movementResumed':
      return tasks.movementResumed(d, ctx);
    case 'ui/movementStopAsked':
      return tasks.stopAsked(d);
    case 'ui/movementStopCancelled':
      return tasks.stopCancelled(d);
    case 'ui/movementCancelled':
      return tasks.missionCancelled(d, ctx);
    case 'ui/activityManaged':
      return tasks.activityManaged(d, ctx);
    case 'ui/messageRead':
      return tasks.messageRead(d, ctx, e.confirmed === true);
    case 'ui/objectsDone':
      return objectsDonePressed(d, ctx, Array.isArray(e.items) ? e.items : []);
    case 'ui/objectsPartialAnswered':
      return objectsPartialAnswered(d, ctx, e.finish);
    case 'ui/missionOpened':
      return Number.isSafeInteger(e.id) ? runs.missionOpened(d, ctx, e.id) : undefined;
    case 'ui/runAgainPressed':
      return Number.isSafeInteger(e.id) ? runs.runAgainPressed(d, ctx, e.id) : undefined;
    case 'ui/missionNoticeDismissed':
      return runs.noticeDismissed(d);
    case 'ui/movementPausePressed':
      return pause.pausePressed(d, ctx);
    case 'ui/powerOffWithStop':
      return pause.powerOffWithStop(d, ctx);
    default: {
      const never: never = e;
      throw new Error(`unhandled: ${JSON.stringify(never)}`);
    }
  }
}
