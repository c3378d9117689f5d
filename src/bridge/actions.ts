/** What the UI can ask of the core: intents, PINs, and the event log. */
import type { Intent, PinPurpose } from '../../core/events';
import type { MapPicture } from '../../worker/api';
import type { ReportOutcome } from '../../worker/reportSender';
import type { ReportListing } from '../../worker/reportList';

export interface CoreActions {
  dispatch(intent: Intent): void;
  submitPin(purpose: PinPurpose, pin: string): void;
  exportLog(): Promise<string>;
  /** The same log as a file, streamed from storage (absent where there is no live worker: `exportLog` then). */
  exportLogFile?(): Promise<Blob>;
  /** Sends a problem report: the last 15 minutes of the log with the note (absent where there is no live worker). */
  reportProblem?(note: string): Promise<ReportOutcome>;
  /** The back end's problem reports, for /replay (absent where there is no live worker). */
  listReports?(): Promise<ReportListing>;
  /** Shows the map's pictures on `surfaces` (one per picture level, handed over to the worker), telling of each version shown (absent where there is no live worker). */
  subscribeMap?(onImage: (picture: MapPicture) => void, surfaces: OffscreenCanvas[]): void;
}

/** Actions that do nothing, for read-only views (the replay page) and tests that do not care. */
export const inertActions: CoreActions = {
  dispatch: () => undefined,
  submitPin: () => undefined,
  exportLog: async () => '',
};
