/** The first-use wizard: language, country, date and time, load layouts, the new PIN, mapping's start. */
import type { Area } from '../area';
import { onDraft } from '../turn';
import { spec } from '../calls/spec';
import { answerSchemas } from '../schemas/answers';
import { clearTimer } from '../timers';
import { navigate } from '../navigate';
import { confirmedNewPin } from '../session/session';
import { endWizardSession } from '../session/serverSession';
import * as wizard from './wizard';

export const wizardArea = {
  intents: {
    'ui/languageChosen': (d, _ctx, event) => {
      d.setup.language = event.language;
    },
    'ui/countryChosen': (d, _ctx, event) => {
      d.setup.country = event.country;
    },
    'ui/timeStepped': (d, _ctx, event) => wizard.timeStepped(d, event.field, event.by),
    'ui/loadLayoutChosen': (d, _ctx, event) => {
      if (event.side === 'left') d.setup.layoutLeft = event.layout;
      else d.setup.layoutRight = event.layout;
    },
    'ui/wizardContinued': (d, ctx, event) => wizard.wizardContinued(d, ctx, event.page, event.value),
    'ui/wizardBack': (d, ctx, event) => wizard.wizardBack(d, ctx, event.page),
    'ui/carouselExited': (d, ctx) => navigate(d, ctx, '/fux/hello'),
  },
  timers: { dateTimeMinute: onDraft(wizard.dateTimeMinuteDue) },
  calls: {
    settingsPatch: spec({
      schema: answerSchemas.settingsPatch,
      ok: (d, ctx, data, meta) => {
        if (meta?.purpose === 'confirmPin') {
          confirmedNewPin(d, ctx);
          endWizardSession(d, ctx);
        }
        wizard.settingsSaved(d, ctx, data, meta);
      },
      fail: wizard.saveFailed,
    }),
    dateTime: spec({ schema: answerSchemas.dateTime, ok: wizard.stepDone, fail: wizard.saveFailed }),
    mappingStart: spec({ schema: answerSchemas.mappingStart, ok: wizard.startMappingAnswered, fail: wizard.saveFailed }),
    followMeStart: spec({ schema: answerSchemas.followMeStart, ok: wizard.startMappingAnswered, fail: wizard.saveFailed }),
  },
  enter: (d, ctx, path) => {
    if (path === '/fux/choose-date-time') wizard.enterDateTime(d, ctx);
    // The new PIN is typed afresh each time its page shows.
    if (path === '/fux/choose-new-pin') wizard.forgetNewPin(d, ctx);
    // The new PIN is never stored, so a reload loses it: its confirmation then starts again from choosing it.
    if (path === '/fux/confirm-pin' && !d.setup.newPinHeld) navigate(d, ctx, '/fux/choose-new-pin', { replace: true });
    d.setup.save = d.setup.save === 'pending' ? 'pending' : 'idle';
    d.setup.saveError = null;
  },
  leave: (d, ctx, from, to) => {
    if (from === '/fux/choose-date-time') clearTimer(d.timers, 'dateTimeMinute');
    // The new PIN lives on only into its confirmation.
    if (from === '/fux/confirm-pin' || (from === '/fux/choose-new-pin' && to !== '/fux/confirm-pin')) {
      ctx.effects.push({ type: 'secret/clear', name: 'newPin' });
      d.setup.newPinHeld = false;
    }
  },
} satisfies Area;
