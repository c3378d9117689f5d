import { describe, expect, it } from 'vitest';
import { step, stepAll } from '../../core/step';
import { initialState, type State } from '../../core/state';
import type { CoreEvent } from '../../core/events';
import { wsDataSchemas } from '../../core/schemas/ws';
import { seededRandom } from '../../core/rng';

/** A seeded generator of random and malformed inputs (the test's own randomness, reproducible). */
function generator(seed: number) {
  const { rand, pick } = seededRandom(seed);
  const junk = (depth = 0): unknown => {
    const kinds = ['num', 'str', 'null', 'bool', 'arr', 'obj', 'undef', 'nan'];
    switch (pick(depth > 2 ? kinds.slice(0, 4) : kinds)) {
      case 'num': return pick([0, -1, 1.5, 1e12, 42, 0.05]);
      case 'str': return pick(['', 'node_lost', 'x'.repeat(300), '{"', 'battery_1_low']);
      case 'null': return null;
      case 'bool': return rand() < 0.5;
      case 'arr': return Array.from({ length: Math.floor(rand() * 4) }, () => junk(depth + 1));
      case 'obj': return Object.fromEntries(Array.from({ length: Math.floor(rand() * 4) }, () => [pick(['event', 'data', 'batteries', 'charge', 'mission_definition_id', 'step_index', 'duration', 'activated_errors', 'image']), junk(depth + 1)]));
      case 'nan': return Number.NaN;
      default: return undefined;
    }
  };
  const names = Object.keys(wsDataSchemas);
  const paths = ['/', '/missions', '/movement/3', '/nope', '/fux/hello', '/startup', '/diagnostic', '/mapping/wait', ''];
  return (at: number, nextRequestId: number): CoreEvent => {
    const r = rand();
    if (r < 0.45) return { type: 'ws/message', at, message: { event: pick(names), data: junk() } };
    if (r < 0.5) return { type: 'ws/message', at, raw: String(junk()) };
    if (r < 0.55) return { type: 'ws/message', at, message: junk() };
    if (r < 0.65) return { type: 'http/response', at, id: Math.floor(rand() * nextRequestId) + 1, status: pick([200, 201, 400, 404, 429, 500]), body: junk() };
    if (r < 0.7) return { type: 'http/failed', at, id: Math.floor(rand() * nextRequestId) + 1, reason: 'x' };
    if (r < 0.75) return { type: pick(['ws/opened', 'ws/closed', 'teleop/opened', 'teleop/closed', 'tick', 'ui/activity', 'ui/unlockPressed']), at } as CoreEvent;
    if (r < 0.8) return { type: 'teleop/message', at, message: junk() };
    if (r < 0.9) return { type: 'ui/navigated', at, path: pick(paths) };
    return { type: pick(['ui/pinSubmitted', 'ui/wizardContinued', 'ui/dashboardCardPressed', 'ui/alertManaged', 'ui/disclaimerAccepted', 'ui/alertSkipped']), at, purpose: pick(['login', 'firstAccess', 'newPin', 'confirmPin']), page: pick(['hello', 'robot-name', 'tos', 'start-mapping']), value: junk(), match: rand() < 0.5 } as unknown as CoreEvent;
  };
}

function assertValid(s: State) {
  expect(typeof s.route.path).toBe('string');
  expect(s.route.path.startsWith('/')).toBe(true);
  expect(Number.isInteger(s.requests.nextId)).toBe(true);
  expect(s.rejections.recent.length).toBeLessThanOrEqual(50);
  for (const due of Object.values(s.timers)) expect(Number.isFinite(due)).toBe(true);
  for (const c of s.batteries.charges) expect(c === null || (c >= 0 && c <= 1)).toBe(true);
  expect(['noMission', 'departing', 'moving', 'arriving', 'inActivity', 'inMessage', 'inDelivery', 'inPickup', 'waitingForInstructions', 'failed']).toContain(s.movement.state);
  expect(s.movement.timerSeconds).toBeGreaterThanOrEqual(0);
  expect(JSON.parse(JSON.stringify(s.alerts))).toEqual(s.alerts);
}

describe('fuzz', () => {
  it('never throws and keeps the state valid over thousands of random and malformed inputs', () => {
    for (const seed of [1, 2, 3]) {
      const next = generator(seed);
      let state = step(initialState(), { type: 'shell/started', at: 1_000, path: '/', seed, clientId: 'f' }).state;
      let at = 1_000;
      for (let i = 0; i < 4_000; i++) {
        at += Math.floor(Math.abs(Math.sin(i)) * 3_000);
        const r = step(state, next(at, state.requests.nextId));
        state = r.state;
        expect(Array.isArray(r.effects)).toBe(true);
      }
      assertValid(state);
      expect(state.rejections.count).toBeGreaterThan(100);
    }
  });

  it('batched and single steps agree on the same input', () => {
    const make = generator(9);
    const events: CoreEvent[] = [{ type: 'shell/started', at: 0, path: '/', seed: 9, clientId: 'f' }];
    for (let i = 1; i < 2_000; i++) events.push(make(i * 700, 40));
    let single = initialState();
    for (const e of events) single = step(single, e).state;
    const batched = stepAll(initialState(), events).state;
    expect(batched).toEqual(single);
  });

  it('turns an event with no valid time into a rejection', () => {
    const r = step(initialState(), { type: 'tick', at: Number.NaN });
    expect(r.state.rejections.count).toBe(1);
  });
});
