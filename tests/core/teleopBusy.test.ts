/** /control while another operator drives (api.md, Sessions: one driver at a time; issue 35). */
import { describe, expect, it } from 'vitest';
import type { Effect } from '../../core/effects';
import { booted, COMPLETE_SETTINGS, logIn, type Harness } from './harness';

const moves = (effects: Effect[]) =>
  effects.filter((e) => e.type === 'teleop/send' && (e.message as { op?: string }).op === 'move');
const mode = (m: 'MANUAL' | 'NORMAL') => ({ type: 'teleop/message' as const, message: { op: 'manual_mode', payload: { actual_mode: { mode: m } } } });
const BUSY = { type: 'teleop/message' as const, message: { op: 'busy', payload: {} } };

function onControl(): Harness {
  const h = booted('/missions', COMPLETE_SETTINGS);
  logIn(h);
  h.send({ type: 'ui/navigated', path: '/control' });
  h.send({ type: 'teleop/opened' });
  h.send(mode('MANUAL'));
  return h;
}

describe('another operator drives', () => {
  it('a busy answer marks it, stops the stream without a zero move, and the joystick and presets send nothing', () => {
    const h = onControl();
    expect(moves(h.send({ type: 'ui/joystickMoved', lvx: 0.5, lvy: 0, avz: 0 }))).toHaveLength(1);
    const effects = h.send(BUSY);
    expect(h.state.teleop.busy).toBe(true);
    expect(h.state.teleop.joystick).toBeNull();
    expect(h.state.timers.joystickStream).toBeUndefined();
    expect(moves(effects)).toHaveLength(0);
    expect(moves(h.advance(500))).toHaveLength(0);
    expect(moves(h.send({ type: 'ui/teleopPresetPressed', preset: 'forward' }))).toHaveLength(0);
    expect(moves(h.send({ type: 'ui/joystickMoved', lvx: 0.5, lvy: 0, avz: 0 }))).toHaveLength(0);
    expect(h.state.rejections.count).toBe(0);
  });

  it('ends when the robot is reported in NORMAL mode, or the page or socket starts afresh', () => {
    const h = onControl();
    h.send(BUSY);
    h.send(mode('MANUAL'));
    expect(h.state.teleop.busy).toBe(true);
    h.send(mode('NORMAL'));
    expect(h.state.teleop.busy).toBe(false);

    h.send(BUSY);
    h.send({ type: 'teleop/closed' });
    expect(h.state.teleop.busy).toBe(false);
    h.send({ type: 'teleop/opened' });
    h.send(BUSY);
    h.send({ type: 'ui/navigated', path: '/diagnostic' });
    h.send({ type: 'ui/navigated', path: '/control' });
    expect(h.state.teleop.busy).toBe(false);
    expect(moves(h.send({ type: 'ui/teleopPresetPressed', preset: 'forward' }))).toHaveLength(1);
  });

  it('the move the busy answer refused reads as not carried out, not as sent (issue 42)', () => {
    const h = onControl();
    h.send({ type: 'ui/teleopPresetPressed', preset: 'forward' });
    expect(h.state.teleop.lastMove).toMatchObject({ velocity: { lvx: 0.5 }, sent: true, busy: false });
    h.send(BUSY);
    expect(h.state.teleop.lastMove).toMatchObject({ velocity: { lvx: 0.5 }, sent: true, busy: true });
    // A move the back end does not refuse is a plain sent one again.
    h.send(mode('NORMAL'));
    h.send({ type: 'ui/teleopPresetPressed', preset: 'backward' });
    expect(h.state.teleop.lastMove).toMatchObject({ velocity: { lvx: -0.5 }, sent: true, busy: false });
  });

  it('a busy frame without its payload is read the same; one of another shape is rejected', () => {
    const h = onControl();
    h.send({ type: 'teleop/message', message: { op: 'busy' } });
    expect(h.state.teleop.busy).toBe(true);
    h.send({ type: 'teleop/message', message: { op: 'busy', payload: 'yes' } });
    expect(h.state.rejections.count).toBe(1);
  });
});
