/** Ended missions, diagnostics (distance, time, batteries), CSV exports and their downloads. */
import type { App } from '../app';
import { readCsvFile, writeCsvFile } from '../csvFiles';
import { iso } from '../types';
import { ApiError, notFound, RawAnswer, type Router, validate } from './router';
import { csvBody } from './schemas';

/** Registers the report calls. */
export function reportRoutes(r: Router, app: App): void {
  const { missions, stats } = app.store;

  r.on('GET', '/api/ended_missions/year/:year/month/:month', ({ params }) => {
    const [from, to] = monthRange(params);
    return { missions: missions.endedBetween(from, to) };
  });

  r.on('POST', '/api/ended_missions/csv', ({ body }) => {
    const { ids } = validate(csvBody, body);
    const found = missions.endedByIds(ids);
    const missing = ids.find((id) => !found.some((m) => m.id === id));
    if (missing !== undefined) throw new ApiError(400, 'invalid_request', `ids: no ended mission ${missing}`);
    // Destinations by name, in step order (issue 34: the file listed ids, "4 5"); one deleted since reads "#id".
    const names = new Map(app.store.places.destinations().map((d) => [d.id, d.name]));
    const destinationNames = (m: (typeof found)[number]) => m.steps.map((s) => names.get(s.destination_id) ?? `#${s.destination_id}`).join(' → ');
    const rows = found.map((m) => [
      m.id,
      m.definition_id,
      m.started_at,
      m.ended_at,
      m.status,
      m.distance,
      destinationNames(m),
      m.steps.reduce((n, s) => n + s.activities.filter((a) => a.status === 'completed').length, 0),
      m.steps.reduce((n, s) => n + s.activities.length, 0),
    ]);
    const head = ['id', 'definition_id', 'started_at', 'ended_at', 'status', 'distance_m', 'destinations', 'activities_completed', 'activities_total'];
    return { path: writeCsv(app, 'ended-missions', [head, ...rows]) };
  });

  r.on('GET', '/api/diagnostics/batteries', () => ({ batteries: app.world.batteryState().batteries }));

  r.on('GET', '/api/diagnostics/:metric/year/:year/month/:month', ({ params }) => {
    const metric = metricOf(params.metric);
    return perDay(app, params).map((d) => ({ day: d.day, [metric]: d[metric] }));
  });

  r.on('GET', '/api/diagnostics/csv/:kind/year/:year/month/:month', ({ params }) => {
    const metric = metricOf(params.kind);
    const unit = metric === 'distance' ? 'distance_m' : 'time_s';
    const rows = perDay(app, params).map((d) => [d.date, d[metric]]);
    return { path: writeCsv(app, `diagnostics-${metric}-${params.year}-${String(params.month).padStart(2, '0')}`, [['date', unit], ...rows]) };
  });

  r.on('GET', '/api/files/:name', ({ params }) => {
    const name = params.name ?? '';
    // Only names this back end wrote (csvFiles.ts): no slashes, no dot-dot.
    const text = readCsvFile(app.filesDir, name);
    if (!text) throw notFound('file');
    return new RawAnswer(200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'no-store' }, text);
  });

  /** Every day of the month with metres (0.1 m) and seconds (whole), zero where nothing happened. */
  function perDay(a: App, params: Record<string, string>) {
    const [from] = monthRange(params);
    a.world.flushStats();
    const year = Number(params.year);
    const month = Number(params.month);
    const have = new Map(stats.month(year, month).map((d) => [d.day, d]));
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return Array.from({ length: days }, (_, i) => {
      const date = `${from.slice(0, 8)}${String(i + 1).padStart(2, '0')}`;
      const d = have.get(date);
      return { day: i + 1, date, distance: Math.round((d?.distance ?? 0) * 10) / 10, time: Math.round(d?.time ?? 0) };
    });
  }
}

function metricOf(s: string | undefined): 'distance' | 'time' {
  if (s === 'distance' || s === 'time') return s;
  throw new ApiError(400, 'invalid_request', `kind: must be "distance" or "time", not "${s}"`);
}

/** [start, end) of a month as ISO strings; 400 for a month outside 1-12 or an absurd year. */
function monthRange(params: Record<string, string>): [string, string] {
  const year = Number(params.year);
  const month = Number(params.month);
  if (!(year >= 1970 && year <= 9999)) throw new ApiError(400, 'invalid_request', 'year: must be between 1970 and 9999');
  if (!(month >= 1 && month <= 12)) throw new ApiError(400, 'invalid_request', 'month: must be between 1 and 12');
  return [iso(Date.UTC(year, month - 1, 1)), iso(Date.UTC(year, month, 1))];
}

/** Writes rows as a CSV file in the files folder (the newest 20 are kept, csvFiles.ts) and returns its download path. */
function writeCsv(app: App, stem: string, rows: unknown[][]): string {
  const stamp = iso(app.clock.now()).replace(/[-:]/g, '');
  return `/api/files/${writeCsvFile(app.filesDir, stem, stamp, rows)}`;
}
