/** The teleoperation area's state. */
import type { Adjustment, FieldError, MoveSource, Velocity } from './velocity';

export interface TeleopState {
  clientId: string;
  connected: boolean;
  mode: 'MANUAL' | 'NORMAL' | null;
  joints: { name: string[]; position: number[]; velocity: number[] } | null;
  /** Where the touch joystick is held, streamed at 10 Hz; null when it is not held. */
  joystick: Velocity | null;
  /**
   * The last move the person asked for, whether it went out (it is refused while the socket is closed), and
   * whether the back end answered it `busy` (another operator drives: it never reached the wheels).
   */
  lastMove: { velocity: Velocity; source: MoveSource; sent: boolean; busy: boolean; at: number } | null;
  /** The typed values the last Submit rounded to the 0.1 step before sending them. */
  adjustments: Adjustment[];
  /** The fields the last Submit refused (not a number, outside -1..1): nothing was sent. */
  fieldErrors: FieldError[];
  /** /control was left in manual mode: ask whether to switch back to normal (core/teleop/manualLeave.ts). */
  askNormal: boolean;
  /**
   * Another operator drives: the back end answered a move or mode change `busy`. Until the robot is reported
   * in NORMAL mode (or the socket or page starts afresh), the joystick and presets are off.
   */
  busy: boolean;
}

export function initialTeleop(): TeleopState {
  return { clientId: '', connected: false, mode: null, joints: null, joystick: null, lastMove: null, adjustments: [], fieldErrors: [], askNormal: false, busy: false };
}
