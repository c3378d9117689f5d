/**
 * The whole core state: plain, serialisable data (no secrets, no binary), one key per slice, composed from the
 * areas' state types (each in a file of its own, beside nothing that reduces it). Pure.
 */
import type { Timers } from './timers';
import { initialClock, type ClockState } from './clock/state';
import { initialRoute, type RouteState } from './route/state';
import { initialConnection, type ConnectionState } from './connection/state';
import { initialAlerts, type AlertsState } from './alerts/state';
import { initialBatteries, type BatteriesState } from './batteries/state';
import { initialSession, type SessionState } from './session/state';
import { initialSettings, initialStartup, type SettingsState, type StartupState } from './startup/state';
import { initialSetup, type SetupState } from './wizard/state';
import { initialFollow, type FollowState } from './follow/state';
import { initialLiveMap, type LiveMapState } from './map/liveMap';
import { initialMapEdit, type MapEditState } from './map/mapState';
import { initialMovement, type MovementState } from './movement/state';
import { initialMissions, initialPath, initialQuick, type MissionsState, type PathDraft, type QuickDraft } from './missions/types';
import { initialTeleop, type TeleopState } from './teleop/state';
import { initialDiagnostics, initialMissionData, type DiagnosticsState, type MissionDataState } from './data/dataState';
import { initialSettingsPage, type SettingsPageState } from './settings/pageState';
import { initialRequests, type RequestsState } from './calls/state';
import { initialRejections, type RejectionsState } from './rejectionsState';

export type { AlertItem } from './alerts/state';
export type { MovementStateName } from './movement/state';
export type { CallStatus } from './calls/status';
export { REJECTIONS_KEPT, type Rejection } from './rejectionsState';

export interface State {
  clock: ClockState;
  timers: Timers;
  route: RouteState;
  connection: ConnectionState;
  alerts: AlertsState;
  batteries: BatteriesState;
  session: SessionState;
  settings: SettingsState;
  startup: StartupState;
  setup: SetupState;
  follow: FollowState;
  /** The live map's geometry and version (pixels stay in the shell). */
  map: LiveMapState;
  /** The map screens: destinations, zones, the editor, the mapping panel, relocalization. */
  mapEdit: MapEditState;
  movement: MovementState;
  /** The missions list's combined load, and the two wizards' drafts (core/missions). */
  missions: MissionsState;
  quick: QuickDraft;
  path: PathDraft;
  teleop: TeleopState;
  /** The /mission-data page: a month of ended missions, the chosen rows, the sort and the CSV export. */
  missionData: MissionDataState;
  /** The /diagnostic page: batteries, a month's distance or time per day, and its CSV export. */
  diagnostics: DiagnosticsState;
  /** The /settings page: the save under way or done, and the PIN change's step (core/settings). */
  settingsPage: SettingsPageState;
  requests: RequestsState;
  rejections: RejectionsState;
  rng: { seed: number };
}

/** The state before anything happened. `path` is where the app was opened (the index until told). Pure. */
export function initialState(path = '/'): State {
  return {
    clock: initialClock(),
    timers: {},
    route: initialRoute(path),
    connection: initialConnection(),
    alerts: initialAlerts(),
    batteries: initialBatteries(),
    session: initialSession(),
    settings: initialSettings(),
    startup: initialStartup(),
    setup: initialSetup(),
    follow: initialFollow(),
    map: initialLiveMap(),
    mapEdit: initialMapEdit(),
    movement: initialMovement(),
    missions: initialMissions(),
    quick: initialQuick(),
    path: initialPath(),
    teleop: initialTeleop(),
    missionData: initialMissionData(),
    diagnostics: initialDiagnostics(),
    settingsPage: initialSettingsPage(),
    requests: initialRequests(),
    rejections: initialRejections(),
    rng: { seed: 1 },
  };
}

/**
 * What the core's state is right after start, before the worker has answered: the route resolved by the
 * core's own rules and the clock at `now`. The page renders its first frame from it while the worker boots;
 * the worker's first push replaces it. Pure.
 */
export function provisionalState(resolvedPath: string, now: number): State {
  const s = initialState(resolvedPath);
  s.clock.now = now;
  return s;
}
