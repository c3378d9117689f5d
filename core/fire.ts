/** What each timer does when it fires. */
import type { Ctx, DraftState } from './context';
import type { TimerId } from './timers';
import { pollHealth, retrySocket, robotDisconnectDue } from './slices/connection';
import { clockDue } from './slices/clock';
import { greetingDue, lockDue } from './slices/lock';
import { leaveStartup, startupFadeDue } from './slices/startup';
import { countdownDue, readyDue } from './slices/movement';
import { jointsPollDue, openTeleop } from './slices/teleop';
import { joystickBeat } from './teleop/stream';
import { dateTimeMinuteDue } from './slices/wizard';
import { assertNever } from './wsMessage';
import { noticeDue } from './missions/runs';

/** Fires one timer. `horizon` is the time of the event being caught up to. */
export function fireTimer(d: DraftState, ctx: Ctx, id: TimerId, horizon: number): void {
  switch (id) {
    case 'clock':
      return clockDue(d, ctx, horizon);
    case 'health':
      return pollHealth(d, ctx);
    case 'wsRetry':
      return retrySocket(d, ctx);
    case 'teleopRetry':
      return openTeleop(ctx);
    case 'robotDisconnect':
      return robotDisconnectDue(d);
    case 'lock':
      return lockDue(d, ctx);
    case 'lockGreeting':
      return greetingDue(d);
    case 'startupFade':
      return startupFadeDue(d, ctx);
    case 'startupGo':
      return leaveStartup(d, ctx);
    case 'movementReady':
      return readyDue(d, ctx);
    case 'countdown':
      return countdownDue(d, ctx);
    case 'dateTimeMinute':
      return dateTimeMinuteDue(d, ctx);
    case 'joystickStream':
      return joystickBeat(d, ctx);
    case 'jointsPoll':
      return jointsPollDue(d, ctx);
    case 'missionNotice':
      return noticeDue(d);
    default:
      return assertNever(id);
  }
}
