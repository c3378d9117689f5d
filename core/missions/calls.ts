/** How the missions area's calls are answered (wired into core/calls/registry.ts). */
import { spec, type CallSpec } from '../calls/spec';
import type { MissionCallName } from './callNames';
import { log } from '../context';
import { answerSchemas } from '../schemas/answers';
import * as list from './list';
import { definitionFailed, quickCreated } from './quick';
import { pathCreated } from './path';
import { statusAnswered } from './tasks';
import { movementPoseAnswered } from './movementLoad';
import * as runs from './runs';
import * as charging from './charging';

/** The missions area's calls and how their answers are read. */
export const MISSION_CALLS = {
  // A network failure reads as an empty catalogue (api.md); a JSON error marks the list as not loaded.
  missionDefinitions: spec({ schema: answerSchemas.missionDefinitions, empty: [], ok: list.definitionsLoaded, fail: list.partFailed }),
  destinations: spec({ schema: answerSchemas.destinations, empty: [], ok: list.destinationsLoaded, fail: list.partFailed }),
  activities: spec({ schema: answerSchemas.activities, empty: [], ok: list.activitiesLoaded, fail: list.partFailed }),
  recipients: spec({ schema: answerSchemas.recipients, empty: [], ok: list.recipientsLoaded, fail: list.partFailed }),
  currentMission: spec({ schema: answerSchemas.currentMission, empty: {}, ok: list.currentLoaded, fail: list.partFailed }),
  // No empty default: a create that did not happen must not look done.
  // The back end queues what is created: the row waits until the robot departs.
  quickDefinition: spec({ schema: answerSchemas.missionDefinition, ok: (d, ctx, def) => (runs.missionQueued(d, def.id), quickCreated(d, ctx)), fail: definitionFailed }),
  pathDefinition: spec({ schema: answerSchemas.missionDefinition, ok: (d, ctx, def) => (runs.missionQueued(d, def.id), pathCreated(d, ctx)), fail: definitionFailed }),
  // Pause, resume and cancel failures are only logged (spec 7, 8).
  missionControl: spec({ schema: answerSchemas.missionControl, empty: {}, ok: () => undefined, fail: (_d, ctx, e) => log(ctx, 'warn', `mission control failed: ${e.code}`) }),
  activityStatus: spec({ schema: answerSchemas.activityStatus, empty: {}, ok: statusAnswered, fail: statusAnswered }),
  // Only a hint after a reload: without an answer the robot stays 'on its way' until its next event.
  movementPose: spec({ schema: answerSchemas.latestMap, empty: {}, ok: movementPoseAnswered, fail: () => undefined }),
  // No empty default: a failed month must not read as "never ran".
  lastRuns: spec({ schema: answerSchemas.endedMissions, ok: runs.lastRunsLoaded, fail: runs.lastRunsFailed }),
  runAgain: spec({ schema: answerSchemas.missionControl, ok: runs.runAgainAnswered, fail: runs.runAgainFailed }),
  // Without an answer nothing is cancelled: a cancel of an ended mission is what this check avoids.
  failedCheck: spec({ schema: answerSchemas.currentMission, ok: runs.failedChecked, fail: () => undefined }),
  // No empty default: a charging mission that did not start must not look started.
  chargingMission: spec({ schema: answerSchemas.missionDefinition, ok: charging.chargingCreated, fail: charging.chargingCallFailed }),
  // The older back end's way (no charging call): a quick mission to Base. No empty default: an empty list would read as "no Base".
  chargingBase: spec({ schema: answerSchemas.destinations, ok: charging.chargingBaseFound, fail: charging.chargingFailed }),
  chargingDefinition: spec({ schema: answerSchemas.missionDefinition, ok: charging.chargingCreated, fail: charging.chargingFailed }),
} satisfies Record<MissionCallName, CallSpec<unknown>>;
