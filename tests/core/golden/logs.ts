/**
 * The logs the golden files are recorded from, and the recording itself (tests/core/golden.test.ts replays
 * them; scripts/recordGoldens.ts writes them). A golden holds, for one log:
 * - `states`: the whole core state at sampled places (after every `every`-th event, and after the last);
 * - `effects`: each event's effects in full (small logs), or `digests`: a SHA-1 per `every` events of their
 *   effects, one JSON line per event (the generated day: a million events would not fit in a few MB);
 * - `unchanged`: for logs stepped one event at a time, the indexes of the events that returned the very state
 *   they were given (what a selector sees: no change, no re-render).
 * States go through JSON (what the files hold), so both sides are compared as JSON would read them.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseLog } from '../../../core/log/eventLog';
import { initialState, type State } from '../../../core/state';
import { step, stepAll } from '../../../core/step';
import type { CoreEvent } from '../../../core/events';
import type { Effect } from '../../../core/effects';
import { beforeEvent } from '../../../core/log/restarts';
import { LogGrids } from '../../../core/log/logGrids';
import { seededRandom } from '../../../core/rng';
import { generateRobotLog } from '../../../bench/replay/robotLog';

export interface Golden {
  name: string;
  events: number;
  every: number;
  /** `[index of the event after which it was taken, state]`. */
  states: [number, unknown][];
  effects?: Effect[][];
  digests?: string[];
  unchanged?: number[];
}

export interface GoldenLog {
  name: string;
  events: () => CoreEvent[];
  /** The state the log starts from (the initial one unless given). */
  start?: () => State;
  /** 'each': one `step` per event (with the replay's map grids); 'batch': `stepAll` per `every` events. */
  mode: 'each' | 'batch';
  every: number;
  /** Keep every event's effects in full rather than digests. */
  fullEffects: boolean;
}

const FIXTURES = ['replay-mission', 'robot-only', 'session'];
/** The replay benchmark's day (bench/replay/robotLog.ts, as `npm run bench:replay` builds it). */
const DAY_EVENTS = 1_000_000;

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/**
 * States the generated day never reaches (the ones tests/core/fastStep.test.ts started from before the
 * draft-free step went away): a known definition, a pending load, the page follow-me moves on from, a seen
 * disconnect, a paused movement.
 */
function startStates(): State[] {
  const s = initialState();
  const definitions = [3, 4].map((id) => ({ id, name: `m${id}`, created_at: '2026-11-22T10:00:00Z', steps: [{ destination_id: 1, activities: [] }] }));
  const known = { ...s, missions: { ...s.missions, status: 'loaded' as const, definitions } } as State;
  const pending = { ...s, missions: { ...s.missions, status: 'pending' as const } };
  const mappingWait = { ...s, route: { ...s.route, path: '/mapping/wait' } };
  const seen = { ...pending, connection: { ...s.connection, firstRobotDisconnectSeen: true, robot: true, backend: true } };
  const paused = { ...known, movement: { ...s.movement, state: 'moving' as const, missionId: 3, pause: 'dialog' as const, activityIndex: 1 } } as State;
  return [s, known, pending, mappingWait, seen, paused];
}

/** Random robot frames, socket events and ticks (seeded), close enough in time for timers to fall due. */
function randomFrames(seed: number, count: number, t0: number): CoreEvent[] {
  const { rand, pick } = seededRandom(seed);
  const events: CoreEvent[] = [];
  let at = t0;
  const movement = () => ({ mission_definition_id: pick([3, 4, 5]), step_index: pick([0, 1, 2]) });
  for (let i = 0; i < count; i++) {
    at += pick([0, 1, 300, 999, 1000, 1001, 2500, 6000]);
    const ws = (event: string, data: unknown): CoreEvent => ({ type: 'ws/message', at, message: { event, data } });
    const r = rand();
    if (r < 0.3) events.push(ws(pick(['movement/started', 'movement/arriving', 'movement/completed', 'movement/failed']), movement()));
    else if (r < 0.45) events.push(ws('movement/ready', { ...movement(), duration: pick([0, 0.4, 1, 2.5, 3]) }));
    else if (r < 0.55) events.push(ws('robot/battery_state', { batteries: [{ charge: pick([0.5, 0.51, null]), health: pick([0.9, undefined]) }] }));
    else if (r < 0.62) {
      const codes = [pick(['node_lost', 'wheel_slip']), pick(['battery_1_low', 'lidar_timeout'])];
      const up = rand() < 0.5;
      events.push(ws('robot/alert_update', { activated_errors: up ? codes : [], activated_warnings: up ? codes.slice(1) : [], resolved_errors: up ? [] : codes, resolved_warnings: [] }));
    } else if (r < 0.72) events.push(ws(pick(['robot/connected', 'robot/disconnected', 'backend/connected', 'backend/disconnected', 'robot/userFollowed', 'robot/lostFollowedUser']), {}));
    else if (r < 0.77) events.push(ws('mapping/mapUpdate', { image: pick([PNG, 'not a png']), origin: { x: 1, y: 2 }, resolution: 0.05, robot: { x: 1, y: 1, orientation: 0 } }));
    else if (r < 0.85) events.push({ type: pick(['ws/opened', 'ws/closed', 'tick'] as const), at });
    else if (r < 0.9) events.push(ws(pick(['robot/pose', 'movement/started', 'robot/battery_state']), pick([null, { x: 1 }, { batteries: [{ charge: 2 }] }])));
    else if (r < 0.93) events.push({ type: 'ws/message', at, raw: '{"event', refused: pick([undefined, 'too big']) } as CoreEvent);
    else if (r < 0.95) events.push({ type: 'tick', at: pick([Number.NaN, at]) });
    else events.push({ type: 'ui/activity', at });
  }
  return events;
}

/** Every log with a golden file. */
export const GOLDEN_LOGS: GoldenLog[] = [
  ...FIXTURES.map(
    (name): GoldenLog => ({
      name: `fixture-${name}`,
      events: () => parseLog(readFileSync(`tests/fixtures/${name}.jsonl`, 'utf8')).events,
      mode: 'each',
      every: 1,
      fullEffects: true,
    }),
  ),
  ...startStates().map(
    (start, k): GoldenLog => ({
      name: `random-frames-${k}`,
      events: () => randomFrames(100 + k, 4000, 1_000_000),
      start: () => start,
      mode: 'each',
      every: 100,
      fullEffects: false,
    }),
  ),
  // The same frames in batches (`stepAll`), where a run may carry state from one event to the next.
  ...startStates().map(
    (start, k): GoldenLog => ({
      name: `random-frames-batch-${k}`,
      events: () => randomFrames(100 + k, 4000, 1_000_000),
      start: () => start,
      mode: 'batch',
      every: 100,
      fullEffects: false,
    }),
  ),
  {
    name: 'day',
    events: () => parseLog(generateRobotLog(DAY_EVENTS).join('\n') + '\n').events,
    mode: 'batch',
    every: 1000,
    fullEffects: false,
  },
  {
    // The same day's first 100,000 lines one `step` at a time: which frames leave the state as it was.
    name: 'day-each',
    events: () => parseLog(generateRobotLog(100_000).join('\n') + '\n').events,
    mode: 'each',
    every: 1000,
    fullEffects: false,
  },
];

/** The state as a golden file holds it. */
export function asJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

/** Replays `log` with today's core and records what a golden holds. */
export function record(log: GoldenLog): Golden {
  const events = log.events();
  let state = log.start?.() ?? initialState();
  const golden: Golden = { name: log.name, events: events.length, every: log.every, states: [] };
  const all: Effect[][] = [];
  const digests: string[] = [];
  const unchanged: number[] = [];
  let hash = createHash('sha1');
  const took = (i: number, effects: Effect[]) => {
    if (log.fullEffects) all.push(effects);
    else hash.update(JSON.stringify(effects) + '\n');
    if ((i + 1) % log.every === 0 || i === events.length - 1) {
      golden.states.push([i, asJson(state)]);
      if (!log.fullEffects) {
        digests.push(hash.digest('hex'));
        hash = createHash('sha1');
      }
    }
  };
  if (log.mode === 'each') {
    const grids = new LogGrids();
    events.forEach((event, i) => {
      const before = beforeEvent(state, event);
      const r = step(before, event, grids.sideAt(i));
      grids.record(i, r.effects);
      if (r.state === before) unchanged.push(i);
      state = r.state;
      took(i, r.effects);
    });
    golden.unchanged = unchanged;
  } else {
    for (let from = 0; from < events.length; from += log.every) {
      const batch = events.slice(from, from + log.every);
      if (batch.some((e) => e.type === 'shell/started')) throw new Error('batch mode takes logs of one session');
      const marks: number[] = [];
      const r = stepAll(state, batch, undefined, marks);
      state = r.state;
      const per = marks.map((end, k) => r.effects.slice(k === 0 ? 0 : marks[k - 1], end));
      per.forEach((effects, k) => {
        if (k < per.length - 1) {
          if (log.fullEffects) all.push(effects);
          else hash.update(JSON.stringify(effects) + '\n');
        } else took(from + k, effects);
      });
    }
  }
  if (log.fullEffects) golden.effects = all;
  else golden.digests = digests;
  return golden;
}
