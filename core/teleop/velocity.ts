/**
 * Reading the teleoperation velocities (spec 2.8, 4.5, 5): each within -1..1 in steps of 0.1; a value that is
 * not a number counts as 0, one out of range is clamped, one between steps is rounded, and each such change is
 * reported so the page can say what was sent instead of what was typed. Pure.
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

/** Why a typed value was not sent as typed. */
export type AdjustReason = 'notNumber' | 'outOfRange' | 'offStep';

export interface Adjustment {
  axis: Axis;
  typed: string;
  used: number;
  reason: AdjustReason;
}

/** Rounds to one decimal without float noise (0.30000000000000004 becomes 0.3). */
function toStep(v: number): number {
  return Math.round(v / VELOCITY_STEP) / 10;
}

function clamp(v: number): number {
  return Math.min(VELOCITY_MAX, Math.max(VELOCITY_MIN, v));
}

/** One typed value: what is sent, and why it differs from what was typed (null when it does not). */
export function readVelocity(typed: string): { value: number; reason: AdjustReason | null } {
  const text = typed.trim().replace(',', '.');
  // An empty field is the form's untouched 0, not a mistake.
  if (text === '') return { value: 0, reason: null };
  const n = Number(text);
  if (!Number.isFinite(n)) return { value: 0, reason: 'notNumber' };
  if (n < VELOCITY_MIN || n > VELOCITY_MAX) return { value: clamp(n), reason: 'outOfRange' };
  const stepped = toStep(n);
  // Normalise -0 so a sent frame never carries it.
  return { value: stepped === 0 ? 0 : stepped, reason: Math.abs(stepped - n) > 1e-9 ? 'offStep' : null };
}

/** The three typed values of the form: the velocity to send and the adjustments made to it. */
export function readForm(typed: Record<Axis, string>): { velocity: Velocity; adjustments: Adjustment[] } {
  const velocity = { ...ZERO };
  const adjustments: Adjustment[] = [];
  for (const axis of AXES) {
    const r = readVelocity(String(typed[axis] ?? ''));
    velocity[axis] = r.value;
    if (r.reason) adjustments.push({ axis, typed: String(typed[axis]), used: r.value, reason: r.reason });
  }
  return { velocity, adjustments };
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
 * (text that is not a number counts as 0, as on Submit). Pure.
 */
export function stepTyped(typed: string, delta: number): string {
  const { value } = readVelocity(typed);
  const next = Math.round(Math.min(VELOCITY_MAX, Math.max(VELOCITY_MIN, value + delta)) * 10) / 10;
  return String(next === 0 ? 0 : next);
}
