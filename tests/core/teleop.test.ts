/** Teleoperation in the core: reading the form, presets, the mode, the joystick's stream and its stops, joints. */
import { describe, expect, it } from 'vitest';
import type { Effect } from '../../core/effects';
import type { CoreEvent } from '../../core/events';
import { initialState } from '../../core/state';
import { step, stepAll } from '../../core/step';
import { readVelocity, stepTyped } from '../../core/teleop/velocity';
import { wheelViews } from '../../core/teleop/joints';
import { booted, type Harness } from './harness';

type Sent = Record<string, unknown>;
const sends = (effects: Effect[]): Sent[] =>
  effects.filter((e): e is Extract<Effect, { type: 'teleop/send' }> => e.type === 'teleop/send').map((e) => e.message as Sent);
const moves = (effects: Effect[]) => sends(effects).filter((m) => m.op === 'move');
const logs = (effects: Effect[]) => effects.filter((e) => e.type === 'log').map((e) => (e as { message: string }).message);

/** Booted and logged in (the teleop pages need a login), then on `path`. */
function loggedIn(path: string): Harness {
  const h = booted('/missions');
  h.state = { ...h.state, session: { ...h.state.session, login: true } };
  h.send({ type: 'ui/navigated', path });
  expect(h.state.route.path).toBe(path);
  return h;
}

/** On /control with the teleop socket open and the robot in manual mode. */
function onControl(): Harness {
  const h = loggedIn('/control');
  h.send({ type: 'teleop/opened' });
  h.send({ type: 'teleop/message', message: { op: 'manual_mode_status', payload: { actual_mode: { mode: 'MANUAL' } } } });
  return h;
}

describe('reading the velocity inputs', () => {
  it('refuses a non-numeric value (issue 34); an empty field is the untouched 0', () => {
    expect(readVelocity('abc')).toEqual({ error: 'notNumber' });
    expect(readVelocity('0.5x')).toEqual({ error: 'notNumber' });
    expect(readVelocity('-')).toEqual({ error: 'notNumber' });
    expect(readVelocity('')).toEqual({ value: 0, reason: null });
  });

  it('steps typed text by 0.1 within the range, from 0 when it is not a number', () => {
    expect(stepTyped('0.2', 0.1)).toBe('0.3');
    expect(stepTyped('-0.1', 0.1)).toBe('0');
    expect(stepTyped('1', 0.1)).toBe('1');
    expect(stepTyped('-1', -0.1)).toBe('-1');
    expect(stepTyped('abc', -0.1)).toBe('-0.1');
    expect(stepTyped('7', -0.1)).toBe('0.9');
  });

  it('refuses values out of -1..1 (never clamped to full speed) and rounds to the 0.1 step', () => {
    expect(readVelocity('3')).toEqual({ error: 'outOfRange' });
    expect(readVelocity('5')).toEqual({ error: 'outOfRange' });
    expect(readVelocity('-1.5')).toEqual({ error: 'outOfRange' });
    expect(readVelocity('1')).toEqual({ value: 1, reason: null });
    expect(readVelocity('-1')).toEqual({ value: -1, reason: null });
    expect(readVelocity('0.25')).toEqual({ value: 0.3, reason: 'offStep' });
    expect(readVelocity(' -0.3 ')).toEqual({ value: -0.3, reason: null });
    expect(readVelocity('0,4')).toEqual({ value: 0.4, reason: null });
    expect(readVelocity('-0.01')).toEqual({ value: 0, reason: 'offStep' }); // never a -0 on the wire
    const r = readVelocity('-0.01');
    expect('value' in r && Object.is(r.value, -0)).toBe(false);
  });
});

describe('submit and presets', () => {
  it('sends the read values with the client id and records a rounding', () => {
    const h = onControl();
    const fx = h.send({ type: 'ui/teleopSubmitted', lvx: '0.25', lvy: '0', avz: '-0.2' });
    expect(moves(fx)).toEqual([{ client_id: 'test-client', op: 'move', lvx: 0.3, lvy: 0, avz: -0.2 }]);
    expect(h.state.teleop.adjustments).toEqual([{ axis: 'lvx', typed: '0.25', used: 0.3, reason: 'offStep' }]);
    expect(h.state.teleop.fieldErrors).toEqual([]);
    expect(h.state.teleop.lastMove).toMatchObject({ velocity: { lvx: 0.3, lvy: 0, avz: -0.2 }, source: 'form', sent: true });
    h.send({ type: 'ui/teleopSubmitted', lvx: '0.1', lvy: '0', avz: '0' });
    expect(h.state.teleop.adjustments).toEqual([]);
  });

  it('refuses a Submit with a value out of range or not a number: each field its error, nothing sent (issue 34)', () => {
    const h = onControl();
    h.send({ type: 'ui/teleopSubmitted', lvx: '0.2', lvy: '0', avz: '0' });
    const fx = h.send({ type: 'ui/teleopSubmitted', lvx: '5', lvy: 'q', avz: '-0.2' });
    expect(moves(fx)).toEqual([]);
    expect(h.state.teleop.fieldErrors).toEqual([
      { axis: 'lvx', typed: '5', reason: 'outOfRange' },
      { axis: 'lvy', typed: 'q', reason: 'notNumber' },
    ]);
    // The earlier "Sent" does not stand beside the refusal.
    expect(h.state.teleop.lastMove).toBeNull();
    // Held, it starts no stream either.
    const held = h.send({ type: 'ui/teleopSubmitted', lvx: '-3', lvy: '0', avz: '0', hold: true });
    expect(moves(held)).toEqual([]);
    expect(h.state.teleop.joystick).toBeNull();
    expect(moves(h.advance(1_000))).toEqual([]);
    // A valid Submit clears the errors and sends.
    expect(moves(h.send({ type: 'ui/teleopSubmitted', lvx: '1', lvy: '0', avz: '0' }))).toHaveLength(1);
    expect(h.state.teleop.fieldErrors).toEqual([]);
  });

  it('sends each preset with the spec values; Place Rotation sends z=0.5', () => {
    const h = onControl();
    const cases = [
      ['forward', 0.5, 0, 0],
      ['backward', -0.5, 0, 0],
      ['stop', 0, 0, 0],
      ['placeRotation', 0, 0, 0.5],
      ['crabLeft', 0, 0.3, 0],
      ['crabRight', 0, -0.3, 0],
    ] as const;
    for (const [preset, lvx, lvy, avz] of cases) {
      expect(moves(h.send({ type: 'ui/teleopPresetPressed', preset }))).toEqual([{ client_id: 'test-client', op: 'move', lvx, lvy, avz }]);
    }
  });

  it('refuses and logs a move while the socket is closed', () => {
    const h = onControl();
    h.send({ type: 'teleop/closed' });
    const fx = h.send({ type: 'ui/teleopPresetPressed', preset: 'forward' });
    expect(sends(fx)).toEqual([]);
    expect(logs(fx)).toContain('teleop socket closed: cannot send');
    expect(h.state.teleop.lastMove).toMatchObject({ sent: false, velocity: { lvx: 0.5 } });
  });
});

describe('manual mode', () => {
  it('follows the mode in the robot status frames, whichever op carries it', () => {
    const h = loggedIn('/control');
    expect(h.state.teleop.mode).toBeNull();
    h.send({ type: 'teleop/opened' });
    h.send({ type: 'teleop/message', message: { op: 'manual_mode_status', payload: { actual_mode: { mode: 'NORMAL' } } } });
    expect(h.state.teleop.mode).toBe('NORMAL');
    h.send({ type: 'teleop/message', message: { op: 'manual_mode', payload: { actual_mode: { mode: 'MANUAL' } } } });
    expect(h.state.teleop.mode).toBe('MANUAL');
    // A malformed frame is rejected and changes nothing.
    h.send({ type: 'teleop/message', message: { op: 'manual_mode', payload: { actual_mode: { mode: 'TURBO' } } } });
    expect(h.state.teleop.mode).toBe('MANUAL');
    expect(h.state.rejections.count).toBe(1);
  });

  it('asks for the mode when the control page shows, and the toggle asks for the other mode', () => {
    const h = loggedIn('/missions');
    h.send({ type: 'teleop/opened' });
    expect(sends(h.send({ type: 'ui/navigated', path: '/control' }))).toEqual([{ client_id: 'test-client', op: 'manual_mode_status' }]);
    expect(sends(h.send({ type: 'ui/manualModeToggled' }))).toEqual([]); // mode not known yet
    h.send({ type: 'teleop/message', message: { op: 'manual_mode_status', payload: { actual_mode: { mode: 'NORMAL' } } } });
    expect(sends(h.send({ type: 'ui/manualModeToggled' }))).toEqual([{ client_id: 'test-client', op: 'manual_mode', mode: 'MANUAL' }]);
    h.send({ type: 'teleop/message', message: { op: 'manual_mode', payload: { actual_mode: { mode: 'MANUAL' } } } });
    expect(sends(h.send({ type: 'ui/manualModeToggled' }))).toEqual([{ client_id: 'test-client', op: 'manual_mode', mode: 'NORMAL' }]);
  });
});

describe('the joystick stream', () => {
  it('sends at once when touched, then the latest position every 100 ms while held', () => {
    const h = onControl();
    expect(moves(h.send({ type: 'ui/joystickMoved', lvx: 0.4, lvy: 0, avz: 0.2 }))).toEqual([
      { client_id: 'test-client', op: 'move', lvx: 0.4, lvy: 0, avz: 0.2 },
    ]);
    // Moves between beats only update the held position.
    h.now += 30;
    expect(moves(h.send({ type: 'ui/joystickMoved', lvx: 0.6, lvy: 0, avz: 0 }))).toEqual([]);
    expect(moves(h.advance(69))).toEqual([]);
    expect(moves(h.advance(1))).toEqual([{ client_id: 'test-client', op: 'move', lvx: 0.6, lvy: 0, avz: 0 }]);
    // A second without input: ten beats, one every 100 ms.
    expect(moves(h.advance(1_000))).toHaveLength(10);
    expect(h.state.timers.joystickStream).toBe(h.now + 100);
  });

  it('makes joystick values safe: clamped, non-finite to 0', () => {
    const h = onControl();
    expect(moves(h.send({ type: 'ui/joystickMoved', lvx: 7, lvy: Number.NaN, avz: -3 }))).toEqual([
      { client_id: 'test-client', op: 'move', lvx: 1, lvy: 0, avz: -1 },
    ]);
  });

  for (const [name, stop] of [
    ['release', { type: 'ui/joystickReleased', reason: 'release' }],
    ['pointer cancel', { type: 'ui/joystickReleased', reason: 'cancel' }],
    ['the page hidden', { type: 'ui/pageHidden' }],
    ['leaving the page', { type: 'ui/navigated', path: '/joints' }],
  ] as const) {
    it(`stops on ${name}: a zero move at once, then nothing`, () => {
      const h = onControl();
      h.send({ type: 'ui/joystickMoved', lvx: 0.5, lvy: 0, avz: 0 });
      h.advance(250);
      const fx = h.send(stop);
      expect(moves(fx)).toEqual([{ client_id: 'test-client', op: 'move', lvx: 0, lvy: 0, avz: 0 }]);
      expect(h.state.teleop.joystick).toBeNull();
      expect(h.state.timers.joystickStream).toBeUndefined();
      expect(moves(h.advance(1_000))).toEqual([]);
    });
  }

  it('stops when the socket closes: the zero move is refused and logged, the stream ends, a reconnect follows 1 s later', () => {
    const h = onControl();
    h.send({ type: 'ui/joystickMoved', lvx: 0.5, lvy: 0, avz: 0 });
    h.advance(150);
    const fx = h.send({ type: 'teleop/closed' });
    expect(moves(fx)).toEqual([]);
    expect(logs(fx)).toEqual(['joystick stopped: teleop socket closed', 'teleop socket closed: cannot send']);
    expect(h.state.teleop.joystick).toBeNull();
    expect(h.state.teleop.lastMove).toMatchObject({ velocity: { lvx: 0, lvy: 0, avz: 0 }, sent: false });
    const later = h.advance(1_000);
    expect(moves(later)).toEqual([]);
    expect(later).toContainEqual({ type: 'teleop/open' });
    // After the reconnect the joystick does not resume by itself.
    h.send({ type: 'teleop/opened' });
    expect(moves(h.advance(500))).toEqual([]);
  });

  it('a release with nothing held sends nothing', () => {
    const h = onControl();
    expect(moves(h.send({ type: 'ui/joystickReleased', reason: 'release' }))).toEqual([]);
  });
});

describe('joints', () => {
  const frame = {
    op: 'joints',
    payload: {
      name: ['front_left_steer', 'front_left_wheel', 'front_right_steer', 'front_right_wheel', 'rear_left_steer', 'rear_left_wheel', 'rear_right_steer', 'rear_right_wheel'],
      position: [Math.PI / 4, 12, -Math.PI / 6, 3, 0, 1, Math.PI / 2, 0],
      velocity: [0, 5, 0, -2.5, 0, 0, 0, 1],
    },
  };

  it('converts steering radians to degrees and pairs each wheel by joint name', () => {
    const h = loggedIn('/joints');
    h.send({ type: 'teleop/opened' });
    h.send({ type: 'teleop/message', message: frame });
    const views = wheelViews(h.state.teleop.joints);
    expect(views.map((v) => v.corner)).toEqual(['front_left', 'front_right', 'rear_left', 'rear_right']);
    expect(views[0]!.steerDegrees).toBeCloseTo(45);
    expect(views[1]!.steerDegrees).toBeCloseTo(-30);
    expect(views[3]!.steerDegrees).toBeCloseTo(90);
    expect(views.map((v) => v.wheelSpeed)).toEqual([5, -2.5, 0, 1]);
  });

  it('reads joints out of order and shows a missing joint as unknown', () => {
    const views = wheelViews({ name: ['rear_right_wheel', 'front_left_steer'], position: [9, Math.PI], velocity: [2, 0] });
    expect(views[0]).toEqual({ corner: 'front_left', steerDegrees: 180, wheelSpeed: null });
    expect(views[3]).toEqual({ corner: 'rear_right', steerDegrees: null, wheelSpeed: 2 });
    expect(wheelViews(null).every((v) => v.steerDegrees === null && v.wheelSpeed === null)).toBe(true);
  });

  it('polls read_joints every 200 ms while the joints page shows, and stops when it is left', () => {
    const h = loggedIn('/missions');
    h.send({ type: 'teleop/opened' });
    const enter = h.send({ type: 'ui/navigated', path: '/joints' });
    expect(sends(enter)).toEqual([{ client_id: 'test-client', op: 'read_joints' }]);
    expect(sends(h.advance(1_000)).filter((m) => m.op === 'read_joints')).toHaveLength(5);
    h.send({ type: 'ui/navigated', path: '/control' });
    expect(h.state.timers.jointsPoll).toBeUndefined();
    expect(sends(h.advance(1_000)).filter((m) => m.op === 'read_joints')).toHaveLength(0);
  });

  it('skips polls quietly while the socket is closed and resumes when it opens', () => {
    const h = loggedIn('/joints');
    const quiet = h.advance(1_000);
    expect(sends(quiet)).toEqual([]);
    expect(logs(quiet).filter((m) => m.includes('cannot send'))).toEqual([]);
    h.send({ type: 'teleop/opened' });
    expect(sends(h.advance(200)).filter((m) => m.op === 'read_joints')).toHaveLength(1);
  });
});

describe('replaying a joystick session', () => {
  it('gives the same moves from the recorded inputs alone, with no recorded timer firings', () => {
    const inputs: CoreEvent[] = [
      { type: 'shell/started', at: 1_000, path: '/missions', seed: 1, clientId: 'k' },
      { type: 'teleop/opened', at: 1_010 },
      { type: 'ui/joystickMoved', at: 1_200, lvx: 0.3, lvy: 0, avz: 0 },
      { type: 'ui/joystickMoved', at: 1_450, lvx: 0.6, lvy: 0, avz: -0.2 },
      { type: 'ui/joystickReleased', at: 1_900, reason: 'release' },
      { type: 'tick', at: 3_000 },
    ];
    const live: Effect[] = [];
    let state = initialState();
    // Live, the shell also wakes the core at every due time; those ticks are not in the log.
    for (const e of inputs) {
      for (let t = state.timers.joystickStream; t !== undefined && t < e.at; t = state.timers.joystickStream) {
        const r = step(state, { type: 'tick', at: t });
        state = r.state;
        live.push(...r.effects);
      }
      const r = step(state, e);
      state = r.state;
      live.push(...r.effects);
    }
    const replayed = stepAll(initialState(), inputs).effects;
    expect(moves(replayed)).toEqual(moves(live));
    // Sent at 1.2 s, then every 100 ms to 1.9 s (a beat due at the release fires before it), then the zero.
    expect(moves(replayed).map((m) => m.lvx)).toEqual([0.3, 0.3, 0.3, 0.6, 0.6, 0.6, 0.6, 0.6, 0]);
  });
});
