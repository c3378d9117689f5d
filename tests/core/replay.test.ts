import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseLog } from '../../core/log/eventLog';
import { replay } from '../../core/log/replay';
import { observable } from '../../core/selectors';
import { describeChanges } from '../../core/log/timeline';

const T = Date.UTC(2026, 10, 22, 9, 30, 0);
const load = (name: string) => parseLog(readFileSync(`tests/fixtures/${name}`, 'utf8'));

describe('replay', () => {
  it('replaying a log twice gives equal results', () => {
    for (const name of ['robot-only.jsonl', 'session.jsonl']) {
      const { events } = load(name);
      expect(replay(events)).toEqual(replay(events));
      expect(replay(events, { until: T + 12_345 })).toEqual(replay(events, { until: T + 12_345 }));
    }
  });

  it('reads a robot-only log with no header, rejecting its malformed frames', () => {
    const log = load('robot-only.jsonl');
    expect(log.header).toBeNull();
    expect(log.bad).toEqual([]);
    expect(observable(replay(log.events))).toEqual({
      route: '/movement/3',
      login: false,
      lock: false,
      connection: { backend: true, robot: false },
      alert: { type: 'sync', active: true },
      batteries: [0.81, 0.08],
      movement: { state: 'inActivity', missionId: 3, stepIndex: 0, activityIndex: 0, timerSeconds: 0, pause: 'none', error: null, failReason: null },
      rejected: 2,
    });
  });

  it('fires the core timers between robot messages as time advances', () => {
    const { events } = load('robot-only.jsonl');
    // The first disconnect (at +2 s) is debounced and cancelled at +4 s.
    expect(observable(replay(events, { until: T + 3_000 })).connection.robot).toBe(true);
    expect(observable(replay(events, { until: T + 30_000 })).connection.robot).toBe(true);
    // movement/ready at +8 s is dispatched at +9 s with a 10 s countdown ticking every second.
    expect(observable(replay(events, { until: T + 8_999 })).movement.state).toBe('noMission');
    expect(observable(replay(events, { until: T + 12_000 })).movement).toEqual({ state: 'departing', missionId: 3, stepIndex: 0, activityIndex: 0, timerSeconds: 7, pause: 'none', error: null, failReason: null });
  });

  it('replays a recorded session: answers pair with their requests by id', () => {
    const log = load('session.jsonl');
    expect(log.header).toMatchObject({ format: 'kiosk-event-log', version: 1 });
    expect(observable(replay(log.events, { until: T + 15_500 }))).toMatchObject({ route: '/user-dashboard', login: false });
    expect(observable(replay(log.events, { until: T + 30_500 }))).toMatchObject({ route: '/missions', login: true, alert: { type: 'lost', active: true } });
    expect(observable(replay(log.events))).toMatchObject({ connection: { backend: false, robot: false }, alert: { type: 'sync' } });
  });

  it('the timeline shows timer-driven changes at the time they happened', () => {
    const { events } = load('robot-only.jsonl');
    const entries: string[] = [];
    replay(events, { onStep: (a, b, e) => entries.push(...describeChanges(a, b, e).map((x) => `${x.at - T} ${x.kind} ${x.text}`)) });
    expect(entries).toContain('9000 movement noMission -> departing (mission 3, step 0)');
    expect(entries).toContain('9000 route / -> /movement/3');
    expect(entries.filter((e) => e.includes('rejected'))).toHaveLength(2);
  });

  it('npm run replay prints the final observable state as JSON, and a timeline', () => {
    const run = (...args: string[]) => execFileSync('node', ['--import', 'tsx', 'scripts/replay.ts', ...args], { encoding: 'utf8' });
    const json = JSON.parse(run('tests/fixtures/robot-only.jsonl', '--json', '--at', String(T + 12_000)));
    expect(Object.keys(json)).toEqual(['route', 'login', 'lock', 'connection', 'alert', 'batteries', 'movement', 'rejected', 'map']);
    expect(json.movement).toEqual({ state: 'departing', missionId: 3, stepIndex: 0, activityIndex: 0, timerSeconds: 7, pause: 'none', error: null, failReason: null });
    const timeline = run('tests/fixtures/session.jsonl');
    expect(timeline).toContain('2026-11-22T09:30:15.000Z  route       /startup -> /user-dashboard');
    expect(timeline).toContain('alert       none -> lost');
    // The operator's taps on a lane of their own, each before what it led to.
    const operator = timeline.split('\n').filter((line) => line.includes('  operator  '));
    expect(operator).toEqual([
      '2026-11-22T09:30:03.000Z  operator    disclaimerAccepted',
      '2026-11-22T09:30:16.000Z  operator    dashboardCardPressed',
      '2026-11-22T09:30:20.000Z  operator    pinSubmitted {"purpose":"login"}',
    ]);
    expect(timeline).toContain('2026-11-22T09:30:16.000Z  operator    dashboardCardPressed\n2026-11-22T09:30:16.000Z  route       /user-dashboard -> /login');
  });
});
