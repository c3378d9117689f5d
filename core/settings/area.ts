/** The /settings page: its saves, its PIN change, its date and time. */
import type { Area } from '../area';
import { enterSettings, leaveSettings, prefillSetup, SETTINGS_CALLS, SETTINGS_INTENTS } from './settingsPage';

export const settingsArea = {
  intents: SETTINGS_INTENTS,
  calls: SETTINGS_CALLS,
  enter: (d, ctx, path) => {
    if (path.startsWith('/fux/')) prefillSetup(d);
    if (path === '/settings') enterSettings(d, ctx);
  },
  leave: (d, ctx, from) => {
    if (from === '/settings') leaveSettings(d, ctx);
  },
} satisfies Area;
