/** The movement area's state: where the robot is in its mission, and the movement page's own part. */
import { initialMovementExtra, type MovementExtra } from '../missions/types';

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

export type MovementState = {
  state: MovementStateName;
  missionId: number | null;
  stepIndex: number;
  timerSeconds: number;
  pendingReady: { missionId: number; stepIndex: number; duration: number } | null;
  /** A key of the movement errors (spec 8), see core/missions/movementLoad. */
  error: string | null;
} & MovementExtra;

export function initialMovement(): MovementState {
  return { state: 'noMission', missionId: null, stepIndex: 0, timerSeconds: 0, pendingReady: null, error: null, ...initialMovementExtra() };
}
