/**
 * State of the missions area: the combined load, the quick and path drafts, and the movement additions.
 * Plain data; each slice initialises its own part so core/state.ts only names them.
 */
import type { Destination, MissionDefinition, Recipient } from '../schemas/entities';
import { initialRuns, type MissionRuns } from './runsState';

export type Side = 'left' | 'right';

/** Items per shelf of each side (spec 2.6); a shelf with nothing is an empty list. */
export interface Load {
  left: string[][];
  right: string[][];
}

/** The steps of the quick mission wizard, in order (spec 2.2). */
export const QUICK_STEPS = ['destination', 'activity', 'who', 'load', 'message', 'start'] as const;
export type QuickStep = (typeof QUICK_STEPS)[number];

export interface CurrentMissionData {
  definition_id: number;
  status: 'running' | 'paused';
  step_index: number;
  activities: { step: number; idx: number; status: string }[];
}

export interface MissionsState extends MissionRuns {
  /** The combined load (definitions, destinations, activities, recipients, current mission). */
  status: 'idle' | 'pending' | 'loaded' | 'failed';
  /** Answers of the combined load still expected. */
  waiting: number;
  definitions: MissionDefinition[];
  destinations: Destination[];
  activities: { id: number; name: string }[];
  recipients: Recipient[];
  current: CurrentMissionData | null;
  /** Creating a definition (quick or path): a failed save keeps the draft and says so. */
  save: 'idle' | 'pending' | 'failed';
  saveError: string | null;
}

export interface QuickDraft {
  destination: number | null;
  activity: number | null;
  who: number | null;
  load: Load;
  loadDone: boolean;
  message: string;
  messageDone: boolean;
  messageReadAck: boolean;
  /** A step chosen in the breadcrumb; otherwise the first step not filled in shows. */
  jump: QuickStep | null;
}

export interface PathActivity {
  id: number;
  activity: number | null;
  whos: number[];
  message: string;
  messageReadRequired: boolean;
  loadLocationLeft: string[][];
  loadLocationRight: string[][];
}

export interface PathStep {
  /** 1-based, renumbered after a removal. */
  id: number;
  destination: { id: number; name: string };
  /** The step's own name, when the person renamed it (shown instead of the destination's). */
  label: string | null;
  activities: PathActivity[];
  /** Errors show for this step: an add was refused, the overview was refused, or the person moved on. */
  checked: boolean;
}

export type PathStage = 'destinations' | 'activities' | 'overview';

export interface PathDraft {
  stage: PathStage;
  name: string;
  steps: PathStep[];
  /** Index of the step being configured. */
  selected: number;
  /** The not-configured dialog's destination names, or null when it is closed. */
  notConfigured: string[] | null;
}

export interface MovementExtra {
  /** Index into the current step's activities. */
  activityIndex: number;
  /** The departure countdown's full length, as the robot announced it. */
  durationSeconds: number;
  tasks: { message: boolean; delivery: boolean; pickup: boolean; activity: boolean };
  pause: 'none' | 'dialog' | 'confirmStop';
  /** Activity status calls still to send, one at a time so the robot records them in order. */
  outbox: { path: string; body: Record<string, unknown> }[];
  sending: boolean;
  /** movement/failed's optional `reason` (api.md), shown on the failed dialog. */
  failReason: string | null;
  /** Done pressed with objects left unticked: the ticked ones, while "Finish anyway?" asks. */
  partialDone: string[] | null;
}

export function emptyLoad(): Load {
  return { left: [], right: [] };
}

export function initialMissions(): MissionsState {
  return {
    status: 'idle',
    waiting: 0,
    definitions: [],
    destinations: [],
    activities: [],
    recipients: [],
    current: null,
    save: 'idle',
    saveError: null,
    ...initialRuns(),
  };
}

export function initialQuick(): QuickDraft {
  return {
    destination: null,
    activity: null,
    who: null,
    load: emptyLoad(),
    loadDone: false,
    message: '',
    messageDone: false,
    messageReadAck: false,
    jump: null,
  };
}

export function initialPath(): PathDraft {
  return { stage: 'destinations', name: '', steps: [], selected: 0, notConfigured: null };
}

export function initialMovementExtra(): MovementExtra {
  return {
    activityIndex: 0,
    durationSeconds: 0,
    tasks: { message: false, delivery: false, pickup: false, activity: false },
    pause: 'none',
    outbox: [],
    sending: false,
    failReason: null,
    partialDone: null,
  };
}
