/**
 * The data, diagnostic and teleop handlers against random and malformed intents and answers (as a corrupt or
 * hand-edited log could hold): nothing throws, every move on the wire is within -1..1, and the joystick's
 * stream runs exactly while it is held.
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../core/step';
import { initialState, type State } from '../../core/state';
import type { CoreEvent } from '../../core/events';
import type { Effect } from '../../core/effects';
import { seededRandom } from '../../core/rng';

function generator(seed: number) {
  const { rand, pick } = seededRandom(seed);
  const junk = (): unknown =>
    pick<unknown>([0, -3, 0.25, 1e9, Number.NaN, Number.POSITIVE_INFINITY, '', 'abc', '0.5', '-2', null, undefined, true, {}, [], 'constructor', 'toString', '__proto__']);
  const intents = [
    'ui/teleopSubmitted', 'ui/teleopPresetPressed', 'ui/manualModeToggled', 'ui/joystickMoved', 'ui/joystickReleased', 'ui/pageHidden',
    'ui/missionDataPeriodChosen', 'ui/missionRowToggled', 'ui/missionRowsAllToggled', 'ui/missionDataSorted', 'ui/missionDataExportPressed',
    'ui/diagnosticPeriodChosen', 'ui/diagnosticViewChosen', 'ui/diagnosticExportPressed', 'ui/exportDismissed',
  ];
  return (at: number, nextRequestId: number): CoreEvent => {
    const r = rand();
    if (r < 0.1) return { type: 'ui/navigated', at, path: pick(['/control', '/joints', '/mission-data', '/diagnostic', '/missions']) };
    if (r < 0.15) return { type: pick(['teleop/opened', 'teleop/closed', 'tick']), at } as CoreEvent;
    if (r < 0.2) return { type: 'teleop/message', at, message: { op: pick(['joints', 'manual_mode', 'manual_mode_status']), payload: junk() } };
    if (r < 0.35) {
      const body = pick<unknown>([{ data: junk() }, { data: { missions: junk() } }, { data: [{ day: 1, distance: junk() }] }, { data: { path: junk() } }, junk()]);
      return { type: 'http/response', at, id: Math.floor(rand() * nextRequestId) + 1, status: pick([200, 500]), body };
    }
    const good = { preset: pick(['forward', 'stop', 'crabLeft']), key: pick(['date', 'distance']), view: pick(['time', 'distance']), area: pick(['diagnostic', 'missionData']) };
    const bad = { preset: junk(), key: junk(), view: junk(), area: junk() };
    const fields = rand() < 0.5 ? good : bad;
    return { type: pick(intents), at, lvx: junk(), lvy: junk(), avz: junk(), id: pick<unknown>([1, 2, junk()]), year: pick<unknown>([2026, junk()]), month: pick<unknown>([11, 13, junk()]), reason: pick(['release', 'cancel', junk()]), ...fields } as unknown as CoreEvent;
  };
}

function checkMoves(effects: Effect[]): void {
  for (const e of effects) {
    if (e.type !== 'teleop/send') continue;
    const m = e.message as Record<string, unknown>;
    if (m.op !== 'move') continue;
    for (const axis of ['lvx', 'lvy', 'avz']) {
      const v = m[axis];
      expect(typeof v === 'number' && Number.isFinite(v) && v >= -1 && v <= 1, `${axis} = ${String(v)}`).toBe(true);
    }
  }
}

function checkState(s: State): void {
  expect(s.teleop.joystick === null).toBe(s.timers.joystickStream === undefined);
  expect(JSON.parse(JSON.stringify(s.missionData))).toEqual(s.missionData);
  expect(s.rejections.recent.filter((r) => r.source.startsWith('event '))).toEqual([]);
}

describe('data and teleop fuzz', () => {
  it('never throws, sends only valid moves, and streams exactly while the joystick is held', () => {
    for (const seed of [11, 12, 13]) {
      const next = generator(seed);
      let state = step(initialState(), { type: 'shell/started', at: 1_000, path: '/missions', seed, clientId: 'f' }).state;
      state = { ...state, session: { ...state.session, login: true } };
      let at = 1_000;
      for (let i = 0; i < 3_000; i++) {
        at += 1 + Math.floor(Math.abs(Math.sin(i)) * 400);
        const r = step(state, next(at, state.requests.nextId));
        state = { ...r.state, session: { ...r.state.session, login: true } }; // stay logged in past the lock
        checkMoves(r.effects);
        checkState(state);
      }
    }
  });
});
