/** The alert reducer: codes come and go with robot/alert_update; flags of codes that stay are kept. */
import type { Ctx, DraftState } from '../context';
import type { AlertItem, State } from '../state';
import type { WsData } from '../schemas/ws';
import type { SliceCtx } from '../context';
import { navigate } from '../navigate';
import { shuttingDown } from '../connection/shutdown';

export type AlertType = 'sync' | 'errors' | 'lost' | 'warnings' | 'batteries' | 'inResolution';

export const LOST_CODE = 'node_lost';
export const BATTERY_CODES = ['battery_1_low', 'battery_2_low'];

/**
 * The list after an update, or the list itself when the update changes nothing in it (a robot repeats its
 * alerts): then the slice is not copied, nor its items.
 */
function merge(list: AlertItem[], activated: string[], resolved: string[], acknowledged: readonly string[], at: number): AlertItem[] {
  // Indexed loops over lists a few codes long: a robot sends these often, and iterators, closures and a Set
  // cost more here (a day's replay allocated more for this function's iterators than for its results).
  let removes = false;
  for (let i = 0; i < list.length; i++) if (resolved.includes(list[i]!.code)) removes = true;
  let adds = false;
  for (let i = 0; i < activated.length; i++) if (!resolved.includes(activated[i]!) && !hasCode(list, activated[i]!)) adds = true;
  if (!removes && !adds) return list;
  const kept: AlertItem[] = [];
  for (let i = 0; i < list.length; i++) if (!resolved.includes(list[i]!.code)) kept.push(list[i]!);
  for (let i = 0; i < activated.length; i++) {
    const code = activated[i]!;
    if (resolved.includes(code) || hasCode(kept, code)) continue;
    kept.push({ code, isSkip: acknowledged.includes(code), isInResolution: false, since: at });
  }
  return kept;
}

function hasCode(list: readonly AlertItem[], code: string): boolean {
  for (let i = 0; i < list.length; i++) if (list[i]!.code === code) return true;
  return false;
}

/** The acknowledged codes less those the update resolves (their state changed): the list itself if none. */
function stillAcknowledged(acknowledged: string[], data: WsData<'robot/alert_update'>): string[] {
  let drops = false;
  for (let i = 0; i < acknowledged.length; i++) {
    const code = acknowledged[i]!;
    if (data.resolved_errors.includes(code) || data.resolved_warnings.includes(code)) drops = true;
  }
  if (!drops) return acknowledged;
  return acknowledged.filter((code) => !data.resolved_errors.includes(code) && !data.resolved_warnings.includes(code));
}

/** Applies one robot/alert_update: the slice itself when nothing changes. Pure. */
export function alertUpdate(alerts: State['alerts'], data: WsData<'robot/alert_update'>, ctx: Pick<SliceCtx, 'at'>): State['alerts'] {
  // A state read from a log made before acknowledgements were kept has none.
  const before = alerts.acknowledged ?? [];
  const acknowledged = stillAcknowledged(before, data);
  const errors = merge(alerts.errors, data.activated_errors, data.resolved_errors, acknowledged, ctx.at);
  const warnings = merge(alerts.warnings, data.activated_warnings, data.resolved_warnings, acknowledged, ctx.at);
  if (errors === alerts.errors && warnings === alerts.warnings && acknowledged === alerts.acknowledged) return alerts;
  const next = { ...alerts }; // copied, then written: a spread with overrides is slower in V8
  next.errors = errors;
  next.warnings = warnings;
  next.acknowledged = acknowledged;
  return next;
}

const live = (item: AlertItem) => !item.isSkip && !item.isInResolution;

/**
 * The banner type by priority: sync, then errors (lost for node_lost), then warnings (batteries for a low
 * battery), then inResolution when only items in resolution remain. Pure selector.
 */
export function alertType(s: Pick<State, 'connection' | 'alerts'>): AlertType | null {
  // A robot switching off on the operator's word is no synchronisation issue (issue 34).
  if (shuttingDown(s.connection)) return null;
  // A start still reaching the back end and the robot is no issue yet (the 5 s debounce, issue 42).
  if (!s.connection.backend || !s.connection.robot) return s.connection.starting === true ? null : 'sync';
  const errors = s.alerts.errors.filter(live);
  if (errors.length > 0) return errors.some((e) => e.code === LOST_CODE) ? 'lost' : 'errors';
  const warnings = s.alerts.warnings.filter(live);
  if (warnings.length > 0) return warnings.some((w) => BATTERY_CODES.includes(w.code)) ? 'batteries' : 'warnings';
  const all = [...s.alerts.errors, ...s.alerts.warnings];
  if (all.some((item) => item.isInResolution && !item.isSkip)) return 'inResolution';
  return null;
}

/** The codes the errors/warnings banner lists as its title. Pure selector. */
export function alertCodes(s: Pick<State, 'alerts'>, type: AlertType | null): string[] {
  if (type === 'errors' || type === 'lost') return s.alerts.errors.filter(live).map((e) => e.code);
  if (type === 'warnings' || type === 'batteries') return s.alerts.warnings.filter(live).map((w) => w.code);
  return [];
}

/**
 * The overlay shows only when logged in, and only for errors, lost, warnings and batteries. 'I'm lost' does
 * not cover /node-lost, the page where the person answers it.
 */
export function overlayType(s: Pick<State, 'connection' | 'alerts' | 'session'> & Partial<Pick<State, 'route'>>): AlertType | null {
  const type = alertType(s);
  if (!s.session.login || type === null || type === 'sync' || type === 'inResolution') return null;
  if (type === 'lost' && s.route?.path === '/node-lost') return null;
  return type;
}

/**
 * Skips the given code, or every live item of the banner on show (Cancel and Continue): acknowledged, it stays
 * quiet until the robot resolves it.
 */
export function skipAlert(d: DraftState, code?: string): void {
  const type = alertType(d);
  const codes = code ? [code] : alertCodes(d, type);
  acknowledge(d, codes);
}

function acknowledge(d: DraftState, codes: readonly string[]): void {
  for (const item of [...d.alerts.errors, ...d.alerts.warnings]) if (codes.includes(item.code)) item.isSkip = true;
  d.alerts.acknowledged ??= [];
  for (const code of codes) if (!d.alerts.acknowledged.includes(code)) d.alerts.acknowledged.push(code);
}

/** A charging mission runs: the low-battery alerts are answered by it, whether or not they are active yet. */
export function acknowledgeBatteries(d: DraftState): void {
  acknowledge(d, BATTERY_CODES);
}

/**
 * The charging ended before the robot resolved its low battery (stopped below the threshold): the alert comes
 * back, since nothing answers it any more.
 */
export function batteryAlertsBack(d: DraftState): void {
  d.alerts.acknowledged = (d.alerts.acknowledged ?? []).filter((code) => !BATTERY_CODES.includes(code));
  for (const item of d.alerts.warnings) if (BATTERY_CODES.includes(item.code)) item.isSkip = false;
}

/** Manage: the lost robot is shown where it is; other alerts open the diagnostic page. */
export function manageAlert(d: DraftState, ctx: Ctx): void {
  const type = overlayType(d);
  if (type === 'lost') navigate(d, ctx, '/node-lost');
  else if (type !== null) {
    skipAlert(d);
    navigate(d, ctx, '/diagnostic');
  }
}

/** Marks node_lost as being resolved (after the person showed the robot where it is). */
export function markLostInResolution(d: DraftState): void {
  for (const item of d.alerts.errors) if (item.code === LOST_CODE) item.isInResolution = true;
}
