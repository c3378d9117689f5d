/**
 * The digits of a PIN being typed. They live only here, in local React state, and leave only through
 * `submitPin` to the worker, which holds them: never in an intent, the core, a snapshot, storage or the URL.
 */
import { useEffect, useRef, useState } from 'react';
import type { PinPurpose } from '../../core/events';
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { pinEditClears } from '../../core/session/pinEdit';

export const PIN_LENGTH = 6;
/** Spec: the masked digit is shown for 1 s. */
export const REVEAL_MS = 1_000;

export interface PinInput {
  value: string;
  /** The index of the digit shown unmasked, for 1 s after it was typed. */
  revealed: number | null;
  complete: boolean;
  change(next: string): void;
  append(digit: string): void;
  backspace(): void;
  clear(): void;
  /** Hands the complete PIN to the worker. */
  submit(): void;
}

export function usePinInput(purpose: PinPurpose): PinInput {
  const { submitPin, dispatch } = useActions();
  const attempts = useCore((s) => s.setup.pinAttempts);
  const pinError = useCore((s) => s.setup.pinError);
  const [value, setValue] = useState('');
  const [revealed, setRevealed] = useState<number | null>(null);
  const [seenAttempts, setSeenAttempts] = useState(attempts);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Every answer to a wrong PIN clears the boxes for a fresh try.
  if (seenAttempts !== attempts) {
    setSeenAttempts(attempts);
    setValue('');
    setRevealed(null);
  }

  const change = (next: string) => {
    // No regular expression on a PIN: the engine would keep it as its last match (RegExp.input).
    const digits = Array.from(next).filter((c) => c >= '0' && c <= '9').join('').slice(0, PIN_LENGTH);
    if (digits === value) return;
    // The core's rule says whether the edit clears the error (or drops a held new PIN); it never sees a digit.
    if (pinEditClears({ pinError }, purpose, value.length === PIN_LENGTH)) dispatch({ type: 'ui/pinCleared', purpose });
    // A complete new PIN goes to the worker at once, so Continue can enable.
    if (purpose === 'newPin' && digits.length === PIN_LENGTH) submitPin('newPin', digits);
    clearTimeout(timer.current);
    if (digits.length > value.length) {
      setRevealed(digits.length - 1);
      timer.current = setTimeout(() => setRevealed(null), REVEAL_MS);
    } else setRevealed(null);
    setValue(digits);
  };

  const complete = value.length === PIN_LENGTH;
  return {
    value,
    revealed,
    complete,
    change,
    append: (digit) => change(value + digit),
    backspace: () => change(value.slice(0, -1)),
    clear: () => change(''),
    submit: () => {
      if (complete) submitPin(purpose, value);
    },
  };
}
