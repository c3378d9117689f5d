/** The session area: the shell's start, login and first access by PIN, power off, the dashboard card. */
import type { Area } from '../area';
import { spec } from '../calls/spec';
import { answerSchemas, anyObject } from '../schemas/answers';
import * as auth from './auth';
import { powerOffConfirmed, shellStarted } from './session';
import { shutdownDismissed, shutdownFailed } from '../connection/shutdown';
import { settingsPinSubmitted } from '../settings/pinChange';
import { logOut, logoutDone, sessionAnswered, sessionCheckFailed } from './serverSession';
import { navigate } from '../navigate';

const ignore = () => undefined;
/** Calls not yet wired to a slice log their outcome only. */
const logOnly = spec({ schema: anyObject, empty: {}, ok: ignore, fail: ignore });
const PIN_PAGES = new Set(['/login', '/fux/first-access', '/fux/choose-new-pin', '/fux/confirm-pin']);

export const sessionArea = {
  intents: {
    'shell/started': (d, ctx, event) => shellStarted(d, ctx, event),
    'ui/powerOffConfirmed': (d, ctx) => powerOffConfirmed(d, ctx),
    'ui/shutdownNoticeDismissed': (d) => shutdownDismissed(d),
    'ui/dashboardCardPressed': (d, ctx) => auth.dashboardCardPressed(d, ctx),
    'ui/loginPressed': () => undefined,
    'ui/logoutPressed': (d, ctx) => {
      logOut(d, ctx);
      navigate(d, ctx, '/user-dashboard');
    },
    'ui/pinSubmitted': (d, ctx, event) => {
      // The PINs of /settings (the current one, the new one's confirmation) are its own; the others the wizard's.
      if (!settingsPinSubmitted(d, ctx, event.purpose, event.match)) auth.pinSubmitted(d, ctx, event.purpose, event.match);
    },
    'ui/pinCleared': (d, ctx, event) => auth.pinCleared(d, ctx, event.purpose),
  },
  calls: {
    resetPrize: logOnly,
    // Refused or unanswered, the robot stays on: the kiosk stops saying it is shutting down.
    shutdown: spec({ schema: anyObject, empty: {}, ok: ignore, fail: (d) => shutdownFailed(d) }),
    auth: spec({ schema: answerSchemas.auth, ok: auth.firstAccessAnswered, fail: auth.firstAccessFailed }),
    login: spec({ schema: answerSchemas.login, ok: auth.loginAnswered, fail: auth.loginFailed }),
    sessionRead: spec({ schema: answerSchemas.session, ok: sessionAnswered, fail: sessionCheckFailed }),
    // A back end without sessions answers 404 or 405, or not in JSON: the sockets reopen all the same, harmlessly.
    logout: spec({ schema: answerSchemas.logout, empty: {}, ok: logoutDone, fail: logoutDone }),
    latestMap: spec({ schema: answerSchemas.latestMap, empty: {}, ok: auth.latestMapAnswered, fail: auth.latestMapFailed }),
  },
  enter: (d, _ctx, path) => {
    if (PIN_PAGES.has(path)) d.setup.pinError = null;
  },
  // A typed PIN never outlives its page.
  leave: (d, ctx, from) => {
    if (from === '/login' || from === '/fux/first-access') ctx.effects.push({ type: 'secret/clear', name: 'pin' });
    // "Your session ended" is said on this /login only.
    if (from === '/login') delete d.session.ended;
  },
} satisfies Area;
