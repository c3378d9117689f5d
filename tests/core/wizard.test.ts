import { describe, expect, it } from 'vitest';
import { booted, COMPLETE_SETTINGS, Harness, logIn, loggedIn } from './harness';
import type { EventInput } from './harness';
import { lockoutMs, pinWaitSeconds } from '../../core/session/auth';
import { formatLocalDateTime, wallClock } from '../../core/time';

const go = (h: Harness, e: EventInput) => h.send(e);

/** Steps the date page's hour and minute to hour:minute, one step of the difference each (no loop to hang on). */
function stepTimeTo(h: Harness, hour: number, minute: number) {
  const shown = () => wallClock(h.state.setup.dateTime!, h.state.clock.tzOffsetMinutes);
  go(h, { type: 'ui/timeStepped', field: 'hour', by: hour - shown().hour });
  go(h, { type: 'ui/timeStepped', field: 'minute', by: minute - shown().minute });
}

describe('startup', () => {
  it('redirects the index to /disclaimer and unknown paths to /missions, which needs a login', () => {
    expect(booted('/').state.route.path).toBe('/disclaimer');
    expect(booted('/no/such/page').state.route).toMatchObject({ path: '/user-dashboard', redirectAfterLogin: '/no/such/page' });
    expect(booted('/movement/12').state.route.path).toBe('/movement/12');
    const h = booted('/no/such/page', COMPLETE_SETTINGS);
    logIn(h);
    expect(h.state.route.path).toBe('/missions');
    go(h, { type: 'ui/navigated', path: '/elsewhere' });
    expect(h.state.route.path).toBe('/missions');
  });

  it('guards the missions pages, /control and /joints behind login, but not /movement', () => {
    for (const path of ['/missions', '/missions/new-quick-mission', '/missions/new-path-mission', '/control', '/joints', '/map', '/mission-data', '/diagnostic']) {
      expect(booted(path).state.route).toMatchObject({ path: '/user-dashboard', redirectAfterLogin: path });
      expect(loggedIn(path).state.route.path).toBe(path);
    }
    expect(booted('/movement/3').state.route.path).toBe('/movement/3');
  });

  it('guards /diagnostic, /map and /mission-data behind login, remembering where the person wanted to go', () => {
    const h = booted('/missions');
    go(h, { type: 'ui/navigated', path: '/diagnostic' });
    expect(h.state.route).toMatchObject({ path: '/user-dashboard', redirectAfterLogin: '/diagnostic', replace: true });
  });

  it("'Let's start!' resets, clears the startup settings and goes to /startup, which fades in and leaves by the settings", () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, '/fux/hello'],
      [{ ...COMPLETE_SETTINGS, admin_name: null, has_superadmin_pin: false }, '/fux/hello-robot'],
      // Once a PIN exists the wizard's pages change a configured robot: they need the login first.
      [{ ...COMPLETE_SETTINGS, admin_name: null }, '/user-dashboard'],
      [{ ...COMPLETE_SETTINGS, load_location_layout_left: null, has_superadmin_pin: false }, '/fux/hello'],
      [{ ...COMPLETE_SETTINGS, load_location_layout_left: null }, '/user-dashboard'],
      [COMPLETE_SETTINGS, '/user-dashboard'],
    ];
    for (const [settings, target] of cases) {
      const h = booted('/disclaimer', COMPLETE_SETTINGS);
      go(h, { type: 'ui/disclaimerAccepted' });
      expect(h.lastRequest('api/reset-prize').method).toBe('GET');
      expect(h.state.settings.data).toBeNull();
      expect(h.state.route.path).toBe('/startup');
      h.answer('api/settings', settings);
      h.advance(1_999);
      expect(h.state.startup.logoVisible).toBe(false);
      h.advance(1);
      expect(h.state.startup.logoVisible).toBe(true);
      h.advance(9_999);
      expect(h.state.route.path).toBe('/startup');
      h.advance(1);
      expect(h.state.route.path).toBe(target);
    }
  });

  it('stays on /startup with the failure when the startup data cannot be read, and leaves after a retry', () => {
    const h = booted('/startup');
    h.fail('api/settings');
    h.advance(12_000);
    expect(h.state.route.path).toBe('/startup');
    expect(h.state.settings.status).toBe('failed');
    go(h, { type: 'ui/startupRetried' });
    expect(h.state.settings.status).toBe('pending');
    h.answer('api/settings', COMPLETE_SETTINGS);
    expect(h.state.route.path).toBe('/user-dashboard');
  });
});

describe('first-use wizard', () => {
  it('walks the pages in order, saving what each page says, with Continue refused until valid', () => {
    const h = booted('/fux/hello', {});
    go(h, { type: 'ui/wizardContinued', page: 'hello' });
    expect(h.state.route.path).toBe('/fux/choose-language');
    go(h, { type: 'ui/wizardContinued', page: 'choose-language' });
    expect(h.state.route.path).toBe('/fux/choose-language');
    go(h, { type: 'ui/languageChosen', language: 'it' });
    go(h, { type: 'ui/wizardContinued', page: 'choose-language' });
    // Each answer is saved as it is confirmed: a reload reads it back from the robot.
    expect(h.lastRequest('api/settings')).toMatchObject({ method: 'PATCH', body: { language: 'it' } });
    h.answer('api/settings', { language: 'it' });
    expect(h.state.route.path).toBe('/fux/choose-country');
    go(h, { type: 'ui/countryChosen', country: 'IT' });
    go(h, { type: 'ui/wizardContinued', page: 'choose-country' });
    expect(h.lastRequest('api/settings').body).toEqual({ country: 'IT' });
    h.answer('api/settings', { language: 'it', country: 'IT' });
    expect(h.state.route.path).toBe('/fux/choose-date-time');
    h.advance(60_000);
    stepTimeTo(h, 14, 5);
    go(h, { type: 'ui/wizardContinued', page: 'choose-date-time' });
    expect(h.lastRequest('api/datetime').body).toEqual({ date: '2026-11-22', time: '14:05' });
    h.answer('api/datetime', {});
    expect(h.state.route.path).toBe('/fux/robot-name');
    const patches = () => h.requests('api/settings').filter((r) => r.method === 'PATCH').length;
    const before = patches();
    go(h, { type: 'ui/wizardContinued', page: 'robot-name', value: '   ' });
    expect(patches()).toBe(before);
    go(h, { type: 'ui/wizardContinued', page: 'robot-name', value: '  Node  ' });
    expect(h.lastRequest('api/settings')).toMatchObject({ method: 'PATCH', body: { robot_name: 'Node' } });
    h.answer('api/settings', { robot_name: 'Node', language: 'it', country: 'IT' });
    expect(h.state.route.path).toBe('/fux/load-step-right');
    go(h, { type: 'ui/loadLayoutChosen', side: 'right', layout: 2 });
    go(h, { type: 'ui/wizardContinued', page: 'load-step-right' });
    expect(h.lastRequest('api/settings').body).toEqual({ load_location_layout_right: 2 });
    h.answer('api/settings', { robot_name: 'Node', language: 'it', country: 'IT', load_location_layout_right: 2 });
    expect(h.state.route.path).toBe('/fux/load-step-left');
    go(h, { type: 'ui/loadLayoutChosen', side: 'left', layout: 0 });
    go(h, { type: 'ui/wizardContinued', page: 'load-step-left' });
    expect(h.lastRequest('api/settings').body).toEqual({ load_location_layout_right: 2, load_location_layout_left: 0 });
    h.answer('api/settings', { ...COMPLETE_SETTINGS, accepted_terms_of_service: false, admin_name: null, has_superadmin_pin: false });
    expect(h.state.route.path).toBe('/fux/hello-robot');
    go(h, { type: 'ui/wizardContinued', page: 'hello-robot' });
    go(h, { type: 'ui/wizardContinued', page: 'carousel' });
    expect(h.state.route.path).toBe('/fux/first-access');
  });

  it("the carousel's Exit goes back to the start of the wizard", () => {
    const h = booted('/fux/carousel');
    go(h, { type: 'ui/carouselExited' });
    expect(h.state.route.path).toBe('/fux/hello');
  });

  it('goes one step back with Back', () => {
    const h = booted('/fux/load-step-left');
    go(h, { type: 'ui/wizardBack', page: 'load-step-left' });
    expect(h.state.route.path).toBe('/fux/load-step-right');
  });

  it('advances the date page clock every 60 s', () => {
    const h = booted('/fux/choose-date-time');
    const start = h.state.setup.dateTime!;
    h.advance(60_000);
    expect(h.state.setup.dateTime).toBe(start + 60_000);
    go(h, { type: 'ui/navigated', path: '/fux/robot-name' });
    expect(h.state.timers.dateTimeMinute).toBeUndefined();
  });

  it('steps the hour and the minute each on its own, every press counting, wrapping within the day', () => {
    // 23:59 local in a zone an hour ahead of UTC (offset -60), on 22 Nov.
    const h = new Harness(Date.UTC(2026, 10, 22, 22, 59, 30));
    go(h, { type: 'shell/started', path: '/fux/choose-date-time', seed: 1, clientId: 'c', tzOffsetMinutes: -60 });
    const shown = () => formatLocalDateTime(h.state.setup.dateTime!, -60);
    expect(shown()).toEqual({ date: '2026-11-22', time: '23:59' });
    // Two presses sent before either was drawn are two steps: each applies to what the core holds.
    go(h, { type: 'ui/timeStepped', field: 'hour', by: 1 });
    go(h, { type: 'ui/timeStepped', field: 'hour', by: 1 });
    expect(shown()).toEqual({ date: '2026-11-22', time: '01:59' });
    go(h, { type: 'ui/timeStepped', field: 'minute', by: 1 });
    expect(shown()).toEqual({ date: '2026-11-22', time: '01:00' });
    go(h, { type: 'ui/timeStepped', field: 'minute', by: -1 });
    go(h, { type: 'ui/timeStepped', field: 'hour', by: -2 });
    expect(shown()).toEqual({ date: '2026-11-22', time: '23:59' });
    // The page's clock moves on, into the next day; a later hour step keeps the minute and the day it moved to.
    h.advance(60_000);
    expect(shown()).toEqual({ date: '2026-11-23', time: '00:00' });
    go(h, { type: 'ui/timeStepped', field: 'hour', by: 1 });
    expect(shown()).toEqual({ date: '2026-11-23', time: '01:00' });
    // Nothing that is not a whole step moves it.
    for (const by of [0.5, Number.NaN, Number.POSITIVE_INFINITY]) go(h, { type: 'ui/timeStepped', field: 'hour', by });
    expect(shown()).toEqual({ date: '2026-11-23', time: '01:00' });
  });

  it('keeps the page and says so when a save fails', () => {
    const h = booted('/fux/complete-profile', { ...COMPLETE_SETTINGS, admin_name: null, has_superadmin_pin: false });
    go(h, { type: 'ui/wizardContinued', page: 'complete-profile', value: 'Ada' });
    expect(h.state.setup.save).toBe('pending');
    h.answer('api/settings', 'internal', 500);
    expect(h.state.setup).toMatchObject({ save: 'failed', saveError: 'failed: internal' });
    expect(h.state.route.path).toBe('/fux/complete-profile');
  });
});

describe('PINs', () => {
  it('checks the first-access PIN on the back end with a secret placeholder, never the PIN', () => {
    const h = booted('/fux/first-access');
    go(h, { type: 'ui/pinSubmitted', purpose: 'firstAccess' });
    const req = h.lastRequest('api/auth');
    expect(req.body).toEqual({ pin: { $secret: 'pin' } });
    h.answer('api/auth', { isCorrect: false });
    expect(h.state.setup).toMatchObject({ pinError: 'notCorrect', pinAttempts: 1 });
    go(h, { type: 'ui/pinSubmitted', purpose: 'firstAccess' });
    const fx = h.answer('api/auth', { isCorrect: true });
    expect(fx).toContainEqual({ type: 'secret/clear', name: 'pin' });
    expect(h.state.route.path).toBe('/fux/tos');
  });

  it('logs in, then goes to the saved redirect with a map or to start-mapping without one', () => {
    const h = booted('/login', COMPLETE_SETTINGS);
    go(h, { type: 'ui/pinSubmitted', purpose: 'login' });
    h.answer('api/auth/login', { isCorrect: false });
    expect(h.state.setup.pinError).toBe('notMatch');
    go(h, { type: 'ui/pinSubmitted', purpose: 'login' });
    h.answer('api/auth/login', { isCorrect: true });
    expect(h.state.session.login).toBe(true);
    h.answer('api/map/latest', { image: 'iVBOR', origin: { x: 0, y: 0 }, resolution: 0.05, robot: { x: 0, y: 0, orientation: 0 } });
    expect(h.state.route.path).toBe('/missions');

    const g = booted('/login', COMPLETE_SETTINGS);
    go(g, { type: 'ui/pinSubmitted', purpose: 'login' });
    g.answer('api/auth/login', { isCorrect: true });
    g.answer('api/map/latest', {});
    expect(g.state.route.path).toBe('/fux/start-mapping');
  });

  it('shows the wait message on 429 after too many wrong PINs', () => {
    const h = booted('/login', COMPLETE_SETTINGS);
    go(h, { type: 'ui/pinSubmitted', purpose: 'login' });
    h.answer('api/auth/login', 'too_many_attempts', 429);
    expect(h.state.setup.pinError).toBe('tooManyAttempts');
  });

  it('after a 429 waits the time the back end names, refusing logins until then, with a countdown', () => {
    const h = booted('/login', COMPLETE_SETTINGS);
    go(h, { type: 'ui/pinSubmitted', purpose: 'login' });
    h.answer('api/auth/login', 'too many wrong PINs; try again in 20 s', 429);
    expect(h.state.setup.pinLockedUntil).toBe(h.now + 20_000);
    h.advance(5_000);
    expect(pinWaitSeconds(h.state)).toBe(15);
    const before = h.requests('api/auth/login').length;
    go(h, { type: 'ui/pinSubmitted', purpose: 'login' });
    expect(h.requests('api/auth/login')).toHaveLength(before);
    expect(h.state.setup).toMatchObject({ pinError: 'tooManyAttempts', pinChecking: false });
    h.advance(15_000);
    expect(pinWaitSeconds(h.state)).toBe(0);
    go(h, { type: 'ui/pinSubmitted', purpose: 'login' });
    expect(h.requests('api/auth/login')).toHaveLength(before + 1);
    expect(h.state.setup.pinLockedUntil).toBeNull();
  });

  it('reads the lockout from the message, else the contract 30 s', () => {
    expect(lockoutMs('try again in 12 s')).toBe(12_000);
    expect(lockoutMs('failed: too_many_attempts')).toBe(30_000);
  });

  it('confirms the new PIN only when the worker says it matched, then saves it as a secret', () => {
    const h = booted('/user-dashboard', { ...COMPLETE_SETTINGS, has_superadmin_pin: false });
    go(h, { type: 'ui/dashboardCardPressed' });
    expect(h.state.route.path).toBe('/fux/choose-new-pin');
    go(h, { type: 'ui/wizardContinued', page: 'choose-new-pin' });
    expect(h.state.route.path).toBe('/fux/choose-new-pin');
    go(h, { type: 'ui/pinSubmitted', purpose: 'newPin' });
    go(h, { type: 'ui/wizardContinued', page: 'choose-new-pin' });
    expect(h.state.route.path).toBe('/fux/confirm-pin');
    go(h, { type: 'ui/pinSubmitted', purpose: 'confirmPin', match: false });
    expect(h.state.setup.pinError).toBe('notMatch');
    go(h, { type: 'ui/pinSubmitted', purpose: 'confirmPin', match: true });
    expect(h.lastRequest('api/settings').body).toEqual({ superadmin_pin: { $secret: 'newPin' } });
    const fx = h.answer('api/settings', COMPLETE_SETTINGS);
    expect(fx).toContainEqual({ type: 'secret/clear', name: 'newPin' });
    expect(h.state.route.path).toBe('/user-dashboard');
    go(h, { type: 'ui/dashboardCardPressed' });
    expect(h.state.route.path).toBe('/login');
  });

  it('going back from choose-new-pin clears the held PIN', () => {
    const h = booted('/fux/choose-new-pin');
    go(h, { type: 'ui/pinSubmitted', purpose: 'newPin' });
    const fx = go(h, { type: 'ui/wizardBack', page: 'choose-new-pin' });
    expect(fx).toContainEqual({ type: 'secret/clear', name: 'newPin' });
    expect(h.state.setup.newPinHeld).toBe(false);
  });
});

describe('movement and follow', () => {
  it('dispatches movement/ready after 1 s, counts down, and opens the movement page from noMission', () => {
    const h = booted('/missions');
    h.ws('movement/ready', { mission_definition_id: 4, step_index: 0, duration: 10 });
    h.advance(999);
    expect(h.state.movement.state).toBe('noMission');
    h.advance(1);
    expect(h.state.movement).toMatchObject({ state: 'departing', missionId: 4, timerSeconds: 10 });
    expect(h.state.route.path).toBe('/movement/4');
    h.advance(3_000);
    expect(h.state.movement.timerSeconds).toBe(7);
    h.ws('movement/started', { mission_definition_id: 4, step_index: 0 });
    expect(h.state.movement).toMatchObject({ state: 'moving', timerSeconds: 0 });
    h.ws('movement/arriving', { mission_definition_id: 4, step_index: 0 });
    h.ws('movement/completed', { mission_definition_id: 4, step_index: 0 });
    expect(h.state.movement.state).toBe('inActivity');
    h.ws('movement/failed', { mission_definition_id: 4, step_index: 0 });
    expect(h.state.movement.state).toBe('failed');
  });

  it('moves from /mapping/wait to /mapping/track when the robot follows someone', () => {
    const h = loggedIn('/mapping/wait');
    h.ws('robot/userFollowed');
    expect(h.state.route.path).toBe('/mapping/track');
    h.ws('robot/lostFollowedUser');
    expect(h.state.follow.following).toBe(false);
  });
});
