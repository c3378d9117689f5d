/** What a person does in the missions area, as events (facts), and where each goes. */
import type { DraftState } from '../context';
import type { DraftTable } from '../turn';
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

function loadShelves(d: DraftState, target: LoadTarget, side: Side): string[][] | null {
  if (target.kind === 'quick') return d.quick.load[side];
  const a = d.path.steps[target.step]?.activities[target.activity];
  if (!a) return null;
  return side === 'left' ? a.loadLocationLeft : a.loadLocationRight;
}

/** What each mission intent does: a missing or misspelled one is a compile error. */
export const MISSION_INTENTS = {
  'ui/newMissionChosen': (d, ctx, e) => e.kind === 'path' ? path.pathReset(d, ctx) : navigate(d, ctx, quick.QUICK_PATH),
  'ui/missionsReloadPressed': (d, ctx) => loadMissions(d, ctx),
  'ui/quickChosen': (d, ctx, e) => quick.quickChosen(d, e.field, e.id),
  'ui/quickLoadConfirmed': (d) => quick.quickLoadConfirmed(d),
  'ui/quickMessageConfirmed': (d, ctx, e) => quick.quickMessageConfirmed(d, e.message, e.readAck),
  'ui/quickSkipped': (d) => quick.quickSkipped(d),
  'ui/quickStepJumped': (d, ctx, e) => quick.quickJumped(d, e.step),
  'ui/quickStartPressed': (d, ctx) => quick.quickStarted(d, ctx),
  'ui/loadItemAdded': (d, ctx, e) => {
    const shelves = loadShelves(d, e.target, e.side);
    if (shelves) addItem(shelves, e.shelf, String(e.value), shelvesPerSide(d.settings.data, d.setup)[e.side]);
  },
  'ui/loadItemRemoved': (d, ctx, e) => {
    const shelves = loadShelves(d, e.target, e.side);
    if (shelves) removeItem(shelves, e.shelf, e.index);
  },
  'ui/pathStepAdded': (d, ctx, e) => path.pathStepAdded(d, e.destinationId),
  'ui/pathStepRemoved': (d, ctx, e) => path.pathStepRemoved(d, e.index),
  'ui/pathStepSelected': (d, ctx, e) => path.pathStepSelected(d, e.index),
  'ui/pathStepRenamed': (d, ctx, e) => path.pathStepRenamed(d, e.index, String(e.name)),
  'ui/pathNameChanged': (d, ctx, e) => path.pathNameChanged(d, String(e.name)),
  'ui/pathStageChosen': (d, ctx, e) => path.pathStageChanged(d, e.stage),
  'ui/pathDialogClosed': (d) => path.pathDialogClosed(d),
  'ui/pathActivityChanged': (d, ctx, e) => path.pathActivityChanged(d, e.step, e.activity, e.patch),
  'ui/pathActivityAdded': (d, ctx, e) => path.pathActivityAdded(d, e.step),
  'ui/pathActivityRemoved': (d, ctx, e) => path.pathActivityRemoved(d, e.step, e.activity),
  'ui/pathSavePressed': (d, ctx) => path.pathSaved(d, ctx),
  'ui/movementTapped': (d, ctx) => tasks.movementTapped(d, ctx),
  'ui/movementResumed': (d, ctx) => tasks.movementResumed(d, ctx),
  'ui/movementStopAsked': (d) => tasks.stopAsked(d),
  'ui/movementStopCancelled': (d) => tasks.stopCancelled(d),
  'ui/movementCancelled': (d, ctx) => tasks.missionCancelled(d, ctx),
  'ui/activityManaged': (d, ctx) => tasks.activityManaged(d, ctx),
  'ui/messageRead': (d, ctx, e) => tasks.messageRead(d, ctx, e.confirmed === true),
  'ui/objectsDone': (d, ctx, e) => objectsDonePressed(d, ctx, Array.isArray(e.items) ? e.items : []),
  'ui/objectsPartialAnswered': (d, ctx, e) => objectsPartialAnswered(d, ctx, e.finish),
  'ui/missionOpened': (d, ctx, e) => (Number.isSafeInteger(e.id) ? runs.missionOpened(d, ctx, e.id) : undefined),
  'ui/runAgainPressed': (d, ctx, e) => (Number.isSafeInteger(e.id) ? runs.runAgainPressed(d, ctx, e.id) : undefined),
  'ui/missionNoticeDismissed': (d) => runs.noticeDismissed(d),
  'ui/movementPausePressed': (d, ctx) => pause.pausePressed(d, ctx),
  'ui/powerOffWithStop': (d, ctx) => pause.powerOffWithStop(d, ctx),
} satisfies DraftTable<MissionIntent>;
