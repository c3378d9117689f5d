/** The whole core state: plain, serialisable data (no secrets, no binary). One key per slice. */
import type { Settings } from './schemas/entities';
import type { Timers } from './timers';
import type { PendingCall } from './calls/pending';
import type { MissionsState, MovementExtra, PathDraft, QuickDraft } from './missions/types';
import { initialMissions, initialMovementExtra, initialPath, initialQuick } from './missions/types';
import type { Adjustment, MoveSource, Velocity } from './teleop/velocity';
import type { MissionDataState, DiagnosticsState } from './data/dataState';
import { initialMapEdit, type MapEditState } from './map/mapState';
import { initialSettingsPage, type SettingsPageState } from './settings/pageState';

export interface AlertItem {
  code: string;
  isSkip: boolean;
  isInResolution: boolean;
}

export type MovementStateName =
  | 'noMission'
  | 'departing'
  | 'moving'
  | 'arriving'
  | 'inActivity'
  | 'inMessage'
  | 'inDelivery'
  | 'inPickup'
  | 'waitingForInstructions'
  | 'failed';

export interface Rejection {
  at: number;
  source: string;
  reason: string;
}

/** Statuses of a call the person waits on, for progress and error display. */
export type CallStatus = 'idle' | 'pending' | 'failed';

export interface State {
  /** The top-bar clock: the time of the last whole-second tick (0 before start). */
  clock: { now: number; tzOffsetMinutes: number };
  timers: Timers;
  route: { path: string; search: string; replace: boolean; seq: number; redirectAfterLogin: string };
  connection: {
    backend: boolean;
    robot: boolean;
    /** Result of the last /healthz poll: good on success, unknown otherwise. */
    health: 'good' | 'unknown';
    socket: 'idle' | 'connecting' | 'open' | 'closed';
    /** The first robot disconnect after start is debounced; later ones are not. */
    firstRobotDisconnectSeen: boolean;
    retries: number;
  };
  alerts: { errors: AlertItem[]; warnings: AlertItem[] };
  batteries: { charges: (number | null)[]; health: (number | null)[] };
  session: {
    login: boolean;
    lock: boolean;
    /** Which of the three lock greetings shows, once the 550 ms delay has passed. */
    greeting: number | null;
  };
  settings: { data: Settings | null; status: CallStatus | 'loaded' };
  startup: { logoVisible: boolean };
  setup: {
    language: 'en' | 'it' | null;
    country: 'AU' | 'EN' | 'IT' | 'CH' | null;
    layoutRight: 0 | 1 | 2 | null;
    layoutLeft: 0 | 1 | 2 | null;
    /** The date-time page's clock, advanced every 60 s while the page shows. */
    dateTime: number | null;
    /** Whether a new PIN is held by the worker (never the PIN itself). */
    newPinHeld: boolean;
    pinError: 'notCorrect' | 'notMatch' | 'tooManyAttempts' | 'unavailable' | null;
    /** Counts PIN answers, so the PIN entry can clear itself after each wrong one. */
    pinAttempts: number;
    pinChecking: boolean;
    /** After the back end's 429, when a login may be tried again (ms since the epoch), else null. */
    pinLockedUntil: number | null;
    save: CallStatus;
    saveError: string | null;
  };
  follow: { following: boolean };
  /** The live map's geometry and a version that changes with every new image (pixels stay in the shell). */
  map: {
    version: number;
    origin: { x: number; y: number } | null;
    resolution: number | null;
    robot: { x: number; y: number; orientation: number } | null;
    /** The image's size in pixels, read from its PNG header (null before the first map). */
    width: number | null;
    height: number | null;
  };
  /** The map screens: destinations, zones, the editor, the mapping panel, relocalization. */
  mapEdit: MapEditState;
  movement: {
    state: MovementStateName;
    missionId: number | null;
    stepIndex: number;
    timerSeconds: number;
    pendingReady: { missionId: number; stepIndex: number; duration: number } | null;
    /** A key of the movement errors (spec 8), see core/missions/movementLoad. */
    error: string | null;
  } & MovementExtra;
  /** The missions list's combined load, and the two wizards' drafts (core/missions). */
  missions: MissionsState;
  quick: QuickDraft;
  path: PathDraft;
  teleop: {
    clientId: string;
    connected: boolean;
    mode: 'MANUAL' | 'NORMAL' | null;
    joints: { name: string[]; position: number[]; velocity: number[] } | null;
    /** Where the touch joystick is held, streamed at 10 Hz; null when it is not held. */
    joystick: Velocity | null;
    /** The last move the person asked for, and whether it went out (it is refused while the socket is closed). */
    lastMove: { velocity: Velocity; source: MoveSource; sent: boolean; at: number } | null;
    /** The typed values the last Submit could not send as typed (not a number, out of range, between steps). */
    adjustments: Adjustment[];
    /** /control was left in manual mode: ask whether to switch back to normal (core/teleop/manualLeave.ts). */
    askNormal: boolean;
  };
  /** The /mission-data page: a month of ended missions, the chosen rows, the sort and the CSV export. */
  missionData: MissionDataState;
  /** The /diagnostic page: batteries, a month's distance or time per day, and its CSV export. */
  diagnostics: DiagnosticsState;
  /** The /settings page: the save under way or done, and the PIN change's step (core/settings). */
  settingsPage: SettingsPageState;
  requests: { nextId: number; pending: Record<number, PendingCall> };
  /** Rejected inputs: a count and the last few, as a ring buffer (no shifting on the hot path). */
  rejections: { count: number; recent: Rejection[]; next: number };
  rng: { seed: number };
}

export const REJECTIONS_KEPT = 50;

/** The state before anything happened. `path` is where the app was opened (the index until told). Pure. */
export function initialState(path = '/'): State {
  return {
    clock: { now: 0, tzOffsetMinutes: 0 },
    timers: {},
    route: { path, search: '', replace: false, seq: 0, redirectAfterLogin: '/missions' },
    connection: {
      backend: false,
      robot: false,
      health: 'unknown',
      socket: 'idle',
      firstRobotDisconnectSeen: false,
      retries: 0,
    },
    alerts: { errors: [], warnings: [] },
    batteries: { charges: [], health: [] },
    session: { login: false, lock: false, greeting: null },
    settings: { data: null, status: 'idle' },
    startup: { logoVisible: false },
    setup: {
      language: null,
      country: null,
      layoutRight: null,
      layoutLeft: null,
      dateTime: null,
      newPinHeld: false,
      pinError: null,
      pinAttempts: 0,
      pinChecking: false,
      pinLockedUntil: null,
      save: 'idle',
      saveError: null,
    },
    follow: { following: false },
    map: { version: 0, origin: null, resolution: null, robot: null, width: null, height: null },
    mapEdit: initialMapEdit(),
    movement: {
      state: 'noMission',
      missionId: null,
      stepIndex: 0,
      timerSeconds: 0,
      pendingReady: null,
      error: null,
      ...initialMovementExtra(),
    },
    missions: initialMissions(),
    quick: initialQuick(),
    path: initialPath(),
    teleop: { clientId: '', connected: false, mode: null, joints: null, joystick: null, lastMove: null, adjustments: [], askNormal: false },
    missionData: {
      period: null,
      status: 'idle',
      missions: [],
      destinations: {},
      selected: [],
      sort: { key: 'date', descending: true },
      export: { status: 'idle', path: null },
    },
    diagnostics: {
      current: null,
      period: null,
      view: 'distance',
      days: [],
      status: 'idle',
      batteries: [],
      batteriesStatus: 'idle',
      export: { status: 'idle', path: null },
    },
    settingsPage: initialSettingsPage(),
    requests: { nextId: 1, pending: {} },
    rejections: { count: 0, recent: [], next: 0 },
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
