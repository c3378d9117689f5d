/**
 * The speed paths of the replay benchmark keep behaviour: the cheap /ws frame checks never pass what zod
 * refuses, and folding a log text batch by batch (`replayLog`) ends where parsing it whole and replaying does.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLog } from '../../core/log/eventLog';
import { replay, replayLog } from '../../core/log/replay';
import { checkFastPaths } from '../../bench/replay/checkFastPaths';
import { FAST_MAX_ITEMS, wsFastChecks, type WsEventName } from '../../core/schemas/ws';
import { frameValueProblem } from '../../core/frameLimits';
import { booted } from './harness';
import { generateRobotLog } from '../../bench/replay/robotLog';

const T = Date.UTC(2026, 10, 22, 9, 30, 0);

describe('fast paths', () => {
  it('wsFastChecks pass only data their zod schema accepts', () => {
    const [checked, passed] = checkFastPaths(2_000);
    expect(passed).toBeGreaterThan(checked / 10); // the samples do reach the fast path
  });

  // core/wsMessage.ts skips the limits walk for a frame a strict check passes: that is sound only if the
  // largest frame each check passes keeps the limits, and if a key the schema does not name sends it the long way.
  it('the largest frame a cheap check passes keeps the frame limits; an unnamed key or a longer list fails it', () => {
    const codes = Array.from({ length: FAST_MAX_ITEMS }, () => 'node_lost');
    const movement = { mission_definition_id: 3, step_index: 0 };
    const largest: Record<WsEventName, unknown> = {
      'robot/connected': {},
      'robot/disconnected': {},
      'backend/connected': {},
      'backend/disconnected': {},
      'robot/userFollowed': {},
      'robot/lostFollowedUser': {},
      'robot/battery_state': { batteries: Array.from({ length: FAST_MAX_ITEMS }, () => ({ charge: 0.5, health: 1 })) },
      'robot/alert_update': { activated_errors: codes, activated_warnings: codes, resolved_errors: codes, resolved_warnings: codes },
      'movement/ready': { ...movement, duration: 3 },
      'movement/started': movement,
      'movement/arriving': movement,
      'movement/completed': movement,
      'movement/failed': { ...movement, reason: 'x'.repeat(500) },
      'mapping/mapUpdate': { image: 'iVBORw0KGgo=', origin: { x: -10, y: -10 }, resolution: 0.05, robot: { x: 1, y: 2, orientation: 0.5 } },
    };
    const withKey = (v: unknown, path: string[]): unknown => {
      if (path.length === 0) return { ...(v as object), extra: [[[]]] };
      const [head, ...rest] = path;
      if (Array.isArray(v)) return v.map((item, i) => (String(i) === head ? withKey(item, rest) : item));
      return { ...(v as object), [head!]: withKey((v as Record<string, unknown>)[head!], rest) };
    };
    const objectPaths = (v: unknown, at: string[] = []): string[][] =>
      typeof v !== 'object' || v === null
        ? []
        : [
            ...(Array.isArray(v) ? [] : [at]),
            ...(Array.isArray(v) ? v.slice(0, 1).flatMap((item, i) => objectPaths(item, [...at, String(i)])) : Object.entries(v).flatMap(([k, c]) => objectPaths(c, [...at, k]))),
          ];
    for (const name of Object.keys(wsFastChecks) as WsEventName[]) {
      const fast = wsFastChecks[name]!;
      const data = largest[name];
      expect(fast(data), name).toBe(true);
      expect(frameValueProblem({ event: name, data }), name).toBeNull();
      for (const path of objectPaths(data)) expect(fast(withKey(data, path)), `${name} ${path.join('.')}`).toBe(false);
    }
    expect(wsFastChecks['robot/battery_state']!({ batteries: Array.from({ length: FAST_MAX_ITEMS + 1 }, () => ({})) })).toBe(false);
    expect(wsFastChecks['robot/alert_update']!({ activated_errors: [...codes, 'x'], activated_warnings: [], resolved_errors: [], resolved_warnings: [] })).toBe(false);
  });

  it('a frame with a key the table does not name takes the long way, limits walk first, with the same result', () => {
    const frame = (data: unknown, extra?: unknown) => ({ type: 'ws/message' as const, message: { event: 'robot/battery_state', data, ...(extra === undefined ? {} : { extra }) } });
    const deep = JSON.parse('['.repeat(40) + ']'.repeat(40)) as unknown;
    const h = booted();
    h.send(frame({ batteries: [{ charge: 0.5, health: 0.9 }] }));
    const strict = h.state.batteries;
    h.send(frame({ batteries: [{ charge: 0.5, health: 0.9, note: 'x' }] }, 1));
    expect(h.state.batteries).toBe(strict);
    expect(h.state.rejections.count).toBe(0);
    h.send(frame({ batteries: [] }, deep));
    expect(h.state.rejections.recent[0]?.reason).toBe('frame refused (nests deeper than 32)');
  });

  it('replayLog gives the state, header and bad lines of parseLog + replay', () => {
    const texts = [
      readFileSync('tests/fixtures/robot-only.jsonl', 'utf8'),
      readFileSync('tests/fixtures/session.jsonl', 'utf8'),
      generateRobotLog(20_000).join('\n'),
    ];
    for (const text of texts) {
      const log = parseLog(text);
      const folded = replayLog(text);
      expect(folded.state).toEqual(replay(log.events));
      expect(folded.header).toEqual(log.header);
      expect(folded.bad).toEqual(log.bad);
      expect(folded.events).toBe(log.events.length);
      expect(replayLog(text, { until: T + 12_345 }).state).toEqual(replay(log.events, { until: T + 12_345 }));
    }
  });
});
