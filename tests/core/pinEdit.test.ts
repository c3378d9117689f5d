/** The PIN field's error rule (core/session/pinEdit.ts): which edits clear, on states the core reaches. */
import { describe, expect, it } from 'vitest';
import { booted, COMPLETE_SETTINGS, type Harness } from './harness';
import { pinEditClears } from '../../core/session/pinEdit';
import type { PinPurpose } from '../../core/events';

function wrongLogin(status = 200): Harness {
  const h = booted('/login', COMPLETE_SETTINGS);
  h.send({ type: 'ui/pinSubmitted', purpose: 'login' });
  if (status === 200) h.answer('api/auth/login', { isCorrect: false });
  else h.answer('api/auth/login', 'too many wrong PINs; try again in 20 s', status);
  return h;
}

/** What the PIN field does on an edit: asks the rule, and tells the core when it says so. */
function edit(h: Harness, purpose: PinPurpose, wasComplete = false): void {
  if (pinEditClears(h.state.setup, purpose, wasComplete)) h.send({ type: 'ui/pinCleared', purpose });
}

describe("the PIN field's error rule", () => {
  it('an edit after a wrong PIN hides the mistake; the next edit has nothing to clear', () => {
    const h = wrongLogin();
    expect(h.state.setup.pinError).toBe('notMatch');
    expect(pinEditClears(h.state.setup, 'login', false)).toBe(true);
    edit(h, 'login');
    expect(h.state.setup.pinError).toBeNull();
    expect(pinEditClears(h.state.setup, 'login', false)).toBe(false);
  });

  it("keeps the 429 wait message while typing: it goes only when the wait is over", () => {
    const h = wrongLogin(429);
    expect(h.state.setup.pinError).toBe('tooManyAttempts');
    edit(h, 'login');
    expect(h.state.setup.pinError).toBe('tooManyAttempts');
  });

  it('a back end that did not answer (unavailable) is a mistake an edit hides too', () => {
    const h = booted('/login', COMPLETE_SETTINGS);
    h.send({ type: 'ui/pinSubmitted', purpose: 'login' });
    h.fail('api/auth/login');
    expect(h.state.setup.pinError).toBe('unavailable');
    expect(pinEditClears(h.state.setup, 'login', true)).toBe(true);
  });

  it('a new PIN: only an edit of a complete one tells the core, which drops the held PIN', () => {
    const h = booted('/fux/choose-new-pin', { ...COMPLETE_SETTINGS, has_superadmin_pin: false });
    expect(pinEditClears(h.state.setup, 'newPin', false)).toBe(false);
    h.send({ type: 'ui/pinSubmitted', purpose: 'newPin' });
    expect(h.state.setup.newPinHeld).toBe(true);
    edit(h, 'newPin', true);
    expect(h.state.setup.newPinHeld).toBe(false);
    // Even with an error on show, the new PIN's field clears only when it was complete.
    expect(pinEditClears({ pinError: 'notMatch' }, 'newPin', false)).toBe(false);
  });
});
