/** The teleoperation socket: reconnect 1 s after a close, mode and joint states from the robot. */
import { log, type Ctx, type DraftState } from '../context';
import type { TeleopEvent } from '../events';
import { reject, zodReason } from '../rejections';
import { frameValueProblem } from '../frameLimits';
import { teleopFrameSchema } from '../schemas/teleop';
import { setTimer } from '../timers';

export const TELEOP_RETRY_MS = 1_000;

export function openTeleop(ctx: Ctx): void {
  ctx.effects.push({ type: 'teleop/open' });
}

export function teleopOpened(d: DraftState, ctx: Ctx): void {
  d.teleop.connected = true;
  ctx.effects.push({ type: 'teleop/send', message: { client_id: d.teleop.clientId, op: 'manual_mode_status' } });
}

export function teleopClosed(d: DraftState, ctx: Ctx): void {
  d.teleop.connected = false;
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
  const parsed = teleopFrameSchema.safeParse(event.message);
  if (!parsed.success) {
    reject(d, ctx, 'teleop', zodReason(parsed.error));
    return;
  }
  const frame = parsed.data;
  if (frame.op === 'joints') d.teleop.joints = frame.payload;
  else d.teleop.mode = frame.payload.actual_mode.mode;
}

/** Sends a teleop frame with this app's client id, or logs that it cannot while the socket is closed. */
export function sendTeleop(d: DraftState, ctx: Ctx, message: Record<string, unknown>): void {
  if (!d.teleop.connected) {
    log(ctx, 'warn', 'teleop socket closed: cannot send');
    return;
  }
  ctx.effects.push({ type: 'teleop/send', message: { client_id: d.teleop.clientId, ...message } });
}
