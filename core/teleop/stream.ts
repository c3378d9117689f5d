/**
 * Driving the robot from the control page: the form's Submit, the presets, and the touch joystick's command
 * stream. The stream's timing is a core timer, so a replayed log shows every move the robot was told.
 */
import { log, type Ctx, type DraftState } from '../context';
import { clearTimer, setTimer } from '../timers';
import { sendTeleop } from './send';
import { joystickVelocity, PRESETS, readForm, ZERO, type Axis, type MoveSource, type TeleopPreset, type Velocity } from './velocity';

/** 10 Hz while the joystick is held: well inside the robot's 500 ms dead-man timeout. */
export const JOYSTICK_PERIOD_MS = 100;

/**
 * How long Submit or a preset is pressed before it counts as held: its stream's first beat, after which a
 * release sends a stop. A person's tap often lasts 100-150 ms; with the first beat at 100 ms such a tap became a
 * short hold, its move cut off by a stop the moment the finger lifted and the page reading "Sent: x 0, y 0, z 0".
 * A shorter press is a tap: its one move stands and the robot's dead-man stop ends it. Still well inside the
 * 500 ms dead-man time, so a held button keeps the robot going without a gap.
 */
export const HOLD_AFTER_MS = 300;

export type { MoveSource } from './velocity';

/** Sends one move frame and records it (or its refusal while the socket is closed) for the page. */
function move(d: DraftState, ctx: Ctx, velocity: Velocity, source: MoveSource): void {
  const sent = d.teleop.connected;
  sendTeleop(d, ctx, { op: 'move', lvx: velocity.lvx, lvy: velocity.lvy, avz: velocity.avz });
  d.teleop.lastMove = { velocity: { ...velocity }, source, sent, busy: false, at: ctx.at };
}

/**
 * Submit: typed values read as numbers, a rounding to the step noted. A value that is not a number or is outside
 * -1..1 is refused with its field's error and nothing is sent, held or not: a typo never becomes a speed.
 */
export function formSubmitted(d: DraftState, ctx: Ctx, typed: Record<Axis, string> & { hold?: boolean }): void {
  const { velocity, adjustments, errors } = readForm(typed);
  d.teleop.adjustments = adjustments;
  d.teleop.fieldErrors = errors;
  if (velocity === null) {
    // The feedback under the form says what was last done: no earlier "Sent" stands beside the errors.
    d.teleop.lastMove = null;
    log(ctx, 'info', `teleop submit refused: ${errors.map((e) => `${e.axis} ${e.reason}`).join(', ')}`);
    return;
  }
  move(d, ctx, velocity, 'form');
  if (typed.hold === true) holdStream(d, ctx, velocity);
}

/**
 * Submit or a preset held down drives like the joystick (issue 18): the same 10 Hz stream until released, from
 * `HOLD_AFTER_MS` on. A tap (released before that first beat) stays the one move it was, which the robot's
 * dead-man stop ends.
 */
function holdStream(d: DraftState, ctx: Ctx, velocity: Velocity): void {
  if (velocity.lvx === 0 && velocity.lvy === 0 && velocity.avz === 0) return joystickStopped(d, ctx, 'stop pressed');
  d.teleop.joystick = { ...velocity };
  setTimer(d.timers, 'joystickStream', ctx.at + HOLD_AFTER_MS);
}

/** A preset: its fixed values, sent as they are. */
export function presetPressed(d: DraftState, ctx: Ctx, preset: TeleopPreset, hold = false): void {
  // Own keys only: a replayed log could name 'constructor' or 'toString'.
  if (!Object.hasOwn(PRESETS, preset)) return;
  // Another operator drives: the presets are off (the page disables them; a replayed press does nothing).
  if (d.teleop.busy) return;
  const velocity = PRESETS[preset];
  d.teleop.adjustments = [];
  d.teleop.fieldErrors = [];
  move(d, ctx, velocity, 'preset');
  if (hold) holdStream(d, ctx, velocity);
}

/** The joystick moved (or was first touched): remember where, send at once if the stream is not running. */
export function joystickMoved(d: DraftState, ctx: Ctx, input: Partial<Record<Axis, unknown>>): void {
  if (d.teleop.busy) return; // another operator drives: the joystick is off
  const velocity = joystickVelocity(input);
  const wasHeld = d.teleop.joystick !== null;
  d.teleop.joystick = velocity;
  if (wasHeld) return; // the running stream sends the latest position on its next beat
  move(d, ctx, velocity, 'joystick');
  setTimer(d.timers, 'joystickStream', ctx.at + JOYSTICK_PERIOD_MS);
}

/** One beat of the stream: the held position again, so the robot's dead-man timer never runs out. */
export function joystickBeat(d: DraftState, ctx: Ctx): void {
  const velocity = d.teleop.joystick;
  if (!velocity) return;
  move(d, ctx, velocity, 'joystick');
  setTimer(d.timers, 'joystickStream', ctx.at + JOYSTICK_PERIOD_MS);
}

/**
 * The joystick let go (release, pointer cancel, page hidden, page left, socket closed): the stream stops and a
 * zero move goes out at once, without waiting for the robot's dead-man stop. While the socket is closed the
 * zero cannot be sent; that is logged, and the robot's own timeout stops it.
 */
export function joystickStopped(d: DraftState, ctx: Ctx, why: string): void {
  if (d.teleop.joystick === null) return;
  d.teleop.joystick = null;
  clearTimer(d.timers, 'joystickStream');
  log(ctx, 'info', `joystick stopped: ${why}`);
  // A held preset or Submit let go before its first beat was a tap: its one move stands (the dead-man ends it).
  const source = d.teleop.lastMove?.source;
  if (source === 'preset' || source === 'form') return;
  move(d, ctx, ZERO, 'joystick');
}

