/** Start-up of the whole app, power-off, and the one-tab rule. */
import type { Ctx, DraftState } from '../context';
import type { ShellEvent } from '../events';
import { request } from '../calls/request';
import { navigate } from '../navigate';
import { startConnection } from '../connection/connection';
import { startClock } from '../clock/clock';
import { armLock } from '../lock/lock';
import { loadSettings } from '../startup/startup';
import { openTeleop } from '../teleop/teleop';
import { shutdownAsked } from '../connection/shutdown';
import { checkSession } from './serverSession';

/** The app started: clock, sockets, health poll, settings, inactivity lock, and the first route. */
export function shellStarted(d: DraftState, ctx: Ctx, event: Extract<ShellEvent, { type: 'shell/started' }>): void {
  d.rng.seed = event.seed | 0;
  d.teleop.clientId = event.clientId;
  d.clock.tzOffsetMinutes = Number.isFinite(event.tzOffsetMinutes) ? (event.tzOffsetMinutes as number) : 0;
  d.session.serverSessions = event.sessions === true;
  startClock(d, ctx);
  startConnection(d, ctx);
  openTeleop(ctx);
  armLock(d, ctx);
  // Entering /startup loads the settings itself; elsewhere they are read here, at launch.
  const willEnterStartup = event.path === '/startup';
  if (!willEnterStartup) loadSettings(d, ctx);
  checkSession(d, ctx, event.path);
  d.route.path = '';
  navigate(d, ctx, event.path, { search: event.search ?? '', replace: true });
}

/** Power Off confirmed in the side menu: ask the robot to shut down, and say so until it goes dark. */
export function powerOffConfirmed(d: DraftState, ctx: Ctx): void {
  shutdownAsked(d);
  request(d, ctx, 'shutdown', 'PUT', 'api/system/shutdown');
}

/** The new PIN is saved: the worker may forget it. */
export function confirmedNewPin(d: DraftState, ctx: Ctx): void {
  d.setup.newPinHeld = false;
  ctx.effects.push({ type: 'secret/clear', name: 'newPin' });
}
