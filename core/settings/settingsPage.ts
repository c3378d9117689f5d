/**
 * /settings (behind the login): the first-use wizard's choices changed one at a time, each saved on its own
 * (language, country, date and time, robot and admin names, both shelf layouts), and the PIN changed in three
 * steps (core/settings/pinChange.ts).
 */
import type { Ctx, DraftState } from '../context';
import type { CallError } from '../calls/pending';
import { spec, type CallSpec } from '../calls/spec';
import type { SettingsCallName } from './callNames';
import { request } from '../calls/request';
import { answerSchemas } from '../schemas/answers';
import type { Settings } from '../schemas/entities';
import { clearTimer } from '../timers';
import { formatLocalDateTime } from '../time';
import { enterDateTime, forgetNewPin } from '../wizard/wizard';
import { beginSave, currentPinChecked, currentPinCheckFailed, pinSaved, pinSaveFailed, restartPinChange } from './pinChange';
import type { SettingsIntent } from './intentTypes';
import type { DraftTable } from '../turn';
import { initialSettingsPage, type SettingField } from './pageState';


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
      beginSave(p, e.field);
      request(d, ctx, 'settingsPagePatch', 'PATCH', 'api/settings', { [e.field]: value }, { section: e.field });
      return;
    }
    case 'ui/settingsDateTimeSaved': {
      if (p.save === 'pending' || d.setup.dateTime === null) return;
      beginSave(p, 'date_time');
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
  ctx.effects.push({ type: 'secret/clear', name: 'currentPin' });
  d.setup.pinChecking = false;
}

function saveFailed(d: DraftState, ctx: Ctx, error: CallError): void {
  if (d.settingsPage.section === 'pin') return pinSaveFailed(d, ctx, error);
  d.settingsPage.save = 'failed';
  d.settingsPage.saveError = error.message;
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
      if (meta?.section === 'pin') pinSaved(d, ctx);
    },
    fail: saveFailed,
  }),
  settingsPinCheck: spec({ schema: answerSchemas.login, ok: currentPinChecked, fail: currentPinCheckFailed }),
  settingsDateTime: spec({
    schema: answerSchemas.dateTime,
    ok: (d) => {
      d.settingsPage.save = 'saved';
    },
    fail: saveFailed,
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
