/** Problem reports (api.md): create from a clip, list, fetch, delete; bad uploads store nothing; bounds; restart. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestSim, type TestSim } from './helpers';

/** A small kiosk event log clip with a report in its header. */
function clipText(note: unknown, at: unknown = '2026-11-28T10:00:00.250Z', extra = ''): string {
  const header = { format: 'kiosk-event-log', version: 1, clip: { from: 1, to: 2 }, snapshot: {}, report: { note, at } };
  return `${JSON.stringify(header)}\n{"type":"tick","at":2}\n${extra}`;
}

/** Posts `body` as a report upload; the answer's JSON body when there is one. */
async function post(t: TestSim, body: string, type = 'application/x-ndjson') {
  const res = await fetch(`${t.base}/api/reports`, { method: 'POST', headers: { 'content-type': type, cookie: t.cookie }, body });
  return { status: res.status, body: (await res.json()) as { data?: { id: number; created_at: string }; error?: { code: string; message: string } } };
}

/** The files in the reports folder (clips and any upload left half-written). */
const files = (t: TestSim) => readdirSync(join(t.dir, 'reports'));

let t: TestSim | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe('problem reports', () => {
  it('creates, lists newest first, serves the clip as it came, and deletes', async () => {
    t = await startTestSim();
    const first = clipText('The robot stopped in the corridor');
    const a = await post(t, first);
    expect(a.status).toBe(200);
    expect(a.body.data).toEqual({ id: expect.any(Number), created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    const b = await post(t, clipText('  Second one  ', '2026-11-28T11:00:00Z'));
    const list = (await t.call('GET', '/api/reports')).body.data;
    expect(list).toEqual([
      { id: b.body.data!.id, created_at: expect.any(String), at: '2026-11-28T11:00:00.000Z', note: 'Second one', bytes: expect.any(Number) },
      { id: a.body.data!.id, created_at: a.body.data!.created_at, at: '2026-11-28T10:00:00.250Z', note: 'The robot stopped in the corridor', bytes: Buffer.byteLength(first) },
    ]);
    const log = await fetch(`${t.base}/api/reports/${a.body.data!.id}/log`, { headers: { cookie: t.cookie } });
    expect(log.status).toBe(200);
    expect(log.headers.get('content-type')).toBe('application/x-ndjson');
    expect(await log.text()).toBe(first);
    expect((await t.call('DELETE', `/api/reports/${a.body.data!.id}`)).body).toEqual({ data: {} });
    expect((await t.call('GET', `/api/reports/${a.body.data!.id}/log`)).status).toBe(404);
    expect((await t.call('DELETE', `/api/reports/${a.body.data!.id}`)).status).toBe(404);
    expect((await t.call('GET', '/api/reports')).body.data.map((r: { id: number }) => r.id)).toEqual([b.body.data!.id]);
    expect(files(t)).toEqual([`${b.body.data!.id}.jsonl`]);
  });

  it('takes a clip larger than the 1 MB bound of JSON calls, streamed', async () => {
    t = await startTestSim();
    const line = `${JSON.stringify({ type: 'tick', at: 3, pad: 'x'.repeat(1000) })}\n`;
    const big = clipText('big one', undefined, line.repeat(3_000));
    expect(big.length).toBeGreaterThan(3_000_000);
    const a = await post(t, big);
    expect(a.status).toBe(200);
    expect((await t.call('GET', '/api/reports')).body.data[0].bytes).toBe(Buffer.byteLength(big));
  });

  it('refuses a bad clip with a clear 4xx and stores nothing', async () => {
    t = await startTestSim({ reportBounds: { maxUploadBytes: 50_000 } });
    const cases: [string, number, RegExp, string?][] = [
      ['', 400, /not a kiosk event log/],
      ['hello\n', 400, /first line is not JSON/],
      [`${JSON.stringify({ format: 'other-log', version: 1 })}\n`, 400, /not a kiosk event log header/],
      [`${JSON.stringify({ format: 'kiosk-event-log', version: 1, report: { note: 'x', at: '2026-11-28T10:00:00Z' } })}\n`, 400, /not a clip/],
      [clipText(''), 400, /report\.note: must not be empty/],
      [clipText('   '), 400, /report\.note: must not be empty/],
      [clipText(42), 400, /report\.note/],
      [clipText('fine', 'yesterday'), 400, /report\.at: must be an ISO time/],
      [clipText('fine', undefined, 'not json\n'), 400, /line 3 is not a JSON object/],
      [clipText('fine', undefined, '[1,2]\n'), 400, /line 3 is not a JSON object/],
      [clipText('fine', undefined, `{"type":"tick","at":3,"pad":"${'x'.repeat(60_000)}"}\n`), 413, /at most 50000 bytes/],
      [clipText('fine'), 415, /application\/x-ndjson/, 'application/json'],
      [clipText('fine'), 415, /application\/x-ndjson/, 'text/plain'],
    ];
    for (const [body, status, message, type] of cases) {
      const a = await post(t, body, type);
      expect({ status: a.status, message: a.body.error?.message }).toEqual({ status, message: expect.stringMatching(message) });
    }
    expect((await t.call('GET', '/api/reports')).body.data).toEqual([]);
    expect(files(t)).toEqual([]);
    // Still taking good ones afterwards.
    expect((await post(t, clipText('fine'))).status).toBe(200);
  });

  it('keeps the newest reports within the count bound', async () => {
    t = await startTestSim({ reportBounds: { maxReports: 3 } });
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await post(t, clipText(`report ${i}`))).body.data!.id);
    const list = (await t.call('GET', '/api/reports')).body.data;
    expect(list.map((r: { note: string }) => r.note)).toEqual(['report 4', 'report 3', 'report 2']);
    expect(files(t).sort()).toEqual(ids.slice(2).map((id) => `${id}.jsonl`).sort());
    expect((await t.call('GET', `/api/reports/${ids[0]}/log`)).status).toBe(404);
  });

  it('keeps the newest reports within the byte bound', async () => {
    const one = Buffer.byteLength(clipText('report 0'));
    t = await startTestSim({ reportBounds: { maxTotalBytes: one * 2 + 10 } });
    for (let i = 0; i < 4; i++) expect((await post(t, clipText(`report ${i}`))).status).toBe(200);
    const list = (await t.call('GET', '/api/reports')).body.data;
    expect(list.map((r: { note: string }) => r.note)).toEqual(['report 3', 'report 2']);
    expect(files(t)).toHaveLength(2);
  });

  it('survives a restart, and a half-written upload left by a crash is removed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-reports-'));
    try {
      const text = clipText('before the restart');
      let s = await startTestSim({}, dir);
      const id = (await post(s, text)).body.data!.id;
      await s.sim.close();
      const { writeFileSync } = await import('node:fs');
      writeFileSync(join(dir, 'reports', '.upload-crashed'), 'half');
      s = await startTestSim({}, dir);
      expect((await s.call('GET', '/api/reports')).body.data).toEqual([expect.objectContaining({ id, note: 'before the restart' })]);
      expect(await (await fetch(`${s.base}/api/reports/${id}/log`, { headers: { cookie: s.cookie } })).text()).toBe(text);
      expect(files(s)).toEqual([`${id}.jsonl`]);
      await s.sim.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('problem reports need the session', () => {
  let t: TestSim | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  it('a report from a device without a session answers 401 and stores nothing', async () => {
    t = await startTestSim();
    const text = clipText('Sent without a login');
    const res = await fetch(`${t.base}/api/reports`, { method: 'POST', headers: { 'content-type': 'application/x-ndjson' }, body: text });
    expect(res.status).toBe(401);
    expect((await fetch(`${t.base}/api/reports`)).status).toBe(401);
    expect((await t.call('GET', '/api/reports')).body.data).toEqual([]);
  });
});
