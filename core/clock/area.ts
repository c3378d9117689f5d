/** The clock area: the top bar's time, advanced by its own timer. */
import type { Area } from '../area';
import { onDraft } from '../turn';
import { clockDue } from './clock';

export const clockArea = {
  timers: { clock: onDraft(clockDue) },
} satisfies Area;
