/** The one typed API the worker exposes with Comlink; `src/` imports this type only. */
import type { Intent, PinPurpose, StartReason } from '../core/events';
import type { State } from '../core/state';
import type { RecorderStats } from './recorder';
import type { ReportOutcome } from './reportSender';
import type { ReportListing } from './reportList';

/**
 * A map version now on show. The worker puts each version's picture into the view's surfaces itself (one
 * OffscreenCanvas per picture level, core/map/pictureLevels.ts, handed over once), so the pixels never cross to
 * the main thread.
 */
export interface MapPicture {
  version: number;
  width: number;
  height: number;
}

export type Slices = Partial<State>;

export interface KioskApi {
  /**
   * Starts the live app at this path (once), recording why (a reload or a start); false when another tab holds
   * the session, and nothing started.
   */
  start(path: string, search: string, reason?: StartReason): Promise<boolean>;
  /**
   * The page has committed its first screen: the start's sockets and calls, held until now so they do not
   * compete with it, go out (worker/runtime.ts `holdEffects`).
   */
  firstScreenShown(): Promise<void>;
  dispatch(intent: Intent): Promise<void>;
  /** Hands a typed PIN to the worker, which holds it; the core only learns the outcome. */
  submitPin(purpose: PinPurpose, pin: string): Promise<void>;
  /** `onChange` gets the whole state first, then only the slices that changed, at most once per frame. */
  subscribe(onChange: (changed: Slices) => void): Promise<void>;
  /** The kiosk's own log (persisted across reloads and restarts) as JSON Lines. */
  exportLog(): Promise<string>;
  /** The same log as a file, streamed from IndexedDB chunk by chunk (up to 200 MB: never one string). */
  exportLogFile(): Promise<Blob>;
  /**
   * Reports a problem: the last 15 minutes of the kiosk's log as a clip with the note and the moment, sent with
   * `POST api/reports`, or kept on the kiosk and sent later when the back end cannot take it (worker/reportDesk.ts).
   */
  reportProblem(note: string): Promise<ReportOutcome>;
  /** The back end's problem reports, for /replay (worker/reportList.ts). */
  listReports(): Promise<ReportListing>;
  /**
   * Shows the map's pictures on `surfaces` (the map view's canvases, one per picture level, finest first, their
   * control transferred here and on to the map worker, which makes the pictures: worker/mapPictures.ts): the
   * latest at once, then each new version; `onImage` hears of each one shown.
   */
  subscribeMap(onImage: (picture: MapPicture) => void, surfaces: OffscreenCanvas[]): Promise<void>;
  /** How big the recorder's log is, in memory and persisted. */
  recorderStats(): Promise<RecorderStats>;
  /** The worker finished starting (for the cold-start measurement). */
  ping(): Promise<number>;
}
