/** Startup: load the settings, fade the logo in after 2 s, and after a further 10 s go where they say. */
import type { Ctx, DraftState } from '../context';
import type { CallError } from '../calls/pending';
import { request } from '../calls/request';
import type { Settings } from '../schemas/entities';
import { clearTimer, setTimer } from '../timers';
import { navigate } from '../navigate';
import { adoptSavedChoices, resumePage } from '../wizard/progress';

export const LOGO_DELAY_MS = 2_000;
export const LEAVE_DELAY_MS = 10_000;

export function loadSettings(d: DraftState, ctx: Ctx): void {
  d.settings.status = 'pending';
  request(d, ctx, 'settings', 'GET', 'api/settings');
}

export function settingsLoaded(d: DraftState, ctx: Ctx, data: Settings): void {
  d.settings.data = data;
  d.settings.status = 'loaded';
  adoptSavedChoices(d.setup, data);
  // The guards of the page on show may depend on what the settings say (a PIN exists, the setup is unfinished).
  navigate(d, ctx, d.route.path, { search: d.route.search, replace: true });
  if (d.route.path === '/startup' && d.timers.startupFade === undefined && d.timers.startupGo === undefined && d.startup.logoVisible) {
    leaveStartup(d, ctx);
  }
}

/** Reads the startup data again after a failure; the page leaves as soon as it arrives, if the delays are over. */
export function retryStartup(d: DraftState, ctx: Ctx): void {
  if (d.settings.status === 'failed') loadSettings(d, ctx);
}

export function settingsFailed(d: DraftState, _ctx: Ctx, _error: CallError): void {
  d.settings.status = 'failed';
}

export function enterStartup(d: DraftState, ctx: Ctx): void {
  d.startup.logoVisible = false;
  setTimer(d.timers, 'startupFade', ctx.at + LOGO_DELAY_MS);
  loadSettings(d, ctx);
}

export function exitStartup(d: DraftState): void {
  clearTimer(d.timers, 'startupFade');
  clearTimer(d.timers, 'startupGo');
}

export function startupFadeDue(d: DraftState, ctx: Ctx): void {
  d.startup.logoVisible = true;
  setTimer(d.timers, 'startupGo', ctx.at + LEAVE_DELAY_MS);
}

/** The delays are over: go by the settings (or wait for them, or stay to show the load failure). */
export function leaveStartup(d: DraftState, ctx: Ctx): void {
  if (d.settings.status !== 'loaded') return;
  navigate(d, ctx, resumePage(d.settings.data) ?? '/user-dashboard');
}

/** 'Let's start!' on the disclaimer: reset, forget the startup settings, start again. */
export function disclaimerAccepted(d: DraftState, ctx: Ctx): void {
  request(d, ctx, 'resetPrize', 'GET', 'api/reset-prize');
  d.settings.data = null;
  d.settings.status = 'idle';
  navigate(d, ctx, '/startup');
}
