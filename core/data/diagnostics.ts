/**
 * /diagnostic: battery health and charge, distance or time per day of a chosen month (one of the last 12),
 * and the CSV export of what is shown. Failures are kept in state and shown.
 */
import type { Ctx, DraftState } from '../context';
import type { PendingCall } from '../calls/pending';
import { request } from '../calls/request';
import { reject } from '../rejections';
import { isPeriod, lastTwelveMonths, periodAt, periodPath, samePeriod } from './period';
import type { DiagnosticView } from './dataState';

export type { DiagnosticView, DiagnosticsState } from './dataState';

function loadDays(d: DraftState, ctx: Ctx): void {
  const g = d.diagnostics;
  if (!g.period) return;
  g.status = 'pending';
  g.days = [];
  g.export = { status: 'idle', path: null };
  request(d, ctx, 'diagnosticsDays', 'GET', `api/diagnostics/${g.view}/${periodPath(g.period)}`, undefined, {
    year: g.period.year,
    month: g.period.month,
    view: g.view,
  });
}

/** The page shows: the periods end at this month; batteries and the chosen month's days are read afresh. */
export function enterDiagnostic(d: DraftState, ctx: Ctx): void {
  const g = d.diagnostics;
  const current = periodAt(ctx.at, d.clock.tzOffsetMinutes);
  // A period that has fallen out of the last 12 months (the kiosk ran for a long time) goes back to current.
  const stillOffered = lastTwelveMonths(current).some((p) => samePeriod(p, g.period));
  g.current = current;
  if (!stillOffered) g.period = current;
  g.batteriesStatus = 'pending';
  request(d, ctx, 'batteriesRead', 'GET', 'api/diagnostics/batteries');
  loadDays(d, ctx);
}

/** A month chosen in Period: only one of the 12 offered. */
export function diagnosticPeriodChosen(d: DraftState, ctx: Ctx, p: { year: number; month: number }): void {
  const g = d.diagnostics;
  if (!isPeriod(p) || !g.current || !lastTwelveMonths(g.current).some((q) => samePeriod(q, p))) return;
  g.period = { year: p.year, month: p.month };
  loadDays(d, ctx);
}

/** Distance or Time chosen in View By. */
export function diagnosticViewChosen(d: DraftState, ctx: Ctx, view: DiagnosticView): void {
  if (view !== 'distance' && view !== 'time') return;
  d.diagnostics.view = view;
  loadDays(d, ctx);
}

const isCurrent = (d: DraftState, meta: PendingCall['meta']) =>
  meta?.view === d.diagnostics.view && samePeriod({ year: Number(meta?.year), month: Number(meta?.month) }, d.diagnostics.period);

/** The days of the month and view shown (an answer for another is ignored). */
export function diagnosticDaysLoaded(d: DraftState, ctx: Ctx, data: { day: number; distance?: number; time?: number }[], meta: PendingCall['meta']): void {
  if (!isCurrent(d, meta)) return;
  const view = d.diagnostics.view;
  // The union schema lets either metric through; an answer without the one asked for is not this view's.
  if (data.some((e) => typeof e[view] !== 'number')) {
    reject(d, ctx, 'http diagnosticsDays', `answer has no ${view} per day`);
    d.diagnostics.status = 'failed';
    return;
  }
  d.diagnostics.days = data.map((e) => ({ day: e.day, value: (view === 'distance' ? e.distance : e.time) ?? 0 }));
  d.diagnostics.status = 'loaded';
}

/** Reading the days failed: the page says so. */
export function diagnosticDaysFailed(d: DraftState, _ctx: Ctx, _e: unknown, meta: PendingCall['meta']): void {
  if (isCurrent(d, meta)) d.diagnostics.status = 'failed';
}

/** Health and charge of each battery, Main first. */
export function batteriesLoaded(d: DraftState, _ctx: Ctx, data: { batteries: { health: number; charge: number }[] }): void {
  d.diagnostics.batteries = data.batteries;
  d.diagnostics.batteriesStatus = 'loaded';
}

/** Reading the batteries failed: the page says so. */
export function batteriesFailed(d: DraftState): void {
  d.diagnostics.batteriesStatus = 'failed';
}

/** Export: the CSV of the month and view shown. */
export function diagnosticExportPressed(d: DraftState, ctx: Ctx): void {
  const g = d.diagnostics;
  if (!g.period || g.export.status === 'pending') return;
  g.export = { status: 'pending', path: null };
  request(d, ctx, 'diagnosticsCsv', 'GET', `api/diagnostics/csv/${g.view}/${periodPath(g.period)}`);
}

/** The CSV is written: its download path opens the modal. */
export function diagnosticCsvReady(d: DraftState, _ctx: Ctx, data: { path: string }): void {
  d.diagnostics.export = { status: 'ready', path: data.path };
}

/** The CSV could not be made: the page says so. */
export function diagnosticCsvFailed(d: DraftState): void {
  d.diagnostics.export = { status: 'failed', path: null };
}

/** The modal closed ('Ok'). */
export function exportDismissed(d: DraftState, area: 'diagnostic' | 'missionData'): void {
  if (area === 'diagnostic') d.diagnostics.export = { status: 'idle', path: null };
  else d.missionData.export = { status: 'idle', path: null };
}
