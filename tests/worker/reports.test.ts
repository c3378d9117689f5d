/** Problem reports on the kiosk: the clip (15 minutes, note, moment, no PIN), the sender, the offline queue. */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { parseLog } from '../../core/log/eventLog';
import { loadSnapshot } from '../../core/log/clip';
import { replay } from '../../core/log/replay';
import { observable } from '../../core/selectors';
import { KioskRuntime } from '../../worker/runtime';
import { ReportDesk, RETRY_MS } from '../../worker/reportDesk';
import { IdbReportQueue } from '../../worker/reportQueue';
import { ReportSender } from '../../worker/reportSender';
import type { HttpAnswer } from '../../worker/ports';
import { FakePorts } from './fakePorts';

const SETTINGS = {
  language: 'en', country: 'IT', robot_name: 'Node', admin_name: 'Ada', accepted_terms_of_service: true,
  has_superadmin_pin: true, load_location_layout_left: 1, load_location_layout_right: 2,
};
const PIN = '246810';
const MIN = 60_000;

let dbs = 0;
/** A queue in a database of its own, so tests never share one. */
const freshQueue = (maxKept?: number, maxBytes?: number) => new IdbReportQueue(`reports-test-${++dbs}`, maxKept, maxBytes);

/** An answer with a status and a JSON body. */
const answer = (status: number, body: unknown = { data: {} }): HttpAnswer => ({ status, text: async () => JSON.stringify(body) });

/** A logged-in live runtime whose back end takes reports as `reportAnswer` says, the uploads kept in `uploads`. */
async function loggedIn(reportAnswer: () => HttpAnswer | 'network') {
  const ports = new FakePorts();
  ports.handler = (method, p, body) => {
    if (p === '/healthz') return { status: 200, body: { data: { ok: true } } };
    if (p === '/api/settings') return { status: 200, body: { data: SETTINGS } };
    if (p === '/api/auth/login') return { status: 200, body: { data: { isCorrect: (body as { pin: string }).pin === PIN } } };
    if (p === '/api/map/latest') return { status: 200, body: { data: {} } };
    return { status: 404, body: { error: { code: 'not_found', message: `${method} ${p}` } } };
  };
  const uploads: { type: string | undefined; text: string }[] = [];
  const fetchJson = ports.fetch;
  // The fake back end reads JSON bodies; the report's upload is JSON Lines, taken here.
  ports.fetch = async (url, init) => {
    if (!url.endsWith('/api/reports')) return fetchJson(url, init);
    const a = reportAnswer();
    if (a === 'network') throw new Error('connection refused');
    uploads.push({ type: (init as { headers?: Record<string, string> }).headers?.['content-type'], text: init.body ?? '' });
    return a;
  };
  const runtime = new KioskRuntime(ports);
  runtime.start('/login');
  await ports.advance(20);
  ports.socket('ws').accept();
  runtime.submitPin('login', PIN);
  await ports.advance(20);
  expect(runtime.snapshot().session.login).toBe(true);
  return { ports, runtime, uploads };
}

describe('the report clip', () => {
  it('holds the last 15 minutes with the note and the moment in its header, no PIN, and replays', async () => {
    const { ports, runtime, uploads } = await loggedIn(() => answer(200, { data: { id: 1, created_at: 'x' } }));
    for (let i = 0; i < 40; i++) {
      ports.socket('ws').push({ event: 'robot/battery_state', data: { batteries: [{ charge: i / 100, health: 1 }] } });
      // A jump, then the due timers at once: the core fires them in one tick, so a minute costs one step.
      ports.time += MIN;
      await ports.advance(10);
    }
    const desk = new ReportDesk(ports, runtime, freshQueue());
    const at = ports.now();
    expect(await desk.report('  The robot stopped  ')).toEqual({ kind: 'sent' });
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.type).toBe('application/x-ndjson');
    const text = uploads[0]!.text;
    const log = parseLog(text);
    expect(log.bad).toEqual([]);
    expect(log.header).toMatchObject({ format: 'kiosk-event-log', clip: { from: at - 15 * MIN, to: at }, report: { note: 'The robot stopped', at: new Date(at).toISOString() } });
    // The clip replays alone to the state the whole log has at the moment of the report.
    const start = loadSnapshot(log.header!.snapshot);
    if (typeof start === 'string') throw new Error(start);
    const whole = parseLog(runtime.exportLog()).events.filter((e) => e.at <= at);
    expect(observable(replay(log.events, { until: at }, start))).toEqual(observable(replay(whole, { until: at })));
    expect(log.events.length).toBeGreaterThan(10);
    expect(log.events.every((e) => e.at > at - 15 * MIN && e.at <= at)).toBe(true);
    // The PIN went to the back end, and nowhere near the clip.
    expect(ports.calls.some((c) => c.path === '/api/auth/login' && (c.body as { pin: string }).pin === PIN)).toBe(true);
    expect(text).not.toContain(PIN);
  });

  it('holds the whole log when it is younger than 15 minutes', async () => {
    const { ports, runtime, uploads } = await loggedIn(() => answer(200));
    ports.time += 2 * MIN;
    await ports.advance(10);
    await new ReportDesk(ports, runtime, freshQueue()).report('early');
    const log = parseLog(uploads[0]!.text);
    expect(log.events[0]!.type).toBe('shell/started');
    expect(log.events.some((e) => e.type === 'ui/pinSubmitted')).toBe(true);
    expect(uploads[0]!.text).not.toContain(PIN);
  });

  it('refuses an empty note without sending anything', async () => {
    const { ports, runtime, uploads } = await loggedIn(() => answer(200));
    expect(await new ReportDesk(ports, runtime, freshQueue()).report('   ')).toMatchObject({ kind: 'refused' });
    expect(uploads).toEqual([]);
  });
});

describe('reports the back end cannot take', () => {
  it('are kept when offline or the call is missing (404, 405), and a refusal is said and not kept', async () => {
    const queue = freshQueue();
    const answers: (HttpAnswer | 'network')[] = ['network', answer(404), answer(405), answer(400, { error: { code: 'invalid_request', message: 'report.note: must not be empty' } })];
    const sender = new ReportSender(async () => {
      const a = answers.shift()!;
      if (a === 'network') throw new Error('offline');
      return a;
    }, queue);
    expect(await sender.send('a', 1)).toEqual({ kind: 'kept', waiting: 1 });
    expect(await sender.send('b', 2)).toEqual({ kind: 'kept', waiting: 2 });
    expect(await sender.send('c', 3)).toEqual({ kind: 'kept', waiting: 3 });
    expect(await sender.send('d', 4)).toEqual({ kind: 'refused', message: 'report.note: must not be empty' });
    expect((await queue.list()).map((r) => r.text)).toEqual(['a', 'b', 'c']);
  });

  it('are sent later, oldest first, stopping at the first the back end still cannot take', async () => {
    const queue = freshQueue();
    for (const text of ['a', 'b', 'c']) await queue.add({ at: 1, text });
    const sent: string[] = [];
    let down = false;
    const sender = new ReportSender(async (text) => {
      if (down) return answer(503);
      sent.push(text);
      if (text === 'b') down = true;
      return answer(200);
    }, queue);
    expect(await sender.flush()).toBe(1);
    expect(sent).toEqual(['a', 'b']);
    down = false;
    expect(await sender.flush()).toBe(0);
    expect(sent).toEqual(['a', 'b', 'c']);
  });

  it('keep a bounded number of clips, the oldest dropped first', async () => {
    const byCount = freshQueue(3);
    for (let i = 0; i < 5; i++) await byCount.add({ at: i, text: `clip ${i}` });
    expect((await byCount.list()).map((r) => r.text)).toEqual(['clip 2', 'clip 3', 'clip 4']);
    const byBytes = freshQueue(100, 25);
    for (let i = 0; i < 5; i++) await byBytes.add({ at: i, text: `clip ${i} ....` });
    expect((await byBytes.list()).map((r) => r.text)).toEqual(['clip 3 ....', 'clip 4 ....']);
    // One clip over the byte bound alone is still kept: the newest always stays.
    const tiny = freshQueue(100, 3);
    await tiny.add({ at: 0, text: 'a longer clip' });
    expect(await tiny.count()).toBe(1);
  });

  it('go out on their own once the back end is reachable again, and survive a restart of the worker', async () => {
    let mode: 'network' | 'ok' = 'network';
    const { ports, runtime, uploads } = await loggedIn(() => (mode === 'network' ? 'network' : answer(200)));
    const name = `reports-test-${++dbs}`;
    const desk = new ReportDesk(ports, runtime, new IdbReportQueue(name));
    expect(await desk.report('while offline')).toEqual({ kind: 'kept', waiting: 1 });
    await ports.advance(RETRY_MS);
    expect(uploads).toEqual([]);
    // A new worker (a reload) finds the kept report in the same storage and sends it when it can.
    const again = new ReportDesk(ports, runtime, new IdbReportQueue(name));
    await again.resume();
    mode = 'ok';
    await ports.advance(RETRY_MS);
    expect(uploads.length).toBeGreaterThanOrEqual(1);
    expect(parseLog(uploads[0]!.text).header).toMatchObject({ report: { note: 'while offline' } });
    expect(await again.waiting()).toBe(0);
  });
});
