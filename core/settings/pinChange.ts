/**
 * The PIN change on /settings: the current PIN, a new one, its confirmation, then one `PATCH api/settings`
 * carrying `superadmin_pin` and `current_pin` (api.md, Sessions). The current PIN is checked as soon as it is
 * typed, by `POST api/auth/check` (it counts towards the lockout like a login, but starts no second session), so
 * a wrong one is said before the new PIN is chosen; the save checks it again. A back end without that call (404
 * or 405) leaves the check to the save, as before. The PINs stay in the worker as in the wizard: the core
 * learns only that each is held, and the answers. Pure.
 */
import type { Ctx, DraftState } from '../context';
import type { PinPurpose } from '../events';
import type { CallError } from '../calls/pending';
import { request } from '../calls/request';
import { forgetNewPin } from '../wizard/wizard';
import { confirmedNewPin } from '../session/session';
import { lockoutMs } from '../session/auth';
import type { SettingSection, SettingsPageState } from './pageState';

/** A save begins: its section pending, the last outcome gone. */
export function beginSave(p: SettingsPageState, section: SettingSection): void {
  p.save = 'pending';
  p.section = section;
  p.saveError = null;
}

/**
 * A PIN typed on /settings: the current one before a change, or the new one's confirmation (which the wizard's
 * confirm page would save and leave). True when it was handled here.
 */
export function settingsPinSubmitted(d: DraftState, ctx: Ctx, purpose: PinPurpose, match?: boolean): boolean {
  if (purpose === 'currentPin') {
    currentPinHeld(d, ctx);
    return true;
  }
  if (purpose === 'confirmPin' && d.route.path === '/settings') {
    confirmedPinOnSettings(d, ctx, match);
    return true;
  }
  return false;
}

/** Only the outcome of the last try shows: a 'Saved' of an earlier change goes with the next PIN typed. */
function forgetPinOutcome(p: SettingsPageState): void {
  if (p.section === 'pin' && p.save !== 'pending') {
    p.save = 'idle';
    p.saveError = null;
  }
}

/** The current PIN is held by the worker: the back end checks it now, before a new one is chosen. */
function currentPinHeld(d: DraftState, ctx: Ctx): void {
  const s = d.setup;
  const p = d.settingsPage;
  if (p.pinStage !== 'current' || s.pinChecking) return;
  forgetPinOutcome(p);
  // While the back end refuses PINs, a check would only earn another 429: keep the wait message.
  if (s.pinLockedUntil !== null && ctx.at < s.pinLockedUntil) {
    pinWrong(d, 'tooManyAttempts');
    ctx.effects.push({ type: 'secret/clear', name: 'currentPin' });
    return;
  }
  s.pinLockedUntil = null;
  s.pinError = null;
  s.pinChecking = true;
  request(d, ctx, 'settingsPinCheck', 'POST', 'api/auth/check', { pin: { $secret: 'currentPin' } });
}

/** The check's answer: a right current PIN leads on to the new one; a wrong one is said at once. */
export function currentPinChecked(d: DraftState, ctx: Ctx, data: { isCorrect: boolean }): void {
  // An answer that arrives after the page was left (which ends the check) is for a PIN already forgotten.
  if (!d.setup.pinChecking || d.settingsPage.pinStage !== 'current') return;
  d.setup.pinChecking = false;
  if (!data.isCorrect) {
    ctx.effects.push({ type: 'secret/clear', name: 'currentPin' });
    pinWrong(d, 'wrongCurrent');
    return;
  }
  toNewPin(d, ctx);
}

/**
 * The check failed. Too many wrong PINs (429) says so; a back end without the call (404, 405) leaves the check
 * to the save; anything else (no answer, a server error) says the PIN could not be checked, to be typed again.
 */
export function currentPinCheckFailed(d: DraftState, ctx: Ctx, error: CallError): void {
  if (!d.setup.pinChecking || d.settingsPage.pinStage !== 'current') return;
  d.setup.pinChecking = false;
  if (error.status === 404 || error.status === 405) return toNewPin(d, ctx);
  ctx.effects.push({ type: 'secret/clear', name: 'currentPin' });
  if (error.status === 429) d.setup.pinLockedUntil = ctx.at + lockoutMs(error.message);
  pinWrong(d, error.status === 429 ? 'tooManyAttempts' : 'unavailable');
}

function toNewPin(d: DraftState, ctx: Ctx): void {
  d.settingsPage.pinStage = 'new';
  forgetNewPin(d, ctx);
}

/** The new PIN matched its confirmation: saved with the current one, staying on the page. */
function confirmedPinOnSettings(d: DraftState, ctx: Ctx, match: boolean | undefined): void {
  const p = d.settingsPage;
  if (p.pinStage !== 'confirm' || p.save === 'pending') return;
  forgetPinOutcome(p);
  if (match !== true || !d.setup.newPinHeld) {
    pinWrong(d, 'notMatch');
    return;
  }
  beginSave(p, 'pin');
  const body = { superadmin_pin: { $secret: 'newPin' }, current_pin: { $secret: 'currentPin' } };
  request(d, ctx, 'settingsPagePatch', 'PATCH', 'api/settings', body, { section: 'pin' });
}

function pinWrong(d: DraftState, error: 'notMatch' | 'tooManyAttempts' | 'wrongCurrent' | 'unavailable'): void {
  d.setup.pinError = error;
  d.setup.pinAttempts += 1;
}

/** Every PIN of the change forgotten by the worker. */
function forgetPins(d: DraftState, ctx: Ctx): void {
  forgetNewPin(d, ctx);
  ctx.effects.push({ type: 'secret/clear', name: 'currentPin' });
}

/** Back to the first step ('Change it again', or after a refusal): the PINs held so far are forgotten. */
export function restartPinChange(d: DraftState, ctx: Ctx): void {
  d.settingsPage.pinStage = 'current';
  d.setup.pinError = null;
  forgetPinOutcome(d.settingsPage);
  forgetPins(d, ctx);
  ctx.effects.push({ type: 'secret/clear', name: 'pin' });
}

/** The new PIN is saved. */
export function pinSaved(d: DraftState, ctx: Ctx): void {
  confirmedNewPin(d, ctx);
  ctx.effects.push({ type: 'secret/clear', name: 'currentPin' });
  d.settingsPage.pinStage = 'done';
}

/**
 * The save was refused. A wrong current PIN (403 `wrong_pin`) or too many wrong PINs (429) says so and starts
 * again from the current PIN; any other failure keeps the confirmation step and shows the mismatch state, as
 * the wizard's confirm page does (spec 8).
 */
export function pinSaveFailed(d: DraftState, ctx: Ctx, error: CallError): void {
  const p = d.settingsPage;
  if (error.status === 403 || error.status === 429) {
    restartPinChange(d, ctx);
    p.save = 'idle';
    if (error.status === 429) d.setup.pinLockedUntil = ctx.at + lockoutMs(error.message);
    pinWrong(d, error.status === 429 ? 'tooManyAttempts' : 'wrongCurrent');
    return;
  }
  p.save = 'failed';
  p.saveError = error.message;
  pinWrong(d, 'notMatch');
}
