import type { HttpMethod } from '../effects';

/** The calls the core makes, each answered through its handler in `registry.ts`. */
import type { MapCallName } from '../map/callNames';
import type { MissionCallName } from '../missions/callNames';
import type { SettingsCallName } from '../settings/callNames';

export type CallName =
  | 'health'
  | 'settings'
  | 'settingsPatch'
  | 'resetPrize'
  | 'shutdown'
  | 'auth'
  | 'login'
  | 'sessionRead'
  | 'logout'
  | 'dateTime'
  | 'latestMap'
  | 'mappingStart'
  | 'followMeStart'
  | MissionCallName
  | 'endedMissions'
  | 'dataDestinations'
  | 'endedMissionsCsv'
  | 'diagnosticsDays'
  | 'batteriesRead'
  | 'diagnosticsCsv'
  | MapCallName
  | SettingsCallName;

export interface PendingCall {
  call: CallName;
  /** What the handler needs to finish the job (never a secret). */
  meta: Record<string, string | number | boolean | null> | null;
  /**
   * An action's call that is sent again after a login when the back end refused it for an ended session
   * (`requestResendable`): what to send. Absent for the rest (loads are made again by the pages themselves).
   */
  resend?: { method: HttpMethod; path: string; body?: unknown };
}

/** A call's failure as the handlers see it. `code` is the back end's, or `network` when there was no answer. */
export interface CallError {
  status: number;
  code: string;
  message: string;
}
