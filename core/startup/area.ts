/** The start-up area: the logo page, the settings read, the disclaimer. */
import type { Area } from '../area';
import { onDraft } from '../turn';
import { spec } from '../calls/spec';
import { answerSchemas } from '../schemas/answers';
import { disclaimerAccepted, enterStartup, exitStartup, leaveStartup, retryStartup, settingsFailed, settingsLoaded, startupFadeDue } from './startup';

export const startupArea = {
  intents: {
    'ui/disclaimerAccepted': (d, ctx) => {
      d.setup.language = null;
      d.setup.country = null;
      return disclaimerAccepted(d, ctx);
    },
    'ui/startupRetried': (d, ctx) => retryStartup(d, ctx),
  },
  timers: {
    startupFade: onDraft(startupFadeDue),
    startupGo: onDraft(leaveStartup),
  },
  // No default: empty settings would send a configured robot back into the first-use wizard.
  calls: { settings: spec({ schema: answerSchemas.settingsRead, ok: settingsLoaded, fail: settingsFailed }) },
  enter: (d, ctx, path) => {
    if (path === '/startup') enterStartup(d, ctx);
  },
  leave: (d, _ctx, from) => {
    if (from === '/startup') exitStartup(d);
  },
} satisfies Area;
