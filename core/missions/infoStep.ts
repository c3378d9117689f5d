/**
 * Which step the movement screen's info panel (DIRECTION, TO) describes: the one its headline names (issue 18).
 * Waiting for instructions, the headline names the next step ("My next destination will be ..."), so the panel
 * does too; otherwise the step the robot is on. Pure.
 */
import type { State } from '../state';

export function infoStepIndex(s: Pick<State, 'movement'>): number {
  return s.movement.state === 'waitingForInstructions' ? s.movement.stepIndex + 1 : s.movement.stepIndex;
}
