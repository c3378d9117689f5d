/**
 * Every input the core accepts. Each carries `at`, milliseconds since the epoch, stamped by the shell (or by
 * the log being replayed). Names are facts; see DESIGN.md "The core contract".
 */

/** A PIN purpose: which flow the worker shell is checking a held secret for. */
import type { FuxPage } from './routes';
import type { MissionIntent } from './missions/intents';
import type { ManualLeaveIntent } from './teleop/manualLeave';
import type { TeleopPreset } from './teleop/velocity';
import type { SortKey } from './data/missionRows';
import type { DiagnosticView } from './data/diagnostics';
import type { MapIntent } from './map/intents';
import type { SettingsIntent } from './settings/intentTypes';

/** `currentPin`: the PIN asked for before a PIN change on /settings. */
export type PinPurpose = 'firstAccess' | 'login' | 'newPin' | 'confirmPin' | 'currentPin';

/** Robot event socket traffic and its lifecycle, as reported by the worker's socket layer. */
export type WsEvent =
  | { type: 'ws/opened'; at: number }
  | { type: 'ws/closed'; at: number; code?: number }
  /**
   * One frame: `message` when the shell parsed it, `raw` when it could not (then the core rejects it), and
   * with `raw` (a prefix), `refused` when the shell did not parse it because it broke a limit of frameLimits.ts.
   */
  | { type: 'ws/message'; at: number; message?: unknown; raw?: string; refused?: string };

/** Teleoperation socket traffic (port 9191). */
export type TeleopEvent =
  | { type: 'teleop/opened'; at: number }
  | { type: 'teleop/closed'; at: number }
  | { type: 'teleop/message'; at: number; message?: unknown; raw?: string; refused?: string };

/** Answers to `http/request` effects, paired by the id the core chose. */
export type HttpEvent =
  /** The back end answered with a JSON body (any status). */
  | { type: 'http/response'; at: number; id: number; status: number; body: unknown }
  /** No usable answer: network failure, timeout or a non-JSON body. The core falls back to the empty default. */
  | { type: 'http/failed'; at: number; id: number; reason: string };

/** What a person did, as intents dispatched by the UI (or by the shell on their behalf). */
export type UiEvent =
  | { type: 'ui/navigated'; at: number; path: string; search?: string; fromHistory?: boolean }
  | { type: 'ui/activity'; at: number }
  | { type: 'ui/unlockPressed'; at: number }
  | { type: 'ui/alertSkipped'; at: number; code?: string }
  | { type: 'ui/alertManaged'; at: number }
  | { type: 'ui/disclaimerAccepted'; at: number }
  | { type: 'ui/powerOffConfirmed'; at: number }
  /** Ok on the notice that the robot did not shut down. */
  | { type: 'ui/shutdownNoticeDismissed'; at: number }
  | { type: 'ui/languageChosen'; at: number; language: 'en' | 'it' }
  | { type: 'ui/countryChosen'; at: number; country: 'AU' | 'EN' | 'IT' | 'CH' }
  /**
   * A press (or a held press's repeat) on the date page's hour or minute stepper: `by` steps (+1 later, -1
   * earlier), wrapping within the day (23 -> 0, the date unchanged). Relative, so presses that come faster than
   * the screen redraws each count.
   */
  | { type: 'ui/timeStepped'; at: number; field: 'hour' | 'minute'; by: number }
  | { type: 'ui/loadLayoutChosen'; at: number; side: 'left' | 'right'; layout: 0 | 1 | 2 }
  /** Continue (or its page's equivalent) on a first-use page; `value` carries a typed name where there is one. */
  | { type: 'ui/wizardContinued'; at: number; page: FuxPage; value?: string }
  | { type: 'ui/wizardBack'; at: number; page: FuxPage }
  | { type: 'ui/dashboardCardPressed'; at: number }
  | { type: 'ui/loginPressed'; at: number }
  /** 'Log out' in the side menu. */
  | { type: 'ui/logoutPressed'; at: number }
  /** 'Exit' confirmed in the carousel's modal: back to the start of the wizard. */
  | { type: 'ui/carouselExited'; at: number }
  /** Try reading the startup data again after 'Faild to get startup data'. */
  | { type: 'ui/startupRetried'; at: number }
  /** 'Start charging mission' on the low-battery overlay. */
  | { type: 'ui/chargingMissionPressed'; at: number }
  /** 'Stop charging' on the movement page of a charging mission at Base. */
  | { type: 'ui/chargingStopped'; at: number }
  /**
   * A complete PIN was typed. The PIN itself stays in the worker shell; the core only learns that one was
   * submitted, and for `confirmPin` whether it matched the held new PIN.
   */
  | { type: 'ui/pinSubmitted'; at: number; purpose: PinPurpose; match?: boolean }
  | { type: 'ui/pinCleared'; at: number; purpose: PinPurpose }
  | MissionIntent
  | ManualLeaveIntent
  | TeleopIntentEvent
  | DataIntentEvent
  | MapIntent
  | SettingsIntent;

/** What a person does on the mission-data and diagnostic pages. */
export type DataIntentEvent =
  | { type: 'ui/missionDataPeriodChosen'; at: number; year: number; month: number }
  | { type: 'ui/missionRowToggled'; at: number; id: number }
  | { type: 'ui/missionRowsAllToggled'; at: number }
  | { type: 'ui/missionDataSorted'; at: number; key: SortKey }
  | { type: 'ui/missionDataExportPressed'; at: number }
  | { type: 'ui/diagnosticPeriodChosen'; at: number; year: number; month: number }
  | { type: 'ui/diagnosticViewChosen'; at: number; view: DiagnosticView }
  | { type: 'ui/diagnosticExportPressed'; at: number }
  /** 'Ok' on an export's modal. */
  | { type: 'ui/exportDismissed'; at: number; area: 'diagnostic' | 'missionData' };

/** What a person does on the teleoperation pages. */
export type TeleopIntentEvent =
  /** Submit with the three values as typed: the core reads them (not a number is 0, out of range clamped). */
  /** `hold`: pressed down (touch or mouse): the move streams at 10 Hz until ui/joystickReleased (issue 18). */
  | { type: 'ui/teleopSubmitted'; at: number; lvx: string; lvy: string; avz: string; hold?: boolean }
  | { type: 'ui/teleopPresetPressed'; at: number; preset: TeleopPreset; hold?: boolean }
  | { type: 'ui/manualModeToggled'; at: number }
  /** The joystick is held at this velocity (first touch or a move); the core streams it at 10 Hz. */
  | { type: 'ui/joystickMoved'; at: number; lvx: number; lvy: number; avz: number }
  | { type: 'ui/joystickReleased'; at: number; reason: 'release' | 'cancel' }
  /** The page went out of sight (document hidden): anything held is let go. */
  | { type: 'ui/pageHidden'; at: number };

/** Why the app started: the page's first load (or a new navigation to it), or a reload of the page. */
export type StartReason = 'start' | 'reload';

/** The shell's own facts: start-up (with the randomness it stamps) and time passing. */
export type ShellEvent =
  /** The app started. `seed` feeds the core's deterministic PRNG; `clientId` names this app for teleop. */
  | {
      type: 'shell/started';
      at: number;
      path: string;
      search?: string;
      seed: number;
      clientId: string;
      /** Minutes to add to local time to get UTC (Date#getTimezoneOffset), for the date-time page. */
      tzOffsetMinutes?: number;
      /**
       * The shell speaks api.md's Sessions: the core asks for the session at start and ends it on logout. A log
       * recorded before sessions has no such flag, and replays with none of those calls, so its answers still pair
       * with their requests by id.
       */
      sessions?: boolean;
      /**
       * How the page came to start, as the browser tells the shell: a first load ('start') or a reload. A reload
       * drops the sockets the way a network failure does; this tells the replay timeline which it was. Logs
       * recorded before it have none.
       */
      reason?: StartReason;
    }
  /** Time passed; the core fires the timers due by `at`. */
  | { type: 'tick'; at: number };

export type CoreEvent = WsEvent | TeleopEvent | HttpEvent | UiEvent | ShellEvent;
export type CoreEventType = CoreEvent['type'];

/** The intents the UI may dispatch: `at` is stamped by the worker. */
export type Intent = UiEvent extends infer E ? (E extends { at: number } ? Omit<E, 'at'> : never) : never;
