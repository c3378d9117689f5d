/**
 * The draft-free step (core/fast) against the drafted one (`draftStep`), event by event: the same state (deep,
 * and the same object when nothing changed) and the same effects, over a generated day of robot traffic, the
 * fixtures, and random robot frames from states the day never reaches (missions known, /mapping/wait, every
 * movement phase, timers due). Batches (`stepAll`) must match the per-event fold at every batch boundary.
 */
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { draftStep, step, stepAll } from '../../core/step';
import { fastStep } from '../../core/fast/fastStep';
import { startWork } from '../../core/fast/work';
import { initialState, type State } from '../../core/state';
import type { CoreEvent } from '../../core/events';
import type { Effect } from '../../core/effects';
import { parseLog } from '../../core/eventLog';
import { beforeEvent } from '../../core/restarts';
import { seededRandom } from '../../core/rng';
import { generateRobotLog } from '../../bench/replay/robotLog';

/** Steps each event both ways from the same state; returns how many the draft-free step took. */
function compareEach(events: readonly CoreEvent[], start: State = initialState()): number {
  let s = start;
  let taken = 0;
  events.forEach((event, i) => {
    s = beforeEvent(s, event);
    if (fastStep(startWork(s, []), event)) taken++;
    const ref = draftStep(s, event);
    const got = step(s, event);
    if (!isDeepStrictEqual(got.state, ref.state) || !isDeepStrictEqual(got.effects, ref.effects)) {
      // Show the difference for the first event that differs.
      expect({ i, event, state: got.state, effects: got.effects }).toStrictEqual({ i, event, state: ref.state, effects: ref.effects });
    }
    expect(got.state === s, `identity at event ${i}`).toBe(ref.state === s);
    s = ref.state;
  });
  return taken;
}

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** States the generated day never reaches: a known definition, the page that follow-me moves on from. */
function startStates(): State[] {
  const s = initialState();
  const definitions = [3, 4].map((id) => ({
    id,
    name: `m${id}`,
    created_at: '2026-11-22T10:00:00Z',
    steps: [{ destination_id: 1, activities: [] }],
  }));
  const known = { ...s, missions: { ...s.missions, status: 'loaded' as const, definitions } } as State;
  const pending = { ...s, missions: { ...s.missions, status: 'pending' as const } };
  const mappingWait = { ...s, route: { ...s.route, path: '/mapping/wait' } };
  const seen = { ...pending, connection: { ...s.connection, firstRobotDisconnectSeen: true, robot: true, backend: true } };
  // Paused by the person (the pause dialog), mid-step: a failure clears the pause, other phases keep it.
  const paused = { ...known, movement: { ...s.movement, state: 'moving' as const, missionId: 3, pause: 'dialog' as const, activityIndex: 1 } };
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

describe('the draft-free step equals the drafted one', () => {
  it('on every event of a generated day (60,000 lines), taking nearly all of them', () => {
    const { events } = parseLog(generateRobotLog(60_000).join('\n'));
    const taken = compareEach(events);
    expect(taken / events.length).toBeGreaterThan(0.98);
  }, 60_000);

  it('on every event of the fixtures', () => {
    for (const name of ['replay-mission', 'robot-only', 'session']) {
      const { events } = parseLog(readFileSync(`tests/fixtures/${name}.jsonl`, 'utf8'));
      expect(compareEach(events)).toBeGreaterThan(0);
    }
  });

  it('on random robot frames from states the day never reaches', () => {
    let taken = 0;
    let all = 0;
    startStates().forEach((start, k) => {
      const events = randomFrames(100 + k, 4000, 1_000_000);
      taken += compareEach(events, start);
      all += events.length;
    });
    expect(taken / all).toBeGreaterThan(0.5);
    expect(taken).toBeLessThan(all); // declines (navigation, the missions load) happen, and match too
  }, 60_000);


  it('on each movement phase from a paused movement, and on a departure from noMission', () => {
    const paused = startStates()[5]!;
    for (const event of ['movement/started', 'movement/arriving', 'movement/completed', 'movement/failed']) {
      for (const step_index of [0, 1]) {
        const frame: CoreEvent = { type: 'ws/message', at: 5000, message: { event, data: { mission_definition_id: 3, step_index } } };
        expect(compareEach([frame], paused)).toBe(1);
      }
    }
    const ready: CoreEvent = { type: 'ws/message', at: 5000, message: { event: 'movement/ready', data: { mission_definition_id: 3, step_index: 0, duration: 2 } } };
    const started: CoreEvent = { type: 'ws/message', at: 5500, message: { event: 'movement/started', data: { mission_definition_id: 3, step_index: 0 } } };
    // From noMission the departure opens the movement page: the drafted step takes the frame that brings it.
    expect(compareEach([ready, started], startStates()[1]!)).toBe(1);
  });
});

describe('stepAll with the draft-free step', () => {
  it('matches the per-event drafted fold at every batch boundary, effects and their marks included', () => {
    const { rand } = seededRandom(9);
    const events = [...parseLog(generateRobotLog(20_000).join('\n')).events, ...randomFrames(3, 3000, Date.UTC(2026, 10, 23))];
    let ref = initialState();
    let got = initialState();
    for (let i = 0; i < events.length; ) {
      const batch = events.slice(i, i + 1 + Math.floor(rand() * 700));
      i += batch.length;
      const effects: Effect[] = [];
      const counts: number[] = [];
      for (const event of batch) {
        const r = draftStep(ref, event);
        ref = r.state;
        effects.push(...r.effects);
        counts.push(effects.length);
      }
      const marks: number[] = [];
      const result = stepAll(got, batch, undefined, marks);
      got = result.state;
      expect(isDeepStrictEqual(got, ref), `state after event ${i}`).toBe(true);
      expect(isDeepStrictEqual(result.effects, effects), `effects up to event ${i}`).toBe(true);
      expect(marks).toEqual(counts);
    }
  }, 60_000);

  it('returns the state it was given when nothing changes, and a frozen one otherwise', () => {
    const s = initialState();
    const frame = (at: number): CoreEvent => ({ type: 'ws/message', at, message: { event: 'robot/battery_state', data: { batteries: [{ charge: 0.5, health: 0.9 }] } } });
    const once = stepAll(s, [frame(1)]).state;
    expect(once).not.toBe(s);
    expect(Object.isFrozen(once) && Object.isFrozen(once.batteries) && Object.isFrozen(once.batteries.charges)).toBe(true);
    expect(stepAll(once, [frame(2), frame(3)]).state).toBe(once);
  });
});
