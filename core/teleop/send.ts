/** Sending on the teleop socket, shared by the teleop slice and the joystick stream. Pure. */
import { log, type Ctx, type DraftState } from '../context';

/** Sends a teleop frame with this app's client id, or logs that it cannot while the socket is closed. */
export function sendTeleop(d: DraftState, ctx: Ctx, message: Record<string, unknown>): void {
  if (!d.teleop.connected) {
    log(ctx, 'warn', 'teleop socket closed: cannot send');
    return;
  }
  ctx.effects.push({ type: 'teleop/send', message: { client_id: d.teleop.clientId, ...message } });
}
