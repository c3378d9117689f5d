/** What each timer does when it fires: one handler per timer, a missing one a compile error. */
import type { Turn } from './turn';
import { onDraft, onSlice, type Handler } from './turn';
import type { TimerId } from './timers';
import { pollHealth, retrySocket, robotDisconnectDue } from './connection/connection';
import { clockDue } from './clock/clock';
import { greetingDue, lockDue } from './lock/lock';
import { leaveStartup, startupFadeDue } from './startup/startup';
import { countdownDue, readyDue } from './movement/movement';
import { jointsPollDue, openTeleop } from './teleop/teleop';
import { joystickBeat } from './teleop/stream';
import { dateTimeMinuteDue } from './wizard/wizard';
import { noticeDue } from './missions/runs';

/** Each timer's handler; its data is `horizon`, the time of the event being caught up to. */
const TIMERS = {
  clock: onDraft(clockDue),
  health: onDraft(pollHealth),
  wsRetry: onSlice('connection', retrySocket),
  teleopRetry: onDraft((_d, ctx) => openTeleop(ctx)),
  robotDisconnect: onSlice('connection', robotDisconnectDue),
  lock: onDraft(lockDue),
  lockGreeting: onDraft(greetingDue),
  startupFade: onDraft(startupFadeDue),
  startupGo: onDraft(leaveStartup),
  movementReady: onSlice('movement', readyDue),
  countdown: onSlice('movement', countdownDue),
  dateTimeMinute: onDraft(dateTimeMinuteDue),
  joystickStream: onDraft(joystickBeat),
  jointsPoll: onDraft(jointsPollDue),
  missionNotice: onDraft((d) => noticeDue(d)),
} satisfies Record<TimerId, Handler<number>>;

/** Fires one timer, at `turn.at`. `horizon` is the time of the event being caught up to. */
export function fireTimer(turn: Turn, id: TimerId, horizon: number): void {
  turn.apply<number>(TIMERS[id], horizon);
}
