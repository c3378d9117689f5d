/** Routes each event to its handler, from tables that hold every case of the union. */
import type { Ctx, DraftState } from './context';
import type { CoreEvent } from './events';
import { httpAnswered } from './calls/answer';
import { navigate } from './navigate';
import { wsMessage, assertNever } from './wsMessage';
import { onDraft, onSlice, type DraftFn, type DraftTable, type Turn } from './turn';
import { socketClosed, socketOpened } from './connection/connection';
import { manageAlert, skipAlert } from './alerts/alerts';
import { chargingMission } from './missions/charging';
import { unlock, userActive } from './lock/lock';
import { disclaimerAccepted, retryStartup } from './startup/startup';
import { manualModeToggled, teleopClosed, teleopMessage, teleopOpened } from './teleop/teleop';
import * as data from './data/missionData';
import * as diag from './data/diagnostics';
import { formSubmitted, joystickMoved, joystickStopped, presetPressed } from './teleop/stream';
import { powerOffConfirmed, shellStarted } from './session/session';
import { dateTimeChanged, wizardBack, wizardContinued } from './wizard/wizard';
import { dashboardCardPressed, pinCleared, pinSubmitted } from './session/auth';
import { MISSION_INTENTS } from './missions/intents';
import { MAP_INTENTS } from './map/handle';
import type { MapIntent } from './map/intents';
import { SETTINGS_INTENTS, settingsPinSubmitted } from './settings/settingsPage';
import { manualLeaveAnswered } from './teleop/manualLeave';

const SOCKET_OPENED = onSlice('connection', socketOpened);
const SOCKET_CLOSED = onSlice('connection', socketClosed);
const DRAFTED = onDraft(drafted);

/** Hands an event to its handler: the robot socket's to slice handlers, the others on a draft. */
export function handleEvent(turn: Turn, event: CoreEvent): void {
  switch (event.type) {
    case 'tick':
      return;
    case 'ws/message':
      return wsMessage(turn, event);
    case 'ws/opened':
      return turn.apply(SOCKET_OPENED, undefined);
    case 'ws/closed':
      return turn.apply(SOCKET_CLOSED, undefined);
    default:
      return turn.apply(DRAFTED, event);
  }
}

type DraftedEvent = Exclude<CoreEvent, { type: 'tick' | 'ws/message' | 'ws/opened' | 'ws/closed' }>;

/** Hands a drafted event to its entry in the table; a type the table does not hold (from a log) throws. */
function drafted(d: DraftState, ctx: Ctx, event: DraftedEvent): void {
  const handler = Object.hasOwn(DRAFT_HANDLERS, event.type) ? (DRAFT_HANDLERS[event.type] as DraftFn<DraftedEvent>) : undefined;
  if (!handler) return assertNever(event as never);
  handler(d, ctx, event);
}

function active<E extends MapIntent>(handler: DraftFn<E>): DraftFn<E> {
  return (d, ctx, event) => {
    userActive(d, ctx);
    handler(d, ctx, event);
  };
}

/** What every other event does, on a draft: a missing or misspelled one is a compile error. */
const DRAFT_HANDLERS = {
  ...MISSION_INTENTS,
  ...SETTINGS_INTENTS,
  'shell/started': (d, ctx, event) => shellStarted(d, ctx, event),
  'teleop/opened': (d, ctx) => teleopOpened(d, ctx),
  'teleop/closed': (d, ctx) => teleopClosed(d, ctx),
  'teleop/message': (d, ctx, event) => teleopMessage(d, ctx, event),
  'http/response': (d, ctx, event) => httpAnswered(d, ctx, event),
  'http/failed': (d, ctx, event) => httpAnswered(d, ctx, event),
  'ui/navigated': (d, ctx, event) => {
    userActive(d, ctx);
    return navigate(d, ctx, event.path, { search: event.search ?? '', replace: Boolean(event.fromHistory) });
  },
  'ui/activity': (d, ctx) => userActive(d, ctx),
  'ui/unlockPressed': (d, ctx) => unlock(d, ctx),
  'ui/alertSkipped': (d, ctx, event) => skipAlert(d, event.code),
  'ui/alertManaged': (d, ctx) => manageAlert(d, ctx),
  'ui/disclaimerAccepted': (d, ctx) => {
    d.setup.language = null;
    d.setup.country = null;
    return disclaimerAccepted(d, ctx);
  },
  'ui/powerOffConfirmed': (d, ctx) => powerOffConfirmed(d, ctx),
  'ui/languageChosen': (d, ctx, event) => {
    d.setup.language = event.language;
  },
  'ui/countryChosen': (d, ctx, event) => {
    d.setup.country = event.country;
  },
  'ui/dateTimeChanged': (d, ctx, event) => dateTimeChanged(d, event.hour, event.minute),
  'ui/loadLayoutChosen': (d, ctx, event) => {
    if (event.side === 'left') d.setup.layoutLeft = event.layout;
    else d.setup.layoutRight = event.layout;
  },
  'ui/wizardContinued': (d, ctx, event) => wizardContinued(d, ctx, event.page, event.value),
  'ui/wizardBack': (d, ctx, event) => wizardBack(d, ctx, event.page),
  'ui/dashboardCardPressed': (d, ctx) => dashboardCardPressed(d, ctx),
  'ui/loginPressed': () => undefined,
  'ui/carouselExited': (d, ctx) => navigate(d, ctx, '/fux/hello'),
  'ui/startupRetried': (d, ctx) => retryStartup(d, ctx),
  'ui/chargingMissionPressed': (d, ctx) => chargingMission(d, ctx),
  'ui/pinSubmitted': (d, ctx, event) => {
    // The PINs of /settings (the current one, the new one's confirmation) are its own; the others the wizard's.
    if (!settingsPinSubmitted(d, ctx, event.purpose, event.match)) pinSubmitted(d, ctx, event.purpose, event.match);
  },
  'ui/pinCleared': (d, ctx, event) => pinCleared(d, ctx, event.purpose),
  'ui/teleopSubmitted': (d, ctx, event) => formSubmitted(d, ctx, event),
  'ui/teleopPresetPressed': (d, ctx, event) => presetPressed(d, ctx, event.preset, event.hold === true),
  'ui/manualLeaveAnswered': (d, ctx, event) => manualLeaveAnswered(d, ctx, event),
  'ui/manualModeToggled': (d, ctx) => manualModeToggled(d, ctx),
  'ui/joystickMoved': (d, ctx, event) => joystickMoved(d, ctx, event),
  'ui/joystickReleased': (d, ctx, event) => joystickStopped(d, ctx, event.reason === 'cancel' ? 'pointer cancelled' : 'released'),
  'ui/pageHidden': (d, ctx) => joystickStopped(d, ctx, 'page hidden'),
  'ui/missionDataPeriodChosen': (d, ctx, event) => data.missionDataPeriodChosen(d, ctx, event),
  'ui/missionRowToggled': (d, ctx, event) => data.missionRowToggled(d, event.id),
  'ui/missionRowsAllToggled': (d) => data.missionRowsAllToggled(d),
  'ui/missionDataSorted': (d, ctx, event) => data.missionDataSorted(d, event.key),
  'ui/missionDataExportPressed': (d, ctx) => data.missionDataExportPressed(d, ctx),
  'ui/diagnosticPeriodChosen': (d, ctx, event) => diag.diagnosticPeriodChosen(d, ctx, event),
  'ui/diagnosticViewChosen': (d, ctx, event) => diag.diagnosticViewChosen(d, ctx, event.view),
  'ui/diagnosticExportPressed': (d, ctx) => diag.diagnosticExportPressed(d, ctx),
  'ui/exportDismissed': (d, ctx, event) => diag.exportDismissed(d, event.area),
  // A map intent is the person's activity too (the lock's 900 s start again).
  'ui/mapPressed': active(MAP_INTENTS['ui/mapPressed']),
  'ui/mapToolChosen': active(MAP_INTENTS['ui/mapToolChosen']),
  'ui/destinationEdited': active(MAP_INTENTS['ui/destinationEdited']),
  'ui/zoneDeleted': active(MAP_INTENTS['ui/zoneDeleted']),
  'ui/mappingPanel': active(MAP_INTENTS['ui/mappingPanel']),
  'ui/relocalized': active(MAP_INTENTS['ui/relocalized']),
} satisfies DraftTable<DraftedEvent>;

