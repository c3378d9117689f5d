/** /mission-data in the core: the month, tiles and rows, sorting, the chosen rows, CSV export, failures. */
import { describe, expect, it } from 'vitest';
import { missionRows, missionTiles } from '../../core/data/missionRows';
import { booted, Harness } from './harness';

const mission = (id: number, start: string, end: string, distance: number, statuses: string[], dest = 3) => ({
  id,
  definition_id: 7,
  started_at: start,
  ended_at: end,
  status: statuses.every((s) => s === 'completed') ? 'completed' : 'uncompleted',
  distance,
  steps: [{ destination_id: dest, activities: statuses.map((status) => ({ activity_id: 1, performed_at: null, status })) }],
});
const MISSIONS = [
  mission(1, '2026-11-03T08:00:00Z', '2026-11-03T08:30:00Z', 120.5, ['completed', 'completed']),
  mission(2, '2026-11-10T14:00:00Z', '2026-11-10T15:00:00Z', 300, ['completed', 'uncompleted'], 9),
  mission(3, '2026-11-01T09:00:00Z', '2026-11-01T09:06:00Z', 40, ['uncompleted']),
];
const DESTINATIONS = [{ id: 3, name: 'Lab', x: 0, y: 0, orientation: 0, resolution: 0.05, color: null, created_at: '2026-11-01T00:00:00Z' }];

function onPage(): Harness {
  const h = booted('/missions');
  h.state = { ...h.state, session: { ...h.state.session, login: true } };
  h.send({ type: 'ui/navigated', path: '/mission-data' });
  return h;
}

describe('mission data', () => {
  it('opens on the current month and reads its ended missions and the destination names', () => {
    const h = onPage();
    expect(h.state.missionData.period).toEqual({ year: 2026, month: 11 });
    expect(h.state.missionData.status).toBe('pending');
    h.answer('api/ended_missions/year/2026/month/11', { missions: MISSIONS });
    h.answer('api/destinations', DESTINATIONS);
    expect(h.state.missionData.status).toBe('loaded');
    expect(h.state.missionData.destinations).toEqual({ 3: 'Lab' });
  });

  it('uses the kiosk zone for the current month', () => {
    // 1 Dec 05:00 UTC is still 30 Nov at UTC-10.
    const h = new Harness(Date.UTC(2026, 11, 1, 5, 0));
    h.send({ type: 'shell/started', path: '/missions', seed: 1, clientId: 'c', tzOffsetMinutes: 600 });
    h.state = { ...h.state, session: { ...h.state.session, login: true } };
    h.send({ type: 'ui/navigated', path: '/mission-data' });
    expect(h.state.missionData.period).toEqual({ year: 2026, month: 11 });
  });

  it('sums the tiles from the missions: completed activities, their distances, start-to-end hours', () => {
    expect(missionTiles(MISSIONS as never)).toEqual({ completedActivities: 3, metres: 460.5, handlingSeconds: 30 * 60 + 3600 + 6 * 60 });
    expect(missionTiles([])).toEqual({ completedActivities: 0, metres: 0, handlingSeconds: 0 });
  });

  it('builds rows in the kiosk zone, names destinations, and sorts by any column both ways', () => {
    const names = { 3: 'Lab' };
    const rows = missionRows(MISSIONS as never, names, -60, { key: 'date', descending: false });
    expect(rows.map((r) => r.id)).toEqual([3, 1, 2]);
    expect(rows[1]).toMatchObject({ date: '2026-11-03', start: '09:00', end: '09:30', durationSeconds: 1800, destinations: ['Lab'], completed: 2, total: 2 });
    expect(rows[2]!.destinations).toEqual(['#9']);
    expect(missionRows(MISSIONS as never, names, 0, { key: 'distance', descending: true }).map((r) => r.id)).toEqual([2, 1, 3]);
    expect(missionRows(MISSIONS as never, names, 0, { key: 'duration', descending: false }).map((r) => r.id)).toEqual([3, 1, 2]);
    expect(missionRows(MISSIONS as never, names, 0, { key: 'status', descending: false }).map((r) => r.status)).toEqual(['completed', 'uncompleted', 'uncompleted']);
  });

  it('sorting by a column ascends first and reverses on a second tap', () => {
    const h = onPage();
    expect(h.state.missionData.sort).toEqual({ key: 'date', descending: true });
    h.send({ type: 'ui/missionDataSorted', key: 'distance' });
    expect(h.state.missionData.sort).toEqual({ key: 'distance', descending: false });
    h.send({ type: 'ui/missionDataSorted', key: 'distance' });
    expect(h.state.missionData.sort).toEqual({ key: 'distance', descending: true });
    h.send({ type: 'ui/missionDataSorted', key: 'nonsense' as never });
    expect(h.state.missionData.sort.key).toBe('distance');
  });

  it('exports the chosen rows, or the whole month when none is chosen, and keeps the path', () => {
    const h = onPage();
    h.answer('api/ended_missions/year/2026/month/11', { missions: MISSIONS });
    h.send({ type: 'ui/missionDataExportPressed' });
    expect(h.lastRequest('api/ended_missions/csv').body).toEqual({ ids: [1, 2, 3] });
    h.answer('api/ended_missions/csv', { path: '/api/files/a.csv' });
    expect(h.state.missionData.export).toEqual({ status: 'ready', path: '/api/files/a.csv' });
    h.send({ type: 'ui/exportDismissed', area: 'missionData' });

    h.send({ type: 'ui/missionRowToggled', id: 3 });
    h.send({ type: 'ui/missionRowToggled', id: 1 });
    h.send({ type: 'ui/missionRowToggled', id: 99 }); // not a row: ignored
    expect(h.state.missionData.selected).toEqual([3, 1]);
    h.send({ type: 'ui/missionDataExportPressed' });
    expect(h.lastRequest('api/ended_missions/csv').body).toEqual({ ids: [1, 3] });
    h.answer('api/ended_missions/csv', 'internal', 500);
    expect(h.state.missionData.export.status).toBe('failed');

    h.send({ type: 'ui/missionRowsAllToggled' });
    expect(h.state.missionData.selected).toEqual([1, 2, 3]);
    h.send({ type: 'ui/missionRowsAllToggled' });
    expect(h.state.missionData.selected).toEqual([]);
  });

  it('a failed load says so and the same month can be retried; a late answer for another month is ignored', () => {
    const h = onPage();
    h.fail('api/ended_missions/year/2026/month/11');
    expect(h.state.missionData.status).toBe('failed');
    h.send({ type: 'ui/missionDataPeriodChosen', year: 2026, month: 11 });
    expect(h.state.missionData.status).toBe('pending');
    h.send({ type: 'ui/missionDataPeriodChosen', year: 2026, month: 10 });
    h.answer('api/ended_missions/year/2026/month/11', { missions: MISSIONS });
    expect(h.state.missionData.missions).toEqual([]);
    h.answer('api/ended_missions/year/2026/month/10', { missions: [] });
    expect(h.state.missionData).toMatchObject({ status: 'loaded', period: { year: 2026, month: 10 } });
    h.send({ type: 'ui/missionDataPeriodChosen', year: 2026, month: 13 });
    expect(h.state.missionData.period).toEqual({ year: 2026, month: 10 });
  });

  it('a malformed answer is a rejection and shows as a failure', () => {
    const h = onPage();
    h.answer('api/ended_missions/year/2026/month/11', { missions: [{ id: 1 }] });
    expect(h.state.missionData.status).toBe('failed');
    expect(h.state.rejections.count).toBe(1);
  });
});
