import { describe, expect, it } from 'vitest';
import { step, stepAll } from '../../core/step';
import { initialState, type State } from '../../core/state';
import type { CoreEvent } from '../../core/events';
import { wsDataSchemas } from '../../core/schemas/ws';
import { seededRandom } from '../../core/rng';

const nest = (depth: number): unknown => (depth === 0 ? 1 : [nest(depth - 1)]);
/** Values over the frame limits (core/frameLimits.ts): built once, reused. */
const HOSTILE: unknown[] = [
  nest(200),
  { batteries: Array.from({ length: 12_000 }, () => ({ charge: 0.5 })) },
  { activated_errors: Array.from({ length: 20_000 }, () => 'e'), activated_warnings: [], resolved_errors: [], resolved_warnings: [] },
  Object.fromEntries(Array.from({ length: 11_000 }, (_, i) => [`k${i}`, i])),
];

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
  /** An answer body as the back end could send one: data, an error, or neither. */
  const body = () => pick([{ data: junk() }, { error: { code: pick(['bad', 'internal', '']), message: junk() } }, junk(), { data: { isCorrect: rand() < 0.5 } }]);
  return (at: number, nextRequestId: number, pending: readonly number[] = []): CoreEvent => {
    const r = rand();
    // Answers to calls that are really waiting reach the handlers, not only the unknown-id rejection.
    if (r < 0.04 && pending.length > 0) return { type: 'http/response', at, id: pick(pending), status: pick([200, 200, 201, 400, 409, 429, 500]), body: body() };
    if (r < 0.05 && pending.length > 0) return { type: 'http/failed', at, id: pick(pending), reason: 'x' };
    if (r < 0.06) return { type: 'ws/message', at, message: { event: pick(names), data: pick(HOSTILE) } };
    if (r < 0.065) return { type: 'ws/message', at, raw: '[[[[', refused: 'nests deeper than 32' };
    if (r < 0.0652) return { type: pick(['ws/unknown', 'ui/nothing', 42, undefined]), at, message: junk() } as unknown as CoreEvent;
    if (r < 0.07) return { type: 'tick', at: pick([Number.NaN, Number.POSITIVE_INFINITY, -1, at]) } as CoreEvent;
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

const EVENTS = 100_000;
const SEEDS = [1, 2, 3, 4, 5];
/** stepAll over a batch equals stepping its events one by one (the next test checks it on this generator). */
const BATCH = 250;

describe('fuzz', () => {
  it(`never throws and keeps the state valid over ${EVENTS} random and malformed frames and answers`, () => {
    const started = performance.now();
    let total = 0;
    for (const seed of SEEDS) {
      const next = generator(seed);
      let state = step(initialState(), { type: 'shell/started', at: 1_000, path: '/', seed, clientId: 'f' }).state;
      let at = 1_000;
      for (let i = 0; i < EVENTS / SEEDS.length; i += BATCH) {
        const pending = Object.keys(state.requests.pending).map(Number);
        const batch: CoreEvent[] = [];
        for (let k = 0; k < BATCH; k++) {
          at += Math.floor(Math.abs(Math.sin(i + k)) * 3_000);
          batch.push(next(at, state.requests.nextId, pending));
        }
        const r = stepAll(state, batch);
        state = r.state;
        total += batch.length;
        expect(Array.isArray(r.effects)).toBe(true);
        assertValid(state);
      }
      expect(state.rejections.count).toBeGreaterThan(2_000);
    }
    expect(total).toBe(EVENTS);
    // Its run time, for CI's budget: 2.9 to 7.3 s on the 2-core machine under loads of 10 to 14, batches of 250.
    console.info(`fuzz: ${total} events in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }, 60_000);

  it('batched and single steps agree on the same input', () => {
    const make = generator(9);
    const events: CoreEvent[] = [{ type: 'shell/started', at: 0, path: '/', seed: 9, clientId: 'f' }];
    for (let i = 1; i < 5_000; i++) events.push(make(i * 700, 40, [1, 2, 3, 5, 8]));
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
