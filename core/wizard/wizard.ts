/** The first-use wizard's table: where Continue and Back go from each page, and what Continue saves. */
import type { Ctx, DraftState } from '../context';
import type { FuxPage } from '../routes';
import type { Settings } from '../schemas/entities';
import type { CallError } from '../calls/pending';
import { isPending, request } from '../calls/request';
import { setTimer } from '../timers';
import { navigate } from '../navigate';
import { atWallTime, formatLocalDateTime, wallClock } from '../time';
import { adoptSavedChoices, nextWizardPage } from './progress';

const fux = (page: FuxPage) => `/fux/${page}`;

/** Continue's target per page (spec 2, first-use wizard table). */
export const WIZARD_NEXT: Record<FuxPage, string> = {
  hello: fux('choose-language'),
  'choose-language': fux('choose-country'),
  'choose-country': fux('choose-date-time'),
  'choose-date-time': fux('robot-name'),
  'robot-name': fux('load-step-right'),
  'load-step-right': fux('load-step-left'),
  'load-step-left': fux('hello-robot'),
  'hello-robot': fux('carousel'),
  carousel: fux('first-access'),
  'first-access': fux('tos'),
  tos: fux('complete-profile'),
  'complete-profile': '/user-dashboard',
  'choose-new-pin': fux('confirm-pin'),
  'confirm-pin': '/user-dashboard',
  'start-mapping': '/mapping/wait',
};

/** Back goes one step back in the order the pages are first reached. */
export const WIZARD_BACK: Record<FuxPage, string> = {
  hello: '/disclaimer',
  'choose-language': fux('hello'),
  'choose-country': fux('choose-language'),
  'choose-date-time': fux('choose-country'),
  'robot-name': fux('choose-date-time'),
  'load-step-right': fux('robot-name'),
  'load-step-left': fux('load-step-right'),
  'hello-robot': fux('load-step-left'),
  carousel: fux('hello-robot'),
  'first-access': fux('carousel'),
  tos: fux('first-access'),
  'complete-profile': fux('tos'),
  'choose-new-pin': '/user-dashboard',
  'confirm-pin': fux('choose-new-pin'),
  'start-mapping': '/user-dashboard',
};

export const DATE_PAGE_TICK_MS = 60_000;

/**
 * Continue's target from `page` once `patch` is saved: the next page that still asks something (so a reload
 * or a partly set robot asks only for what is missing), the wizard's end only with every setting set.
 */
export function wizardNext(d: DraftState, page: FuxPage, patch: Partial<Settings> = {}): string {
  return nextWizardPage(page, WIZARD_NEXT, { ...(d.settings.data ?? {}), ...patch });
}

/** Saves a settings patch, then goes on to `next` (a failed save stays on the page and says so). */
export function saveSettings(
  d: DraftState,
  ctx: Ctx,
  patch: Record<string, unknown>,
  next: string,
  purpose: string | null = null,
): void {
  d.setup.save = 'pending';
  d.setup.saveError = null;
  request(d, ctx, 'settingsPatch', 'PATCH', 'api/settings', patch, { next, purpose });
}

export function settingsSaved(d: DraftState, ctx: Ctx, data: Settings, meta: { next?: unknown } | null): void {
  d.settings.data = data;
  d.settings.status = 'loaded';
  adoptSavedChoices(d.setup, data);
  d.setup.save = 'idle';
  if (meta && typeof meta.next === 'string') navigate(d, ctx, meta.next);
}

export function saveFailed(d: DraftState, _ctx: Ctx, error: CallError, meta: { next?: unknown; purpose?: unknown } | null): void {
  d.setup.save = 'failed';
  d.setup.saveError = error.message;
  // A failed patch on the confirm page shows the PIN mismatch state (spec 8).
  if (meta?.purpose === 'confirmPin') {
    d.setup.pinError = 'notMatch';
    d.setup.pinAttempts += 1;
  }
}

/** A call that only has to succeed before the wizard goes on. */
export function stepDone(d: DraftState, ctx: Ctx, _data: unknown, meta: { next?: unknown } | null): void {
  d.setup.save = 'idle';
  if (meta && typeof meta.next === 'string') navigate(d, ctx, meta.next);
}

/**
 * One of start-mapping's two calls succeeded. The page goes on only once neither is still waiting, and not at
 * all if the other one failed (the page then shows the failure and Continue starts both again).
 */
export function startMappingAnswered(d: DraftState, ctx: Ctx, _data: unknown, meta: { next?: unknown } | null): void {
  if (d.setup.save !== 'pending') return;
  if (isPending(d, 'mappingStart') || isPending(d, 'followMeStart')) return;
  stepDone(d, ctx, _data, meta);
}

export function wizardContinued(d: DraftState, ctx: Ctx, page: FuxPage, value?: string): void {
  const s = d.setup;
  if (s.save === 'pending') return;
  // Each answer is saved as soon as it is confirmed: the back end's settings are what a reload reads back.
  const saveAndGo = (patch: Partial<Settings>) => saveSettings(d, ctx, patch, wizardNext(d, page, patch));
  switch (page) {
    case 'choose-language':
      if (s.language) saveAndGo({ language: s.language });
      return;
    case 'choose-country':
      if (s.country) saveAndGo({ country: s.country });
      return;
    case 'choose-date-time': {
      s.save = 'pending';
      s.saveError = null;
      const local = formatLocalDateTime(s.dateTime ?? ctx.at, d.clock.tzOffsetMinutes);
      request(d, ctx, 'dateTime', 'POST', 'api/datetime', local, { next: wizardNext(d, page) });
      return;
    }
    case 'robot-name': {
      const name = (value ?? '').trim();
      if (name) saveAndGo({ robot_name: name });
      return;
    }
    case 'load-step-right':
      if (s.layoutRight !== null) saveAndGo({ load_location_layout_right: s.layoutRight });
      return;
    case 'load-step-left':
      if (s.layoutLeft === null || s.layoutRight === null) return;
      saveAndGo({ load_location_layout_right: s.layoutRight, load_location_layout_left: s.layoutLeft });
      return;
    case 'tos':
      saveAndGo({ accepted_terms_of_service: true });
      return;
    case 'complete-profile': {
      const name = (value ?? '').trim();
      if (name) saveAndGo({ admin_name: name });
      return;
    }
    case 'choose-new-pin':
      if (s.newPinHeld) navigate(d, ctx, wizardNext(d, page));
      return;
    case 'start-mapping': {
      s.save = 'pending';
      s.saveError = null;
      const next = WIZARD_NEXT[page];
      // Both calls go out at once and may answer in either order: the page goes on after the second.
      request(d, ctx, 'mappingStart', 'POST', 'api/mapping/start', undefined, { next });
      request(d, ctx, 'followMeStart', 'POST', 'api/follow-me/start', undefined, { next });
      return;
    }
    case 'first-access':
    case 'confirm-pin':
      // These go on through ui/pinSubmitted, after the worker checked the PIN it holds.
      return;
    case 'hello':
    case 'hello-robot':
    case 'carousel':
      navigate(d, ctx, wizardNext(d, page));
      return;
  }
}

export function wizardBack(d: DraftState, ctx: Ctx, page: FuxPage): void {
  if (page === 'choose-new-pin') forgetNewPin(d, ctx);
  d.setup.save = 'idle';
  d.setup.saveError = null;
  navigate(d, ctx, WIZARD_BACK[page]);
}

/** Going back from choose-new-pin clears the PIN held by the worker. */
export function forgetNewPin(d: DraftState, ctx: Ctx): void {
  d.setup.newPinHeld = false;
  ctx.effects.push({ type: 'secret/clear', name: 'newPin' });
}

export function enterDateTime(d: DraftState, ctx: Ctx): void {
  d.setup.dateTime = Math.floor(ctx.at / DATE_PAGE_TICK_MS) * DATE_PAGE_TICK_MS;
  setTimer(d.timers, 'dateTimeMinute', d.setup.dateTime + DATE_PAGE_TICK_MS);
}

/** The date page's clock advances every 60 s while it shows. */
export function dateTimeMinuteDue(d: DraftState, ctx: Ctx): void {
  if (d.setup.dateTime === null) return;
  d.setup.dateTime += DATE_PAGE_TICK_MS;
  setTimer(d.timers, 'dateTimeMinute', ctx.at + DATE_PAGE_TICK_MS);
}

/** The person stepped the hour (0-23) or the minute (0-59) on the date page; each wraps alone, the date stays. */
export function timeStepped(d: DraftState, field: 'hour' | 'minute', by: number): void {
  if (d.setup.dateTime === null || !Number.isSafeInteger(by)) return;
  const now = wallClock(d.setup.dateTime, d.clock.tzOffsetMinutes);
  const wrap = (v: number, span: number) => ((v % span) + span) % span;
  const hour = field === 'hour' ? wrap(now.hour + by, 24) : now.hour;
  const minute = field === 'minute' ? wrap(now.minute + by, 60) : now.minute;
  d.setup.dateTime = atWallTime(d.setup.dateTime, d.clock.tzOffsetMinutes, hour, minute);
}
