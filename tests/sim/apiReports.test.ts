/** Ended missions, diagnostics, batteries and the CSV exports on the demo robot. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CSV_FILES } from '../../backend/csvFiles';
import { startTestSim, type TestSim } from './helpers';

let t: TestSim;
beforeAll(async () => {
  t = await startTestSim({ demo: true, speed: 1 });
});
afterAll(() => t.close());

/** The last 30 days touch this month and maybe the previous one; pick whichever month has more data. */
function months(): { year: number; month: number }[] {
  const now = new Date();
  const prev = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return [
    { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 },
    { year: prev.getUTCFullYear(), month: prev.getUTCMonth() + 1 },
  ];
}

describe('ended missions', () => {
  it('lists a month of ended missions by the month they started in', async () => {
    let total = 0;
    for (const { year, month } of months()) {
      const r = await t.call('GET', `/api/ended_missions/year/${year}/month/${month}`);
      expect(r.status).toBe(200);
      const missions = r.body.data.missions as { id: number; started_at: string; ended_at: string; status: string; distance: number; steps: unknown[] }[];
      total += missions.length;
      for (const m of missions) {
        expect(m.started_at.slice(0, 7)).toBe(`${year}-${String(month).padStart(2, '0')}`);
        expect(Date.parse(m.ended_at)).toBeGreaterThan(Date.parse(m.started_at));
        expect(['completed', 'uncompleted']).toContain(m.status);
        expect(m.distance).toBeGreaterThan(0);
        expect(m.steps.length).toBeGreaterThan(0);
      }
    }
    expect(total).toBeGreaterThan(20);
    expect((await t.call('GET', '/api/ended_missions/year/0/month/1')).status).toBe(400);
    expect((await t.call('GET', '/api/ended_missions/year/2026/month/13')).body.error.message).toContain('month');
    expect((await t.call('GET', '/api/ended_missions/year/2026/month/x')).status).toBe(404);
  });

  it('exports chosen missions to a CSV file that downloads', async () => {
    const all = [];
    for (const { year, month } of months()) all.push(...(await t.call('GET', `/api/ended_missions/year/${year}/month/${month}`)).body.data.missions);
    const ids = all.slice(0, 3).map((m: { id: number }) => m.id);
    const r = await t.call('POST', '/api/ended_missions/csv', { ids });
    expect(r.status).toBe(200);
    expect(r.body.data.path).toMatch(/^\/api\/files\/ended-missions-[\w-]+\.csv$/);
    const file = await t.call('GET', r.body.data.path);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('text/csv');
    const lines = (file.body as string).trim().split('\r\n');
    expect(lines[0]).toBe('id,definition_id,started_at,ended_at,status,distance_m,destinations,activities_completed,activities_total');
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(ids);
    // Destinations by name in step order, not ids (issue 34).
    const names = new Map(((await t.call('GET', '/api/destinations')).body.data as { id: number; name: string }[]).map((d) => [d.id, d.name]));
    const picked = all.slice(0, 3) as { steps: { destination_id: number }[] }[];
    lines.slice(1).forEach((line, i) => {
      const want = picked[i]!.steps.map((s) => names.get(s.destination_id) ?? `#${s.destination_id}`).join(' → ');
      expect(line).toContain(want.includes(',') ? `"${want}"` : want);
      expect(line.split(',')[6]).not.toMatch(/^[\d ]+$/);
    });
    expect((await t.call('POST', '/api/ended_missions/csv', { ids: [] })).status).toBe(400);
    expect((await t.call('POST', '/api/ended_missions/csv', { ids: [999999] })).body.error.message).toContain('ids');
    expect((await t.call('GET', '/api/files/nope.csv')).status).toBe(404);
    expect((await t.call('GET', '/api/files/..%2Frobot.db')).status).toBe(404);
  });
});

describe('diagnostics', () => {
  it('answers distance and time per day for every day of the month', async () => {
    let distance = 0;
    let time = 0;
    for (const { year, month } of months()) {
      const d = (await t.call('GET', `/api/diagnostics/distance/year/${year}/month/${month}`)).body.data as { day: number; distance: number }[];
      const s = (await t.call('GET', `/api/diagnostics/time/year/${year}/month/${month}`)).body.data as { day: number; time: number }[];
      const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
      expect(d.map((x) => x.day)).toEqual(Array.from({ length: days }, (_, i) => i + 1));
      expect(Object.keys(d[0] ?? {}).sort()).toEqual(['day', 'distance']);
      expect(Object.keys(s[0] ?? {}).sort()).toEqual(['day', 'time']);
      distance += d.reduce((a, x) => a + x.distance, 0);
      time += s.reduce((a, x) => a + x.time, 0);
    }
    expect(distance).toBeGreaterThan(1000);
    expect(time).toBeGreaterThan(3600);
    expect((await t.call('GET', '/api/diagnostics/speed/year/2026/month/1')).status).toBe(400);
  });

  it('answers the batteries, Main first', async () => {
    const b = (await t.call('GET', '/api/diagnostics/batteries')).body.data.batteries;
    expect(b).toHaveLength(2);
    for (const x of b) {
      expect(x.charge).toBeGreaterThanOrEqual(0);
      expect(x.charge).toBeLessThanOrEqual(1);
      expect(x.health).toBeGreaterThan(0.5);
    }
    expect(b[0].health).toBeGreaterThan(b[1].health);
  });

  it('exports a month as CSV', async () => {
    const { year, month } = months()[0] as { year: number; month: number };
    for (const kind of ['distance', 'time']) {
      const r = await t.call('GET', `/api/diagnostics/csv/${kind}/year/${year}/month/${month}`);
      expect(r.body.data.path).toMatch(new RegExp(`^/api/files/diagnostics-${kind}-`));
      const text = (await t.call('GET', r.body.data.path)).body as string;
      expect(text.split('\r\n')[0]).toBe(kind === 'distance' ? 'date,distance_m' : 'date,time_s');
    }
    expect((await t.call('GET', `/api/diagnostics/csv/power/year/${year}/month/${month}`)).status).toBe(400);
  });
});

describe('CSV exports on disk', () => {
  it('keep the newest 20: an export downloads as often as asked until 20 newer ones replace it', async () => {
    const { year, month } = months()[0] as { year: number; month: number };
    const paths: string[] = [];
    for (let i = 0; i < MAX_CSV_FILES + 5; i++) {
      const kind = i % 2 ? 'time' : 'distance';
      paths.push((await t.call('GET', `/api/diagnostics/csv/${kind}/year/${year}/month/${month}`)).body.data.path as string);
      // Downloaded twice, as a retry would: the second fetch still finds it.
      expect((await t.call('GET', paths[i] as string)).status).toBe(200);
      expect((await t.call('GET', paths[i] as string)).status).toBe(200);
    }
    const dir = join(t.dir, 'files');
    const kept = readdirSync(dir).sort();
    expect(kept).toHaveLength(MAX_CSV_FILES);
    expect(kept).toEqual(paths.slice(-MAX_CSV_FILES).map((p) => p.replace('/api/files/', '')).sort());
    for (const old of paths.slice(0, 5)) expect((await t.call('GET', old)).status).toBe(404);
    expect((await t.call('GET', paths.at(-MAX_CSV_FILES) as string)).status).toBe(200);
  });
});
