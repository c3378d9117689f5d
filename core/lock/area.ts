/** The lock area: the 900 s inactivity lock, its greeting, and the person's activity that postpones it. */
import type { Area } from '../area';
import { onDraft } from '../turn';
import { greetingDue, lockDue, unlock, userActive } from './lock';

export const lockArea = {
  intents: {
    'ui/activity': (d, ctx) => userActive(d, ctx),
    'ui/unlockPressed': (d, ctx) => unlock(d, ctx),
  },
  timers: {
    lock: onDraft(lockDue),
    lockGreeting: onDraft(greetingDue),
  },
} satisfies Area;
