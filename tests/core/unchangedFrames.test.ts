/**
 * The fast paths for robot frames that change nothing (core/slices/batteries.ts, alerts.ts): a repeated
 * battery state or alert update returns the slice it was given. Each must give exactly the state the full write
 * gives, checked here against the reducers as they were before the fast paths (kept below as references).
 */
import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import { batteryState } from '../../core/batteries/batteries';
import { alertUpdate } from '../../core/alerts/alerts';
import { step, stepAll } from '../../core/step';
import type { AlertItem, State } from '../../core/state';
import type { CoreEvent } from '../../core/events';
import type { WsData } from '../../core/schemas/ws';
import { seededRandom } from '../../core/rng';
import { booted, T0 } from './harness';

/** The battery reducer before its fast path: always one new slice. */
function batteriesAlwaysWritten(s: State, data: WsData<'robot/battery_state'>): State {
  return produce(s, (d) => {
    d.batteries = { charges: data.batteries.map((b) => b.charge ?? null), health: data.batteries.map((b) => b.health ?? null) };
  });
}

/** The alert reducer before its fast path: both lists always rebuilt. */
function alertsAlwaysWritten(s: State, data: WsData<'robot/alert_update'>, at: number): State {
  const merge = (list: AlertItem[], activated: string[], resolved: string[]) => {
    const gone = new Set(resolved);
    const kept = list.filter((item) => !gone.has(item.code));
    for (const code of activated) {
      if (gone.has(code) || kept.some((item) => item.code === code)) continue;
      kept.push({ code, isSkip: s.alerts.acknowledged.includes(code), isInResolution: false, since: at });
    }
    return kept;
  };
  return produce(s, (d) => {
    d.alerts.errors = merge(d.alerts.errors, data.activated_errors, data.resolved_errors);
    d.alerts.warnings = merge(d.alerts.warnings, data.activated_warnings, data.resolved_warnings);
    d.alerts.acknowledged = d.alerts.acknowledged.filter((code) => !data.resolved_errors.includes(code) && !data.resolved_warnings.includes(code));
  });
}

const battery = (charges: (number | undefined)[], health: (number | undefined)[]) => ({
  batteries: charges.map((charge, i) => ({ charge, health: health[i] })),
});

describe('frames that change nothing', () => {
  it('a repeated battery state keeps the state itself, equal to writing it again', () => {
    const h = booted();
    h.ws('robot/battery_state', battery([0.5, 0.25], [0.9, undefined]));
    const before = h.state;
    const data = battery([0.5, 0.25], [0.9, undefined]);
    h.ws('robot/battery_state', data);
    expect(h.state).toBe(before);
    expect(h.state).toEqual(batteriesAlwaysWritten(before, data));
  });

  it('a battery state that differs in one value, or in the number of batteries, is written', () => {
    const h = booted();
    h.ws('robot/battery_state', battery([0.5, 0.25], [0.9, 0.8]));
    for (const data of [battery([0.5, 0.26], [0.9, 0.8]), battery([0.5, 0.26], [0.9, undefined]), battery([0.5], [0.9]), battery([], [])]) {
      const before = h.state;
      h.ws('robot/battery_state', data);
      expect(h.state).not.toBe(before);
      expect(h.state).toEqual(batteriesAlwaysWritten(before, data));
    }
  });

  it('random battery states and alert updates give the states of the full writes', () => {
    const { rand, pick } = seededRandom(11);
    const codes = ['node_lost', 'motor_overcurrent', 'battery_1_low', 'wheel_slip'];
    const some = () => codes.filter(() => rand() < 0.3);
    let state = booted().state;
    let expected = state;
    for (let i = 0; i < 2_000; i++) {
      if (rand() < 0.5) {
        const n = pick([0, 1, 2, 2, 2]);
        const value = () => pick([0.5, 0.5, 0.75, undefined, 0]);
        const data = battery(Array.from({ length: n }, value), Array.from({ length: n }, value));
        state = step(state, { type: 'ws/message', at: T0 + i, message: { event: 'robot/battery_state', data } }).state;
        expected = batteriesAlwaysWritten(expected, data);
      } else {
        const data = { activated_errors: some(), activated_warnings: some(), resolved_errors: some(), resolved_warnings: some() };
        state = step(state, { type: 'ws/message', at: T0 + i, message: { event: 'robot/alert_update', data } }).state;
        expected = alertsAlwaysWritten(expected, data, T0 + i);
      }
      expect(state.batteries).toEqual(expected.batteries);
      expect(state.alerts).toEqual(expected.alerts);
    }
  });

  it('a repeated alert update keeps the alerts slice, equal to rebuilding it, flags included', () => {
    const h = booted();
    h.ws('robot/alert_update', { activated_errors: ['motor_overcurrent'], activated_warnings: ['wheel_slip'], resolved_errors: [], resolved_warnings: [] });
    h.send({ type: 'ui/alertSkipped', code: 'motor_overcurrent' });
    const before = h.state;
    const again = { activated_errors: ['motor_overcurrent'], activated_warnings: [], resolved_errors: ['lidar_timeout'], resolved_warnings: [] };
    h.ws('robot/alert_update', again);
    expect(h.state.alerts).toBe(before.alerts);
    expect(h.state.alerts).toEqual(alertsAlwaysWritten(before, again, h.now).alerts);
    expect(h.state.alerts.errors[0]!.isSkip).toBe(true);
  });

  it('in a batch, the reducers give the states of the full writes after every frame', () => {
    const frames: CoreEvent[] = [0.5, 0.5, 0.6, 0.6, 0.6, 0.5].map((charge, i) => ({
      type: 'ws/message',
      at: T0 + i * 1000,
      message: { event: 'robot/battery_state', data: battery([charge], [0.9]) },
    }));
    const start = booted().state;
    let expected = start;
    for (const f of frames) expected = batteriesAlwaysWritten(expected, (f as { message: { data: WsData<'robot/battery_state'> } }).message.data);
    expect(stepAll(start, frames).state.batteries).toEqual(expected.batteries);
    // The slice handlers themselves, called directly: plain functions of the slice.
    expect(batteryState(start.batteries, battery([0.5], [0.9]))).toEqual(batteriesAlwaysWritten(start, battery([0.5], [0.9])).batteries);
    const alerts = alertUpdate(start.alerts, { activated_errors: [], activated_warnings: [], resolved_errors: [], resolved_warnings: [] }, { at: T0 });
    expect(alerts).toBe(start.alerts);
  });
});
