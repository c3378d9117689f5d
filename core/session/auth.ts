/**
 * PIN flows. The PIN is held by the worker shell; requests carry a `$secret` placeholder it fills in, and the
 * core only ever learns the outcome.
 */
import type { Ctx, DraftState } from '../context';
import type { PinPurpose } from '../events';
import type { CallError } from '../calls/pending';
import { request } from '../calls/request';
import { navigate } from '../navigate';
import { forgetNewPin, saveSettings, WIZARD_NEXT, wizardNext } from '../wizard/wizard';
import { goAfterLogin, renewSockets } from './serverSession';

const PIN = { $secret: 'pin' } as const;
/** api.md: after 5 wrong tries in a row the back end answers 429 for 30 s. */
export const LOGIN_LOCKOUT_MS = 30_000;
const NEW_PIN = { $secret: 'newPin' } as const;

export function pinSubmitted(d: DraftState, ctx: Ctx, purpose: PinPurpose, match?: boolean): void {
  const s = d.setup;
  if (s.pinChecking || s.save === 'pending') return;
  s.pinError = null;
  switch (purpose) {
    case 'firstAccess':
      s.pinChecking = true;
      request(d, ctx, 'auth', 'POST', 'api/auth', { pin: PIN });
      return;
    case 'login':
      // While the back end refuses logins, asking again would only earn another 429: keep the wait message.
      if (s.pinLockedUntil !== null && ctx.at < s.pinLockedUntil) {
        pinWrong(d, 'tooManyAttempts');
        return;
      }
      s.pinLockedUntil = null;
      s.pinChecking = true;
      request(d, ctx, 'login', 'POST', 'api/auth/login', { pin: PIN });
      return;
    case 'newPin':
      s.newPinHeld = true;
      return;
    case 'confirmPin':
      if (match !== true || !s.newPinHeld) {
        pinWrong(d, 'notMatch');
        return;
      }
      saveSettings(d, ctx, { superadmin_pin: NEW_PIN }, WIZARD_NEXT['confirm-pin'], 'confirmPin');
      return;
  }
}

export function pinCleared(d: DraftState, ctx: Ctx, purpose: PinPurpose): void {
  d.setup.pinError = null;
  if (purpose === 'newPin') forgetNewPin(d, ctx);
}

function pinWrong(d: DraftState, error: 'notCorrect' | 'notMatch' | 'tooManyAttempts' | 'unavailable'): void {
  d.setup.pinError = error;
  d.setup.pinAttempts += 1;
}

function isCorrect(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { isCorrect?: unknown }).isCorrect === true;
}

export function firstAccessAnswered(d: DraftState, ctx: Ctx, data: unknown): void {
  d.setup.pinChecking = false;
  if (!isCorrect(data)) return pinWrong(d, 'notCorrect');
  ctx.effects.push({ type: 'secret/clear', name: 'pin' });
  // The first-access PIN started the wizard's session (api.md): the sockets take its cookie.
  renewSockets(d, ctx);
  navigate(d, ctx, wizardNext(d, 'first-access'));
}

function pinCallFailed(d: DraftState, ctx: Ctx, error: CallError): void {
  d.setup.pinChecking = false;
  if (error.status === 429) d.setup.pinLockedUntil = ctx.at + lockoutMs(error.message);
  pinWrong(d, error.status === 429 ? 'tooManyAttempts' : 'unavailable');
}

/** The wait the back end names in its message ('try again in 27 s'), else the contract's 30 s. Pure. */
export function lockoutMs(message: string): number {
  const m = /(\d+)\s*s\b/.exec(message);
  const seconds = m ? Number(m[1]) : NaN;
  return Number.isFinite(seconds) && seconds > 0 && seconds <= 3600 ? seconds * 1000 : LOGIN_LOCKOUT_MS;
}

/** Whole seconds until a login may be tried again after a 429 (0 when it may). Pure selector. */
export function pinWaitSeconds(s: { setup: { pinLockedUntil: number | null }; clock: { now: number } }): number {
  const until = s.setup.pinLockedUntil;
  return until === null ? 0 : Math.max(0, Math.ceil((until - s.clock.now) / 1000));
}

export const firstAccessFailed = (d: DraftState, ctx: Ctx, error: CallError) => pinCallFailed(d, ctx, error);
export const loginFailed = (d: DraftState, ctx: Ctx, error: CallError) => pinCallFailed(d, ctx, error);

/** A correct login PIN: logged in, then the latest map decides where to go. */
export function loginAnswered(d: DraftState, ctx: Ctx, data: unknown): void {
  d.setup.pinChecking = false;
  if (!isCorrect(data)) return pinWrong(d, 'notMatch');
  ctx.effects.push({ type: 'secret/clear', name: 'pin' });
  d.setup.pinLockedUntil = null;
  d.session.login = true;
  delete d.session.ended;
  // The login set a new session cookie: the sockets reopen with it, so live frames reach the app at once.
  renewSockets(d, ctx);
  d.setup.pinChecking = true;
  request(d, ctx, 'latestMap', 'GET', 'api/map/latest');
}

/** With a map, the saved redirect (default /missions); without one, the robot must map first. */
export function latestMapAnswered(d: DraftState, ctx: Ctx, data: unknown): void {
  d.setup.pinChecking = false;
  const image = typeof data === 'object' && data !== null ? (data as { image?: unknown }).image : undefined;
  if (typeof image === 'string' && image.length > 0) {
    goAfterLogin(d, ctx);
  } else {
    navigate(d, ctx, '/fux/start-mapping');
  }
}

/** A failed map fetch is only logged; the person goes on to where they were headed. */
export function latestMapFailed(d: DraftState, ctx: Ctx): void {
  d.setup.pinChecking = false;
  goAfterLogin(d, ctx);
}

/** The dashboard's avatar card: create a PIN first, else the missions when logged in, else log in. */
export function dashboardCardPressed(d: DraftState, ctx: Ctx): void {
  if (!d.settings.data?.has_superadmin_pin) navigate(d, ctx, '/fux/choose-new-pin');
  else if (d.session.login) navigate(d, ctx, '/missions');
  else navigate(d, ctx, '/login');
}
