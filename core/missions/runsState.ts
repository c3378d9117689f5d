/**
 * What the missions list knows about runs of its definitions, beyond the definitions themselves: the last run
 * of each (from GET api/ended_missions), the missions this kiosk queued that have not departed yet, how the
 * runs this kiosk watched ended, whether the back end can run a saved definition again, and the message a
 * finished mission leaves on screen. Plain data.
 */

/** How a run ended: the back end's two outcomes, refined by what this kiosk saw (a stop, a failure). */
export type RunOutcome = 'completed' | 'uncompleted' | 'stopped' | 'failed';

export interface RunEnd {
  outcome: RunOutcome;
  /** When it ended, ms since the epoch. */
  at: number;
  /** movement/failed's reason, when the back end gave one. */
  reason: string | null;
  /**
   * The run before this one, when known: a mission run again does not hide how its earlier run ended (issue 42:
   * "Completed today at 05:08" was replaced by "Failed today at 05:11" without a trace).
   */
  before?: { outcome: RunOutcome; at: number };
}

/** The message a finished mission leaves on the list for a few seconds. */
export interface MissionNotice {
  outcome: 'completed' | 'stopped' | 'failed';
  /** The definition that ended. */
  id: number;
  reason: string | null;
}

export interface MissionRuns {
  /** The last ended run of each definition the back end reported (this month and the one before). */
  lastRuns: Record<number, RunEnd>;
  /** Ends this kiosk watched, by definition: they say more than the back end's completed/uncompleted. */
  endings: Record<number, RunEnd>;
  /** Definitions this kiosk queued (created or ran again) that have not departed yet, oldest first. */
  queued: number[];
  /** POST api/mission/definition/{id}/run: unknown until tried; a back end without it answers 404 or 405. */
  runAgain: 'unknown' | 'supported' | 'unsupported';
  /** The definition whose Run again is on its way. */
  runAgainPending: number | null;
  /** The movement page opened from the list's row for this definition (it shows the waiting state). */
  shown: number | null;
  notice: MissionNotice | null;
  /** The one-tap charging mission (core/missions/charging.ts): under way, or why it could not start. */
  charging: 'idle' | 'pending' | 'noBase' | 'failed';
}

export function initialRuns(): MissionRuns {
  return { lastRuns: {}, endings: {}, queued: [], runAgain: 'unknown', runAgainPending: null, shown: null, notice: null, charging: 'idle' };
}
