/**
 * Reading the teleoperation velocities (spec 2.8, 5): each within -1..1 in steps of 0.1. A value that is not a
 * number, or one out of range, is refused with its field's error and nothing is sent (issue 34: a typed 5 used to
 * be clamped to full speed, and a typo sent 0); one between steps is rounded, and that change is reported so the
 * page can say what was sent instead of what was typed. Pure.
 */

/** The range and step of every velocity (spec 5): -1 to 1 by 0.1. */
export const VELOCITY_MIN = -1;
export const VELOCITY_MAX = 1;
export const VELOCITY_STEP = 0.1;

export type Axis = 'lvx' | 'lvy' | 'avz';
export const AXES: readonly Axis[] = ['lvx', 'lvy', 'avz'];

/** A move command's three velocities (m/s, m/s, rad/s). */
export type Velocity = Record<Axis, number>;

/** What asked for a move: the form's Submit, a preset, or the joystick. */
export type MoveSource = 'form' | 'preset' | 'joystick';

export const ZERO: Velocity = { lvx: 0, lvy: 0, avz: 0 };

/** Why a typed value was not sent as typed: rounded to the step (it was sent). */
export type AdjustReason = 'offStep';

export interface Adjustment {
  axis: Axis;
  typed: string;
  used: number;
  reason: AdjustReason;
}

/** Why a typed value was refused: the whole Submit then sends nothing. */
export type FieldErrorReason = 'notNumber' | 'outOfRange';

export interface FieldError {
  axis: Axis;
  typed: string;
  reason: FieldErrorReason;
}

/** One typed value read: the number to send (and whether it was rounded), or why it is refused. */
export type ReadVelocity = { value: number; reason: AdjustReason | null } | { error: FieldErrorReason };

/** Rounds to one decimal without float noise (0.30000000000000004 becomes 0.3). */
function toStep(v: number): number {
  return Math.round(v / VELOCITY_STEP) / 10;
}

function clamp(v: number): number {
  return Math.min(VELOCITY_MAX, Math.max(VELOCITY_MIN, v));
}

/** One typed value: what is sent and whether it was rounded, or why it is refused. */
export function readVelocity(typed: string): ReadVelocity {
  const text = typed.trim().replace(',', '.');
  // An empty field is the form's untouched 0, not a mistake.
  if (text === '') return { value: 0, reason: null };
  const n = Number(text);
  if (!Number.isFinite(n)) return { error: 'notNumber' };
  if (n < VELOCITY_MIN || n > VELOCITY_MAX) return { error: 'outOfRange' };
  const stepped = toStep(n);
  // Normalise -0 so a sent frame never carries it.
  return { value: stepped === 0 ? 0 : stepped, reason: Math.abs(stepped - n) > 1e-9 ? 'offStep' : null };
}

/**
 * The three typed values of the form: the velocity to send and the roundings made to it, or, when any field is
 * refused, every refused field's error and no velocity.
 */
export function readForm(typed: Record<Axis, string>): { velocity: Velocity | null; adjustments: Adjustment[]; errors: FieldError[] } {
  const velocity = { ...ZERO };
  const adjustments: Adjustment[] = [];
  const errors: FieldError[] = [];
  for (const axis of AXES) {
    const text = String(typed[axis] ?? '');
    const r = readVelocity(text);
    if ('error' in r) {
      errors.push({ axis, typed: text, reason: r.error });
      continue;
    }
    velocity[axis] = r.value;
    if (r.reason) adjustments.push({ axis, typed: text, used: r.value, reason: r.reason });
  }
  return errors.length > 0 ? { velocity: null, adjustments: [], errors } : { velocity, adjustments, errors };
}

/**
 * A joystick's velocity: continuous, so not stepped, only made safe (non-finite to 0, clamped) and rounded to
 * the centimetre per second so a log does not carry float noise.
 */
export function joystickVelocity(v: Partial<Record<Axis, unknown>>): Velocity {
  const out = { ...ZERO };
  for (const axis of AXES) {
    const n = typeof v[axis] === 'number' && Number.isFinite(v[axis]) ? (v[axis] as number) : 0;
    const r = Math.round(clamp(n) * 100) / 100;
    out[axis] = r === 0 ? 0 : r;
  }
  return out;
}

/** The presets of spec 2.8. Place Rotation sends z=0.5 (the original's label said 0.3; ours says 0.5). */
export const PRESETS = {
  forward: { lvx: 0.5, lvy: 0, avz: 0 },
  backward: { lvx: -0.5, lvy: 0, avz: 0 },
  stop: ZERO,
  placeRotation: { lvx: 0, lvy: 0, avz: 0.5 },
  crabLeft: { lvx: 0, lvy: 0.3, avz: 0 },
  crabRight: { lvx: 0, lvy: -0.3, avz: 0 },
} as const satisfies Record<string, Velocity>;
export type TeleopPreset = keyof typeof PRESETS;

/**
 * The minus and plus buttons of a velocity field: the typed text moved by `delta` and kept within the range
 * (text that is not a number starts again from 0; one out of range from its nearer bound). Pure.
 */
export function stepTyped(typed: string, delta: number): string {
  const n = Number(typed.trim().replace(',', '.'));
  const value = typed.trim() === '' || !Number.isFinite(n) ? 0 : toStep(clamp(n));
  const next = Math.round(Math.min(VELOCITY_MAX, Math.max(VELOCITY_MIN, value + delta)) * 10) / 10;
  return String(next === 0 ? 0 : next);
}
