/** The first-use wizard's state (also read by /settings: the same choices and PIN outcomes). */
import type { CallStatus } from '../calls/status';

export interface SetupState {
  language: 'en' | 'it' | null;
  country: 'AU' | 'EN' | 'IT' | 'CH' | null;
  layoutRight: 0 | 1 | 2 | null;
  layoutLeft: 0 | 1 | 2 | null;
  /** The date-time page's clock, advanced every 60 s while the page shows. */
  dateTime: number | null;
  /** Whether a new PIN is held by the worker (never the PIN itself). */
  newPinHeld: boolean;
  /** `wrongCurrent`: /settings' PIN change, refused because the current PIN was wrong (403 wrong_pin). */
  pinError: 'notCorrect' | 'notMatch' | 'wrongCurrent' | 'tooManyAttempts' | 'unavailable' | null;
  /** Counts PIN answers, so the PIN entry can clear itself after each wrong one. */
  pinAttempts: number;
  pinChecking: boolean;
  /** After the back end's 429, when a login may be tried again (ms since the epoch), else null. */
  pinLockedUntil: number | null;
  save: CallStatus;
  saveError: string | null;
}

export function initialSetup(): SetupState {
  return {
    language: null,
    country: null,
    layoutRight: null,
    layoutLeft: null,
    dateTime: null,
    newPinHeld: false,
    pinError: null,
    pinAttempts: 0,
    pinChecking: false,
    pinLockedUntil: null,
    save: 'idle',
    saveError: null,
  };
}
