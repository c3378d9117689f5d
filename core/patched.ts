/** Copy-on-write helpers for slice handlers (core/turn.ts), which build new objects rather than edit drafts. */
import { current, isDraft } from 'immer';

/**
 * `obj` with `changes` written over it: `obj` itself when every change repeats its value (compared with
 * `Object.is`, as immer compares a write with the value it replaces), so a state nothing changed keeps its
 * identity. Pure.
 */
export function patched<T extends object>(obj: T, changes: Partial<T>): T {
  for (const key in changes) if (!Object.is(changes[key], obj[key])) return Object.assign({ ...obj }, changes);
  return obj;
}

/** A plain copy of `value` when it is an immer draft (for a draft handler that calls a slice handler), else `value`. */
export function plainOf<T>(value: T): T {
  return isDraft(value) ? (current(value as object) as T) : value;
}
