import { describe, expect, it } from 'vitest';
import { batteryLevel, healthLabel } from '../../core/selectors';
import { booted } from './harness';

describe('batteries', () => {
  it('maps charges to icon levels at the spec thresholds', () => {
    const cases: [number | null, string][] = [
      [1, 'full'], [1.2, 'full'], [0.99, 'higher'], [0.8, 'higher'], [0.79, 'high'], [0.6, 'high'],
      [0.59, 'half'], [0.4, 'half'], [0.39, 'low'], [0.2, 'low'], [0.19, 'lower'], [0.1, 'lower'],
      [0.09, 'empty'], [0, 'empty'], [null, 'unknown'],
    ];
    for (const [charge, level] of cases) expect([charge, batteryLevel(charge)]).toEqual([charge, level]);
  });

  it('labels health: 80 and above high, 20 to below 80 low, below 20 critical', () => {
    expect([0.8, 0.79, 0.2, 0.19, null].map(healthLabel)).toEqual(['high', 'low', 'low', 'critical', 'unknown']);
  });

  it('keeps one charge per battery from robot/battery_state, unknown when missing', () => {
    const h = booted();
    h.ws('robot/battery_state', { batteries: [{ charge: 0.83, health: 0.97 }, { health: 0.5 }] });
    expect(h.state.batteries).toEqual({ charges: [0.83, null], health: [0.97, 0.5] });
  });

  it('forgets the charges while the robot is out of reach, until a fresh battery state (issue 19)', () => {
    const h = booted();
    const state = { batteries: [{ charge: 0.83, health: 0.97 }, { charge: 0.5, health: 0.9 }] };
    h.ws('robot/battery_state', state);
    // The first disconnect after start waits 5 s (and would be cancelled by a reconnect).
    h.ws('robot/disconnected');
    expect(h.state.batteries.charges).toEqual([0.83, 0.5]);
    h.advance(5_000);
    expect(h.state.batteries.charges).toEqual([null, null]);
    h.ws('robot/connected');
    expect(h.state.batteries.charges).toEqual([null, null]);
    h.ws('robot/battery_state', state);
    expect(h.state.batteries.charges).toEqual([0.83, 0.5]);
    h.ws('robot/disconnected');
    expect(h.state.batteries.charges).toEqual([null, null]);
    h.ws('robot/battery_state', state);
    h.ws('backend/disconnected');
    expect(h.state.batteries.charges).toEqual([null, null]);
    h.ws('robot/battery_state', state);
    h.send({ type: 'ws/closed' });
    expect(h.state.batteries.charges).toEqual([null, null]);
  });

  it('refreshes the clock every second on whole seconds', () => {
    const h = booted();
    const first = h.state.clock.now;
    h.advance(1_000);
    expect(h.state.clock.now).toBe(Math.floor(first / 1000) * 1000 + 1000);
    h.advance(3_600_000);
    expect(h.state.clock.now).toBe(Math.floor(h.now / 1000) * 1000);
  });
});
