/**
 * The robot is never left in manual mode unnoticed (issue 18): leaving teleop (/control and /joints) while the
 * robot is in manual mode asks whether to switch back to normal (queued missions wait while it is manual). Pure reducers.
 */
import type { Ctx, DraftState } from '../context';
import { sendTeleop } from './send';

export type ManualLeaveIntent =
  /** The answer to "switch back to normal mode?" after leaving /control in manual mode. */
  { type: 'ui/manualLeaveAnswered'; at: number; normal: boolean };

export function isManualLeaveIntent(event: { type: string }): event is ManualLeaveIntent {
  return event.type === 'ui/manualLeaveAnswered';
}

/** The teleoperation pages: going between them is not leaving teleop (issue 34). */
export const TELEOP_PAGES: readonly string[] = ['/control', '/joints'];

/** A teleop page was left: for a page outside teleop, in manual mode, the question shows (on that page). */
export function teleopLeft(d: DraftState, to: string): void {
  if (d.teleop.mode === 'MANUAL' && !TELEOP_PAGES.includes(to)) d.teleop.askNormal = true;
}

export function manualLeaveAnswered(d: DraftState, ctx: Ctx, e: ManualLeaveIntent): void {
  if (!d.teleop.askNormal) return;
  d.teleop.askNormal = false;
  if (e.normal === true && d.teleop.mode === 'MANUAL') sendTeleop(d, ctx, { op: 'manual_mode', mode: 'NORMAL' });
}
