/** The teleoperation socket: reconnect 1 s after a close, mode and joint states from the robot. */
import { log, type Ctx, type DraftState } from '../context';
import type { TeleopEvent } from '../events';
import { reject, zodReason } from '../rejections';
import { frameValueProblem } from '../frameLimits';
import { teleopFrameSchema } from '../schemas/teleop';
import { check } from '../schemas/check';
import { clearTimer, setTimer } from '../timers';
import { joystickStopped } from './stream';
import { sendTeleop } from './send';

export { sendTeleop };

export const TELEOP_RETRY_MS = 1_000;
/** The joints page reads the joint states about five times a second while it shows. */
export const JOINTS_POLL_MS = 200;

export function openTeleop(ctx: Ctx): void {
  ctx.effects.push({ type: 'teleop/open' });
}

export function teleopOpened(d: DraftState, ctx: Ctx): void {
  d.teleop.connected = true;
  d.teleop.busy = false;
  ctx.effects.push({ type: 'teleop/send', message: { client_id: d.teleop.clientId, op: 'manual_mode_status' } });
}

/** The socket closed: the joystick stops (its zero move is refused and logged) and a reconnect is due in 1 s. */
export function teleopClosed(d: DraftState, ctx: Ctx): void {
  d.teleop.connected = false;
  d.teleop.busy = false;
  joystickStopped(d, ctx, 'teleop socket closed');
  setTimer(d.timers, 'teleopRetry', ctx.at + TELEOP_RETRY_MS);
}

export function teleopMessage(d: DraftState, ctx: Ctx, event: Extract<TeleopEvent, { type: 'teleop/message' }>): void {
  const refused = event.refused ?? (event.message === undefined ? null : frameValueProblem(event.message));
  if (refused) {
    reject(d, ctx, 'teleop', `frame refused (${refused})`);
    return;
  }
  if (event.message === undefined) {
    reject(d, ctx, 'teleop', 'frame is not JSON');
    return;
  }
  const parsed = check(teleopFrameSchema(), event.message);
  if (!parsed.success) {
    reject(d, ctx, 'teleop', zodReason(parsed.error));
    return;
  }
  const frame = parsed.data;
  if (frame.op === 'busy') anotherDriver(d, ctx);
  else if (frame.op === 'joints') d.teleop.joints = frame.payload;
  else {
    d.teleop.mode = frame.payload.actual_mode.mode;
    // In NORMAL mode nobody holds the robot: this app may drive again.
    if (d.teleop.mode === 'NORMAL') d.teleop.busy = false;
  }
}

/**
 * The back end did not carry out this app's frame: another session drives. What this app was streaming stops,
 * with no zero move (it would be refused the same way and the robot is not this app's to stop).
 */
function anotherDriver(d: DraftState, ctx: Ctx): void {
  d.teleop.busy = true;
  // The answer is to the last frame sent: the move the page shows as sent was not carried out.
  if (d.teleop.lastMove?.sent) d.teleop.lastMove.busy = true;
  if (d.teleop.joystick === null) return;
  d.teleop.joystick = null;
  clearTimer(d.timers, 'joystickStream');
  log(ctx, 'info', 'joystick stopped: another operator drives');
}


/** The mode toggle: asks for the other mode than the robot last reported (nothing while it is unknown). */
export function manualModeToggled(d: DraftState, ctx: Ctx): void {
  if (d.teleop.mode === null) {
    log(ctx, 'warn', 'teleop mode unknown: not toggled');
    return;
  }
  sendTeleop(d, ctx, { op: 'manual_mode', mode: d.teleop.mode === 'MANUAL' ? 'NORMAL' : 'MANUAL' });
}

/** The control page shows: ask the robot for its mode, so the toggle's label is current; old notes go. */
export function enterControl(d: DraftState, ctx: Ctx): void {
  d.teleop.adjustments = [];
  d.teleop.fieldErrors = [];
  // A fresh look: the mode toggle or a move finds out again whether another operator still drives.
  d.teleop.busy = false;
  if (d.teleop.connected) sendTeleop(d, ctx, { op: 'manual_mode_status' });
}

/** The joints page shows: read the joints now and then every 200 ms until it is left. */
export function enterJoints(d: DraftState, ctx: Ctx): void {
  jointsPollDue(d, ctx);
}

export function leaveJoints(d: DraftState): void {
  clearTimer(d.timers, 'jointsPoll');
}

/** One poll. While the socket is closed it skips quietly (the page says so) rather than logging 5 times a second. */
export function jointsPollDue(d: DraftState, ctx: Ctx): void {
  if (d.teleop.connected) sendTeleop(d, ctx, { op: 'read_joints' });
  setTimer(d.timers, 'jointsPoll', ctx.at + JOINTS_POLL_MS);
}
