/** /diagnostic in the core: 12 periods, the view, per-day values, batteries, CSV export, failures. */
import { describe, expect, it } from 'vitest';
import { lastTwelveMonths } from '../../core/data/period';
import { booted, type Harness } from './harness';

function onPage(): Harness {
  const h = booted('/missions');
  h.state = { ...h.state, session: { ...h.state.session, login: true } };
  h.send({ type: 'ui/navigated', path: '/diagnostic' });
  return h;
}

describe('diagnostics', () => {
  it('lists the 12 months from the current one going back across the year', () => {
    const months = lastTwelveMonths({ year: 2026, month: 3 });
    expect(months[0]).toEqual({ year: 2026, month: 3 });
    expect(months[2]).toEqual({ year: 2026, month: 1 });
    expect(months[3]).toEqual({ year: 2025, month: 12 });
    expect(months[11]).toEqual({ year: 2025, month: 4 });
  });

  it('reads batteries and the current month by distance when the page shows', () => {
    const h = onPage();
    expect(h.state.diagnostics).toMatchObject({ current: { year: 2026, month: 11 }, period: { year: 2026, month: 11 }, view: 'distance', status: 'pending' });
    h.answer('api/diagnostics/batteries', { batteries: [{ health: 0.97, charge: 0.83 }, { health: 0.1, charge: 0.5 }] });
    h.answer('api/diagnostics/distance/year/2026/month/11', [{ day: 1, distance: 812.4 }, { day: 2, distance: 0 }]);
    expect(h.state.diagnostics.batteries).toEqual([{ health: 0.97, charge: 0.83 }, { health: 0.1, charge: 0.5 }]);
    expect(h.state.diagnostics.days).toEqual([{ day: 1, value: 812.4 }, { day: 2, value: 0 }]);
    expect(h.state.diagnostics.status).toBe('loaded');
  });

  it('switches to time and to another of the 12 months; refuses a month outside them', () => {
    const h = onPage();
    h.send({ type: 'ui/diagnosticViewChosen', view: 'time' });
    h.answer('api/diagnostics/time/year/2026/month/11', [{ day: 1, time: 5400 }]);
    expect(h.state.diagnostics.days).toEqual([{ day: 1, value: 5400 }]);
    h.send({ type: 'ui/diagnosticPeriodChosen', year: 2025, month: 12 });
    expect(h.lastRequest('api/diagnostics/time/year/2025/month/12')).toBeTruthy();
    const before = h.requests().length;
    h.send({ type: 'ui/diagnosticPeriodChosen', year: 2025, month: 11 });
    expect(h.requests()).toHaveLength(before);
    expect(h.state.diagnostics.period).toEqual({ year: 2025, month: 12 });
  });

  it('ignores an answer for a view no longer shown, and fails on an answer of the wrong metric', () => {
    const h = onPage();
    h.send({ type: 'ui/diagnosticViewChosen', view: 'time' });
    h.answer('api/diagnostics/distance/year/2026/month/11', [{ day: 1, distance: 5 }]);
    expect(h.state.diagnostics.status).toBe('pending');
    h.answer('api/diagnostics/time/year/2026/month/11', [{ day: 1, distance: 5 }]);
    expect(h.state.diagnostics.status).toBe('failed');
    expect(h.state.rejections.count).toBe(1);
  });

  it('a failed load or battery read says so', () => {
    const h = onPage();
    h.fail('api/diagnostics/batteries');
    h.answer('api/diagnostics/distance/year/2026/month/11', 'internal', 500);
    expect(h.state.diagnostics.batteriesStatus).toBe('failed');
    expect(h.state.diagnostics.status).toBe('failed');
  });

  it('exports the CSV of the month and view shown, and Ok closes the modal', () => {
    const h = onPage();
    h.send({ type: 'ui/diagnosticViewChosen', view: 'time' });
    h.send({ type: 'ui/diagnosticExportPressed' });
    h.send({ type: 'ui/diagnosticExportPressed' }); // a second tap while waiting sends nothing more
    expect(h.requests('api/diagnostics/csv/time/year/2026/month/11')).toHaveLength(1);
    expect(h.state.diagnostics.export.status).toBe('pending');
    h.answer('api/diagnostics/csv/time/year/2026/month/11', { path: '/api/files/t.csv' });
    expect(h.state.diagnostics.export).toEqual({ status: 'ready', path: '/api/files/t.csv' });
    h.send({ type: 'ui/exportDismissed', area: 'diagnostic' });
    expect(h.state.diagnostics.export).toEqual({ status: 'idle', path: null });
    h.send({ type: 'ui/diagnosticExportPressed' });
    h.fail('api/diagnostics/csv/time/year/2026/month/11');
    expect(h.state.diagnostics.export.status).toBe('failed');
  });
});
