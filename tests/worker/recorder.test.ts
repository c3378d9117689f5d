import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { parseLog } from '../../core/log/eventLog';
import { replay } from '../../core/log/replay';
import { initialState } from '../../core/state';
import { stepAll } from '../../core/step';
import type { CoreEvent, StartReason } from '../../core/events';
import { describeChanges } from '../../core/log/timeline';
import { exportStoredLog, Recorder, REJECTED_PREFIX, storedLogFile } from '../../worker/recorder';
import { IdbLogStore } from '../../worker/logStore';
import { KioskRuntime } from '../../worker/runtime';
import { FakePorts } from './fakePorts';

const T = Date.UTC(2026, 10, 22, 9, 30, 0);
const battery = (i: number): CoreEvent => ({
  type: 'ws/message',
  at: T + i,
  message: { event: 'robot/battery_state', data: { batteries: [{ charge: 0.5, health: 0.9 }] } },
});

describe('recorder bounds', () => {
  it('keeps the newest events within its count bound and reports its size', async () => {
    const r = new Recorder(3, 1_000_000);
    for (let i = 0; i < 5; i++) r.record(battery(i));
    expect(r.size).toBe(3);
    expect(parseLog(r.export()).events.map((e) => e.at - T)).toEqual([2, 3, 4]);
    const stats = await r.stats();
    expect(stats).toEqual({ events: 3, bytes: r.eventLines().reduce((n, l) => n + l.length + 1, 0), dropped: 2, persisted: null });
    expect(parseLog(r.export()).header).toMatchObject({ dropped: 2, complete: false });
  });

  it('keeps the newest events within its byte bound', async () => {
    const line = JSON.stringify(battery(0)).length + 1;
    const r = new Recorder(1_000, line * 4 + 10);
    for (let i = 0; i < 10; i++) r.record(battery(i));
    expect(r.size).toBe(4);
    expect((await r.stats()).bytes).toBeLessThanOrEqual(line * 4 + 10);
    expect(parseLog(r.export()).events.map((e) => e.at - T)).toEqual([6, 7, 8, 9]);
  });

  it('keeps a rejected frame as its reason and a short prefix, which the core still rejects on replay', () => {
    const huge: CoreEvent = { type: 'ws/message', at: T, message: { event: 'robot/battery_state', data: { batteries: 'x'.repeat(100_000) } } };
    const batch = [battery(-1), huge, battery(1)];
    const before = initialState();
    const stepped = stepAll(before, batch);
    const after = stepped.state;
    expect(after.rejections.count).toBe(1);
    expect(stepped.rejected).toEqual([{ index: 1, reason: after.rejections.recent[0]!.reason }]);
    const r = new Recorder();
    r.recordBatch(batch, stepped.rejected);
    const lines = r.eventLines();
    expect(lines[0]).toBe(JSON.stringify(batch[0]));
    expect(lines[2]).toBe(JSON.stringify(batch[2]));
    const kept = JSON.parse(lines[1]!) as { raw: string; reason: string; length: number };
    expect(kept.raw).toHaveLength(REJECTED_PREFIX);
    expect(kept.raw.startsWith('{"event":"robot/battery_state"')).toBe(true);
    expect(kept.reason).toBe(after.rejections.recent[0]!.reason);
    expect(kept.length).toBeGreaterThan(100_000);
    const replayed = replay(parseLog(r.export()).events);
    expect(replayed.rejections.count).toBe(1);
    expect(replayed.batteries).toEqual(after.batteries);
  });
});

describe('persisted log (IndexedDB)', () => {
  it('survives a restart: a new runtime on the same store exports both sessions, with no PIN in them', async () => {
    const name = `log-${Math.random()}`;
    const session = async (pin: string, reason: StartReason) => {
      const ports = new FakePorts();
      ports.handler = (_m, p) => (p === '/api/auth/login' ? { status: 200, body: { data: { isCorrect: true } } } : 'network');
      const runtime = new KioskRuntime(ports);
      const store = new IdbLogStore(name);
      runtime.recorder.persistTo(store, ports.setTimeout, (e) => {
        throw e;
      });
      runtime.start('/login', '', reason);
      await ports.settle();
      runtime.submitPin('login', pin);
      await ports.advance(1_500);
      runtime.stop();
      return { runtime, store };
    };
    const first = await session('135790', 'start');
    await first.store.close();
    const second = await session('246810', 'reload');
    const text = await second.runtime.exportPersistedLog();
    const log = parseLog(text);
    expect(log.header).toMatchObject({ format: 'kiosk-event-log', persisted: true, complete: true });
    // Each start recorded with why it started, and the timeline says so (issue 32): the reload is no drop.
    expect(log.events.flatMap((e) => (e.type === 'shell/started' ? [e.reason] : []))).toEqual(['start', 'reload']);
    const timeline: string[] = [];
    replay(log.events, { onStep: (a, b, e) => timeline.push(...describeChanges(a, b, e).filter((x) => x.kind === 'connection').map((x) => x.text)) });
    expect(timeline.filter((t) => t.startsWith('kiosk'))).toEqual(['kiosk started', 'kiosk reloaded']);
    expect(log.events.filter((e) => e.type === 'ui/pinSubmitted')).toHaveLength(2);
    expect(text).not.toContain('135790');
    expect(text).not.toContain('246810');
    const stats = await second.runtime.recorder.stats();
    expect(stats.persisted).toMatchObject({ events: log.events.length, droppedEvents: 0 });
    expect(stats.persisted!.bytes).toBe(text.length - text.indexOf('\n') - 1);
  });

  it('drops the oldest chunks beyond 7 days or its byte bound', async () => {
    const day = 24 * 60 * 60 * 1000;
    const chunk = (at: number, text: string) => ({ first: at, last: at, count: 1, bytes: text.length, text });
    const store = new IdbLogStore(`log-${Math.random()}`, 7 * day, 30);
    await store.append(chunk(T, 'a'.repeat(10)));
    await store.append(chunk(T + 1 * day, 'b'.repeat(10)));
    await store.append(chunk(T + 8 * day, 'c'.repeat(10)));
    expect((await store.readAll()).texts).toEqual(['b'.repeat(10), 'c'.repeat(10)]);
    await store.append(chunk(T + 8 * day + 1, 'd'.repeat(10)));
    await store.append(chunk(T + 8 * day + 2, 'e'.repeat(10)));
    expect(await store.readAll()).toEqual({ texts: ['c', 'd', 'e'].map((c) => c.repeat(10)), droppedEvents: 2 });
    expect(await store.stats()).toEqual({ bytes: 30, events: 3, chunks: 3, droppedEvents: 2 });
    // Exported as a file chunk by chunk (a week of log is never one string): the same text as the string export.
    const meta = { app: 'robot-kiosk', recordedAt: '2026-11-22T00:00:00.000Z' };
    const file = await storedLogFile(store, meta);
    expect(file.type).toBe('application/x-ndjson');
    expect(await file.text()).toBe(await exportStoredLog(store, meta));
    expect(await file.text()).toContain('"dropped":2');
  });
});
