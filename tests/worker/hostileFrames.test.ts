import { describe, expect, it } from 'vitest';
import { KioskRuntime } from '../../worker/runtime';
import { FRAME_LIMITS } from '../../core/frameLimits';
import { FakePorts } from './fakePorts';

describe('hostile /ws frames in the worker', () => {
  it('are refused before parsing: the core gets a reason and a short prefix, then a valid frame still counts', async () => {
    const ports = new FakePorts();
    // Every call answers empty, except the session check, whose empty answer would be one more rejection.
    ports.handler = (_m, p) => ({ status: 200, body: { data: p === '/api/auth/session' ? { active: false } : {} } });
    const runtime = new KioskRuntime(ports);
    runtime.start('/missions');
    await ports.advance(20);
    ports.socket('ws').accept();
    const deep = `{"event":"robot/battery_state","data":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    const wide = `{"event":"robot/alert_update","data":{"activated_errors":[${'"x",'.repeat(100_000)}"x"]}}`;
    ports.socket('ws').push(deep);
    ports.socket('ws').push(wide);
    ports.socket('ws').push({ event: 'robot/battery_state', data: { batteries: [{ charge: 0.42 }] } });
    await ports.advance(16);

    const s = runtime.snapshot();
    expect(s.rejections.count).toBe(2);
    expect(s.rejections.recent.map((r) => r.reason)).toEqual([
      `frame refused (nests deeper than ${FRAME_LIMITS.maxDepth}): ${deep.slice(0, 80)}`,
      `frame refused (more than ${FRAME_LIMITS.maxEntries} entries): ${wide.slice(0, 80)}`,
    ]);
    expect(s.batteries.charges).toEqual([0.42]);
    const recorded = runtime.recorder.eventLines().filter((line) => line.includes('"ws/message"') && line.includes('"refused"'));
    expect(recorded).toHaveLength(2);
    for (const line of recorded) expect(line.length).toBeLessThan(300);
  });
});
