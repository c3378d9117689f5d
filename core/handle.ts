/** Routes each event to the slice that handles it. Every case of the union is handled. */
import type { Ctx, DraftState } from './context';
import type { CoreEvent } from './events';
import { httpAnswered } from './calls/answer';
import { navigate } from './navigate';
import { wsMessage, assertNever } from './wsMessage';
import { socketClosed, socketOpened } from './slices/connection';
import { manageAlert, skipAlert } from './slices/alerts';
import { chargingMission } from './missions/charging';
import { unlock, userActive } from './slices/lock';
import { disclaimerAccepted, retryStartup } from './slices/startup';
import { manualModeToggled, teleopClosed, teleopMessage, teleopOpened } from './slices/teleop';
import * as data from './data/missionData';
import * as diag from './data/diagnostics';
import { formSubmitted, joystickMoved, joystickStopped, presetPressed } from './teleop/stream';
import { powerOffConfirmed, shellStarted } from './slices/session';
import { dateTimeChanged, wizardBack, wizardContinued } from './slices/wizard';
import { dashboardCardPressed, pinCleared, pinSubmitted } from './slices/auth';
import { isMissionIntent, missionIntent } from './missions/intents';
import { handleMapIntent } from './map/handle';
import { isManualLeaveIntent, manualLeaveAnswered } from './teleop/manualLeave';

export function handleEvent(d: DraftState, ctx: Ctx, event: CoreEvent): void {
  if (isMissionIntent(event)) return missionIntent(d, ctx, event);
  if (isManualLeaveIntent(event)) return manualLeaveAnswered(d, ctx, event);
  switch (event.type) {
    case 'tick':
      return;
    case 'shell/started':
      return shellStarted(d, ctx, event);
    case 'ws/opened':
      return socketOpened(d, ctx);
    case 'ws/closed':
      return socketClosed(d, ctx);
    case 'ws/message':
      return wsMessage(d, ctx, event);
    case 'teleop/opened':
      return teleopOpened(d, ctx);
    case 'teleop/closed':
      return teleopClosed(d, ctx);
    case 'teleop/message':
      return teleopMessage(d, ctx, event);
    case 'http/response':
    case 'http/failed':
      return httpAnswered(d, ctx, event);
    case 'ui/navigated':
      userActive(d, ctx);
      return navigate(d, ctx, event.path, { search: event.search ?? '', replace: Boolean(event.fromHistory) });
    case 'ui/activity':
      return userActive(d, ctx);
    case 'ui/unlockPressed':
      return unlock(d, ctx);
    case 'ui/alertSkipped':
      return skipAlert(d, event.code);
    case 'ui/alertManaged':
      return manageAlert(d, ctx);
    case 'ui/disclaimerAccepted':
      d.setup.language = null;
      d.setup.country = null;
      return disclaimerAccepted(d, ctx);
    case 'ui/powerOffConfirmed':
      return powerOffConfirmed(d, ctx);
    case 'ui/languageChosen':
      d.setup.language = event.language;
      return;
    case 'ui/countryChosen':
      d.setup.country = event.country;
      return;
    case 'ui/dateTimeChanged':
      return dateTimeChanged(d, event.hour, event.minute);
    case 'ui/loadLayoutChosen':
      if (event.side === 'left') d.setup.layoutLeft = event.layout;
      else d.setup.layoutRight = event.layout;
      return;
    case 'ui/wizardContinued':
      return wizardContinued(d, ctx, event.page, event.value);
    case 'ui/wizardBack':
      return wizardBack(d, ctx, event.page);
    case 'ui/dashboardCardPressed':
      return dashboardCardPressed(d, ctx);
    case 'ui/loginPressed':
      return;
    case 'ui/carouselExited':
      return navigate(d, ctx, '/fux/hello');
    case 'ui/startupRetried':
      return retryStartup(d, ctx);
    case 'ui/chargingMissionPressed':
      return chargingMission(d, ctx);
    case 'ui/pinSubmitted':
      return pinSubmitted(d, ctx, event.purpose, event.match);
    case 'ui/pinCleared':
      return pinCleared(d, ctx, event.purpose);
    case 'ui/teleopSubmitted':
      return formSubmitted(d, ctx, event);
    case 'ui/teleopPresetPressed':
      return presetPressed(d, ctx, event.preset, event.hold === true);
    case 'ui/manualModeToggled':
      return manualModeToggled(d, ctx);
    case 'ui/joystickMoved':
      return joystickMoved(d, ctx, event);
    case 'ui/joystickReleased':
      return joystickStopped(d, ctx, event.reason === 'cancel' ? 'pointer cancelled' : 'released');
    case 'ui/pageHidden':
      return joystickStopped(d, ctx, 'page hidden');
    case 'ui/missionDataPeriodChosen':
      return data.missionDataPeriodChosen(d, ctx, event);
    case 'ui/missionRowToggled':
      return data.missionRowToggled(d, event.id);
    case 'ui/missionRowsAllToggled':
      return data.missionRowsAllToggled(d);
    case 'ui/missionDataSorted':
      return data.missionDataSorted(d, event.key);
    case 'ui/missionDataExportPressed':
      return data.missionDataExportPressed(d, ctx);
    case 'ui/diagnosticPeriodChosen':
      return diag.diagnosticPeriodChosen(d, ctx, event);
    case 'ui/diagnosticViewChosen':
      return diag.diagnosticViewChosen(d, ctx, event.view);
    case 'ui/diagnosticExportPressed':
      return diag.diagnosticExportPressed(d, ctx);
    case 'ui/exportDismissed':
      return diag.exportDismissed(d, event.area);
    case 'ui/mapPressed':
    case 'ui/mapToolChosen':
    case 'ui/destinationEdited':
    case 'ui/zoneDeleted':
    case 'ui/mappingPanel':
    case 'ui/relocalized':
      userActive(d, ctx);
      return handleMapIntent(d, ctx, event);
    default:
      return assertNever(event);
  }
}
