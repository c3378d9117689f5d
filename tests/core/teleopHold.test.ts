/** Hold-to-drive presets and Submit (issue 18): 10 Hz while held, stop on release, a tap is one move. */
import { describe, expect, it } from 'vitest';
import type { Effect } from '../../core/effects';
import { HOLD_AFTER_MS } from '../../core/teleop/stream';
import { booted, type Harness } from './harness';

const moves = (effects: Effect[]) =>
  effects.filter((e): e is Extract<Effect, { type: 'teleop/send' }> => e.type === 'teleop/send').map((e) => e.message as Record<string, unknown>).filter((m) => m.op === 'move').map(({ lvx, lvy, avz }) => [lvx, lvy, avz]);

function onControl(): Harness {
  const h = booted('/missions');
  h.state = { ...h.state, session: { ...h.state.session, login: true } };
  h.send({ type: 'ui/navigated', path: '/control' });
  h.send({ type: 'teleop/opened' });
  h.send({ type: 'teleop/message', message: { op: 'manual_mode_status', payload: { actual_mode: { mode: 'MANUAL' } } } });
  return h;
}

describe('hold-to-drive', () => {
  it('a held preset streams its move at 10 Hz and stops at once on release', () => {
    const h = onControl();
    expect(moves(h.send({ type: 'ui/teleopPresetPressed', preset: 'forward', hold: true }))).toEqual([[0.5, 0, 0]]);
    expect(moves(h.advance(HOLD_AFTER_MS - 1))).toEqual([]);
    expect(moves(h.advance(1))).toEqual([[0.5, 0, 0]]);
    expect(moves(h.advance(100))).toEqual([[0.5, 0, 0]]);
    expect(moves(h.send({ type: 'ui/joystickReleased', reason: 'release' }))).toEqual([[0, 0, 0]]);
    expect(h.state.timers.joystickStream).toBeUndefined();
    expect(moves(h.advance(1_000))).toEqual([]);
  });

  it('a tap (released before the first beat) is one move, left to the robot dead-man stop', () => {
    const h = onControl();
    expect(moves(h.send({ type: 'ui/teleopPresetPressed', preset: 'crabLeft', hold: true }))).toEqual([[0, 0.3, 0]]);
    h.advance(50);
    expect(moves(h.send({ type: 'ui/joystickReleased', reason: 'release' }))).toEqual([]);
    expect(moves(h.advance(1_000))).toEqual([]);
  });

  it('a 150 ms tap, as long as a finger often takes, is still a tap: its move stands and the page shows it', () => {
    const h = onControl();
    h.send({ type: 'ui/teleopSubmitted', lvx: '1', lvy: '0', avz: '0', hold: true });
    expect(moves(h.advance(150))).toEqual([]);
    expect(moves(h.send({ type: 'ui/joystickReleased', reason: 'release' }))).toEqual([]);
    expect(h.state.teleop.lastMove?.velocity).toEqual({ lvx: 1, lvy: 0, avz: 0 });
    expect(moves(h.advance(1_000))).toEqual([]);
  });

  it('a held Submit streams the typed values; without hold (keyboard) it is one move as before', () => {
    const h = onControl();
    expect(moves(h.send({ type: 'ui/teleopSubmitted', lvx: '0.2', lvy: '0', avz: '-0.4', hold: true }))).toEqual([[0.2, 0, -0.4]]);
    expect(moves(h.advance(HOLD_AFTER_MS))).toEqual([[0.2, 0, -0.4]]);
    expect(moves(h.send({ type: 'ui/joystickReleased', reason: 'cancel' }))).toEqual([[0, 0, 0]]);
    expect(moves(h.send({ type: 'ui/teleopSubmitted', lvx: '0.2', lvy: '0', avz: '0' }))).toEqual([[0.2, 0, 0]]);
    expect(moves(h.advance(500))).toEqual([]);
  });

  it('Stop held sends its zero and streams nothing; leaving the page while held stops', () => {
    const h = onControl();
    expect(moves(h.send({ type: 'ui/teleopPresetPressed', preset: 'stop', hold: true }))).toEqual([[0, 0, 0]]);
    expect(moves(h.advance(300))).toEqual([]);
    h.send({ type: 'ui/teleopPresetPressed', preset: 'backward', hold: true });
    h.advance(HOLD_AFTER_MS);
    expect(moves(h.send({ type: 'ui/navigated', path: '/diagnostic' }))).toEqual([[0, 0, 0]]);
  });
});
