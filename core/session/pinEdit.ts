/**
 * The PIN field's error rule: when an edit of a PIN being typed tells the core `ui/pinCleared`. Pure. It is
 * told only whether the field was complete before the edit, never a digit: the PIN stays in the page and the
 * worker shell (DESIGN.md, secrets).
 */
import type { PinPurpose } from '../events';
import type { State } from '../state';

/** Whether an edit of the field for `purpose` (a digit typed or removed) dispatches `ui/pinCleared`. Pure. */
export function pinEditClears(setup: Pick<State['setup'], 'pinError'>, purpose: PinPurpose, wasComplete: boolean): boolean {
  // The new PIN is held by the worker as soon as it is complete, so Continue can enable; an edit drops it.
  if (purpose === 'newPin') return wasComplete;
  // Typing again hides an answered mistake; the 429 wait message stays until the wait is over.
  return setup.pinError !== null && setup.pinError !== 'tooManyAttempts';
}
