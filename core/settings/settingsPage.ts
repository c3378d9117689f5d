/**
 * /settings (behind the login): the first-use wizard's choices changed one at a time, each saved on its own
 * (language, country, date and time, robot and admin names, both shelf layouts), and the PIN changed in three
 * steps: the current PIN (checked by the back end's login check), a new one, and its confirmation. The PINs
 * stay in the worker as in the wizard: the core only learns that one is held and whether checks passed.
 */
import type { Ctx, DraftState } from '../context';
import type { PinPurpose } from '../events';
import type { CallError } from '../calls/pending';
import { spec, type CallSpec } from '../calls/spec';
import type { SettingsCallName } from './callNames';
import { request } from '../calls/request';
import { answerSchemas } from '../schemas/answers';
import type { Settings } from '../schemas/entities';
import { clearTimer } from '../timers';
import { formatLocalDateTime } from '../time';
import { enterDateTime, forgetNewPin } from '../wizard/wizard';
import { confirmedNewPin } from '../session/session';
import type { SettingsIntent } from './intentTypes';
import type { DraftTable } from '../turn';
import { initialSettingsPage, type SettingField, type SettingSection, type SettingsPageState } from './pageState';
import { lockoutMs } from '../session/auth';


const LANGUAGES = new Set(['en', 'it']);
const COUNTRIES = new Set(['AU', 'EN', 'IT', 'CH']);

/** The value as the back end takes it, or null when the page sent something no rule accepts. Pure. */
export function validSetting(field: SettingField, value: unknown): string | number | null {
  switch (field) {
    case 'language':
      return typeof value === 'string' && LANGUAGES.has(value) ? value : null;
    case 'country':
      return typeof value === 'string' && COUNTRIES.has(value) ? value : null;
    case 'robot_name':
    case 'admin_name': {
      // The wizard's rule: trimmed, and never empty.
      const name = typeof value === 'string' ? value.trim() : '';
      return name === '' ? null : name;
    }
    case 'load_location_layout_right':
    case 'load_location_layout_left':
      return value === 0 || value === 1 || value === 2 ? value : null;
  }
}

/** What each settings intent does: a missing or misspelled one is a compile error. */
export const SETTINGS_INTENTS = {
  'ui/settingSaved': (d, ctx, e) => settingsIntent(d, ctx, e),
  'ui/settingsDateTimeSaved': (d, ctx, e) => settingsIntent(d, ctx, e),
  'ui/settingsPinStage': (d, ctx, e) => settingsIntent(d, ctx, e),
} satisfies DraftTable<SettingsIntent>;

function settingsIntent(d: DraftState, ctx: Ctx, e: SettingsIntent): void {
  const p = d.settingsPage;
  switch (e.type) {
    case 'ui/settingSaved': {
      if (p.save === 'pending') return;
      const value = validSetting(e.field, e.value);
      if (value === null) return;
      begin(p, e.field);
      request(d, ctx, 'settingsPagePatch', 'PATCH', 'api/settings', { [e.field]: value }, { section: e.field });
      return;
    }
    case 'ui/settingsDateTimeSaved': {
      if (p.save === 'pending' || d.setup.dateTime === null) return;
      begin(p, 'date_time');
      request(d, ctx, 'settingsDateTime', 'POST', 'api/datetime', formatLocalDateTime(d.setup.dateTime, d.clock.tzOffsetMinutes));
      return;
    }
    case 'ui/settingsPinStage':
      if (e.stage === 'confirm') {
        if (p.pinStage === 'new' && d.setup.newPinHeld) p.pinStage = 'confirm';
      } else restartPinChange(d, ctx);
      return;
  }
}

function begin(p: SettingsPageState, section: SettingSection): void {
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
    currentPinSubmitted(d, ctx);
    return true;
  }
  if (purpose === 'confirmPin' && d.route.path === '/settings') {
    confirmedPinOnSettings(d, ctx, match);
    return true;
  }
  return false;
}

/** The current PIN was typed: the back end's login check tells whether it is the super administrator's. */
function currentPinSubmitted(d: DraftState, ctx: Ctx): void {
  const s = d.setup;
  if (d.settingsPage.pinStage !== 'current' || s.pinChecking) return;
  if (s.pinLockedUntil !== null && ctx.at < s.pinLockedUntil) {
    pinWrong(d, 'tooManyAttempts');
    return;
  }
  s.pinLockedUntil = null;
  s.pinChecking = true;
  s.pinError = null;
  request(d, ctx, 'settingsPinCheck', 'POST', 'api/auth/login', { pin: { $secret: 'pin' } });
}

/** The new PIN matched its confirmation: saved like the wizard's, staying on the page. */
function confirmedPinOnSettings(d: DraftState, ctx: Ctx, match: boolean | undefined): void {
  if (d.settingsPage.pinStage !== 'confirm' || d.settingsPage.save === 'pending') return;
  if (match !== true || !d.setup.newPinHeld) {
    pinWrong(d, 'notMatch');
    return;
  }
  begin(d.settingsPage, 'pin');
  request(d, ctx, 'settingsPagePatch', 'PATCH', 'api/settings', { superadmin_pin: { $secret: 'newPin' } }, { section: 'pin' });
}

function pinWrong(d: DraftState, error: 'notMatch' | 'tooManyAttempts' | 'unavailable'): void {
  d.setup.pinError = error;
  d.setup.pinAttempts += 1;
}

function restartPinChange(d: DraftState, ctx: Ctx): void {
  d.settingsPage.pinStage = 'current';
  d.setup.pinError = null;
  forgetNewPin(d, ctx);
  ctx.effects.push({ type: 'secret/clear', name: 'pin' });
}

/** Entering /settings: nothing saved yet, the PIN change from its start, the date page's clock running. */
export function enterSettings(d: DraftState, ctx: Ctx): void {
  d.settingsPage = initialSettingsPage();
  d.setup.pinError = null;
  forgetNewPin(d, ctx);
  enterDateTime(d, ctx);
}

/** Leaving /settings: no PIN outlives the page, and the date clock stops. */
export function leaveSettings(d: DraftState, ctx: Ctx): void {
  clearTimer(d.timers, 'dateTimeMinute');
  forgetNewPin(d, ctx);
  ctx.effects.push({ type: 'secret/clear', name: 'pin' });
  d.setup.pinChecking = false;
}

function isCorrect(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { isCorrect?: unknown }).isCorrect === true;
}


function saveFailed(d: DraftState, _ctx: Ctx, error: CallError): void {
  d.settingsPage.save = 'failed';
  d.settingsPage.saveError = error.message;
  // A failed PIN save shows the PIN mismatch state, as on the wizard's confirm page (spec 8).
  if (d.settingsPage.section === 'pin') pinWrong(d, 'notMatch');
}

export const SETTINGS_CALLS = {
  settingsPagePatch: spec({
    schema: answerSchemas.settingsPatch,
    ok: (d, ctx, data: Settings, meta) => {
      d.settings.data = data;
      d.settings.status = 'loaded';
      // The screen speaks the saved language at once (the wizard's pick would otherwise win).
      d.setup.language = data.language ?? d.setup.language;
      d.setup.country = data.country ?? d.setup.country;
      d.settingsPage.save = 'saved';
      if (meta?.section === 'pin') {
        confirmedNewPin(d, ctx);
        d.settingsPage.pinStage = 'done';
      }
    },
    fail: saveFailed,
  }),
  settingsDateTime: spec({
    schema: answerSchemas.dateTime,
    ok: (d) => {
      d.settingsPage.save = 'saved';
    },
    fail: saveFailed,
  }),
  settingsPinCheck: spec({
    schema: answerSchemas.login,
    ok: (d, ctx, data) => {
      d.setup.pinChecking = false;
      ctx.effects.push({ type: 'secret/clear', name: 'pin' });
      if (!isCorrect(data)) return pinWrong(d, 'notMatch');
      d.setup.pinLockedUntil = null;
      d.settingsPage.pinStage = 'new';
      forgetNewPin(d, ctx);
    },
    fail: (d, ctx, error) => {
      d.setup.pinChecking = false;
      ctx.effects.push({ type: 'secret/clear', name: 'pin' });
      if (error.status === 429) d.setup.pinLockedUntil = ctx.at + lockoutMs(error.message);
      pinWrong(d, error.status === 429 ? 'tooManyAttempts' : 'unavailable');
    },
  }),
} satisfies Record<SettingsCallName, CallSpec<unknown>>;

/**
 * A first-use page shows the value already set as chosen (the wizard run again preselects the current
 * language, country and shelves), where nothing was picked in this run yet.
 */
export function prefillSetup(d: DraftState): void {
  const now = d.settings.data;
  if (!now) return;
  const s = d.setup;
  if (s.language === null && (now.language === 'en' || now.language === 'it')) s.language = now.language;
  if (s.country === null && now.country && COUNTRIES.has(now.country)) s.country = now.country;
  const layout = (v: unknown) => (v === 0 || v === 1 || v === 2 ? v : null);
  s.layoutRight ??= layout(now.load_location_layout_right);
  s.layoutLeft ??= layout(now.load_location_layout_left);
}
