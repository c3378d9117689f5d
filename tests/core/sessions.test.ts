/**
 * The back end's session as the core sees it (api.md, Sessions; issue 35): the check after a reload, logouts
 * that reach the server, a 401 that asks for the PIN and returns to the page, sockets renewed with the cookie,
 * and a back end of the older contract that knows none of it.
 */
import { describe, expect, it } from 'vitest';
import { COMPLETE_SETTINGS, Harness, SOME_MAP, booted, logIn, loggedIn } from './harness';
import { LOCK_AFTER_MS } from '../../core/lock/lock';

const RENEW = { type: 'sockets/renew' };

describe('the session after a reload', () => {
  it('a start asks GET api/auth/session; a live session stays logged in and returns to the page reloaded', () => {
    const h = booted('/settings', COMPLETE_SETTINGS);
    expect(h.lastRequest('api/auth/session').method).toBe('GET');
    // The guard sent the start to the dashboard until the answer comes.
    expect(h.state.route.path).toBe('/user-dashboard');
    h.answer('api/auth/session', { active: true });
    expect(h.state.session.login).toBe(true);
    expect(h.state.route.path).toBe('/settings');
    expect(h.requests('api/auth/login')).toHaveLength(0);
  });

  it('an ended session leaves the person logged out where the guard put them', () => {
    const h = booted('/settings', COMPLETE_SETTINGS);
    h.answer('api/auth/session', { active: false });
    expect(h.state.session.login).toBe(false);
    expect(h.state.route.path).toBe('/user-dashboard');
  });

  it('a live session on an open page keeps the page: the dashboard card goes to the missions', () => {
    const h = booted('/user-dashboard', COMPLETE_SETTINGS);
    h.answer('api/auth/session', { active: true });
    expect(h.state.route.path).toBe('/user-dashboard');
    h.send({ type: 'ui/dashboardCardPressed' });
    expect(h.state.route.path).toBe('/missions');
  });

  it('an answer that comes after the person moved on changes nothing', () => {
    const h = booted('/settings', COMPLETE_SETTINGS);
    h.send({ type: 'ui/navigated', path: '/login' });
    h.answer('api/auth/session', { active: true });
    expect(h.state.route.path).toBe('/login');
    // A late "not active" never logs out a person who has logged in since.
    const g = booted('/missions', COMPLETE_SETTINGS);
    logIn(g);
    g.answer('api/auth/session', { active: false });
    expect(g.state.session.login).toBe(true);
    expect(g.state.route.path).toBe('/missions');
  });

  it.each([
    ['404', (h: Harness) => h.answer('api/auth/session', 'not_found', 404)],
    ['405', (h: Harness) => h.answer('api/auth/session', 'method_not_allowed', 405)],
    ['a non-JSON answer', (h: Harness) => h.fail('api/auth/session', 'non-JSON answer with status 200')],
  ])('a back end without sessions (%s): logged out as before, nothing else changes', (_name, answer) => {
    const h = booted('/missions', COMPLETE_SETTINGS);
    answer(h);
    expect(h.state.session.login).toBe(false);
    expect(h.state.route.path).toBe('/user-dashboard');
    expect(h.state.rejections.count).toBe(0);
    logIn(h);
    expect(h.state.route.path).toBe('/missions');
  });
});

describe('logging out reaches the server', () => {
  it('the inactivity lock calls POST api/auth/logout; its answer renews the sockets', () => {
    const h = loggedIn('/missions');
    h.advance(LOCK_AFTER_MS);
    expect(h.state.session).toMatchObject({ lock: true, login: false });
    expect(h.lastRequest('api/auth/logout').method).toBe('POST');
    expect(h.answer('api/auth/logout', {})).toContainEqual(RENEW);
  });

  it('a lock while logged out has no session to end', () => {
    const h = booted('/user-dashboard', COMPLETE_SETTINGS);
    h.advance(LOCK_AFTER_MS);
    expect(h.state.session.lock).toBe(true);
    expect(h.requests('api/auth/logout')).toHaveLength(0);
  });

  it('a stopped mission logs out on the server too', () => {
    const h = loggedIn('/missions');
    h.ws('movement/ready', { mission_definition_id: 7, step_index: 0, duration: 10 });
    h.advance(1_000);
    expect(h.state.route.path).toBe('/movement/7');
    h.send({ type: 'ui/movementTapped' });
    h.send({ type: 'ui/movementStopAsked' });
    h.send({ type: 'ui/movementCancelled' });
    expect(h.state.route.path).toBe('/login');
    expect(h.state.session.login).toBe(false);
    expect(h.requests('api/auth/logout')).toHaveLength(1);
  });

  it("the side menu's Log out ends the session and goes to the dashboard", () => {
    const h = loggedIn('/diagnostic');
    h.send({ type: 'ui/logoutPressed' });
    expect(h.state.session.login).toBe(false);
    expect(h.state.route.path).toBe('/user-dashboard');
    expect(h.lastRequest('api/auth/logout').method).toBe('POST');
  });

  it.each([405, 404])('a back end without logout (%i) breaks nothing: the sockets renew, nothing is rejected', (status) => {
    const h = loggedIn('/diagnostic');
    h.send({ type: 'ui/logoutPressed' });
    expect(h.answer('api/auth/logout', 'not_found', status)).toContainEqual(RENEW);
    expect(h.state.rejections.count).toBe(0);
    expect(h.state.route.path).toBe('/user-dashboard');
  });
});

describe('the sockets follow the session', () => {
  it('a right login PIN renews /ws and teleop; a wrong one does not', () => {
    const h = booted('/login', COMPLETE_SETTINGS);
    h.send({ type: 'ui/pinSubmitted', purpose: 'login' });
    expect(h.answer('api/auth/login', { isCorrect: false })).not.toContainEqual(RENEW);
    h.send({ type: 'ui/pinSubmitted', purpose: 'login' });
    expect(h.answer('api/auth/login', { isCorrect: true })).toContainEqual(RENEW);
  });

  it('the first-access PIN starts the wizard session: the sockets renew', () => {
    const h = booted('/fux/first-access', { ...COMPLETE_SETTINGS, has_superadmin_pin: false });
    h.send({ type: 'ui/pinSubmitted', purpose: 'firstAccess' });
    expect(h.answer('api/auth', { isCorrect: true })).toContainEqual(RENEW);
  });
});

describe('a 401 unauthenticated', () => {
  it('shows /login, and after the login the page it was on with the draft as typed', () => {
    const h = loggedIn('/missions');
    h.send({ type: 'ui/newMissionChosen', kind: 'path' });
    expect(h.state.route.path).toBe('/missions/new-path-mission');
    h.send({ type: 'ui/pathNameChanged', name: 'Ward round' });
    // The session ended on the server; the next call says so.
    h.send({ type: 'ui/missionsReloadPressed' });
    h.answer('api/missions/definitions', 'unauthenticated', 401);
    expect(h.state.route.path).toBe('/login');
    expect(h.state.session.login).toBe(false);
    h.send({ type: 'ui/pinSubmitted', purpose: 'login' });
    h.answer('api/auth/login', { isCorrect: true });
    h.answer('api/map/latest', SOME_MAP);
    expect(h.state.route.path).toBe('/missions/new-path-mission');
    expect(h.state.path.name).toBe('Ward round');
  });

  it("returns to the page's query too", () => {
    const h = loggedIn('/missions');
    h.send({ type: 'ui/navigated', path: '/mapping/edit', search: 'type=edit' });
    h.answer('api/destinations', 'unauthenticated', 401);
    expect(h.state.route.path).toBe('/login');
    logIn(h);
    expect(h.state.route).toMatchObject({ path: '/mapping/edit', search: 'type=edit' });
  });

  it('several at once: the first remembers the page, the others change nothing', () => {
    const h = loggedIn('/map');
    h.answer('api/destinations', 'unauthenticated', 401);
    h.answer('api/no-go-zones', 'unauthenticated', 401);
    expect(h.state.route.path).toBe('/login');
    logIn(h);
    expect(h.state.route.path).toBe('/map');
  });

  it('behind the lock, on a logged-out page or in the wizard without a PIN, only logs out', () => {
    const locked = loggedIn('/map');
    locked.advance(LOCK_AFTER_MS);
    locked.send({ type: 'ui/missionsReloadPressed' });
    locked.answer('api/destinations', 'unauthenticated', 401);
    expect(locked.state.route.path).toBe('/map');

    const wizard = booted('/fux/complete-profile', { ...COMPLETE_SETTINGS, has_superadmin_pin: false });
    wizard.send({ type: 'ui/wizardContinued', page: 'complete-profile', value: 'Ada' });
    wizard.answer('api/settings', 'unauthenticated', 401);
    expect(wizard.state.route.path).toBe('/fux/complete-profile');
  });

  it('another status (403) is the call\'s own failure, not a logout', () => {
    const h = loggedIn('/map');
    h.answer('api/destinations', 'forbidden_origin', 403);
    expect(h.state.session.login).toBe(true);
    expect(h.state.route.path).toBe('/map');
  });
});

describe('a log recorded before sessions', () => {
  it('a start without the shell\'s sessions flag makes no session calls, so recorded answers keep their ids', () => {
    const h = new Harness();
    h.send({ type: 'shell/started', path: '/missions', seed: 42, clientId: 'old-kiosk' });
    expect(h.requests('api/auth/session')).toHaveLength(0);
    expect(h.state.session.serverSessions).toBe(false);
    h.answer('api/settings', COMPLETE_SETTINGS);
    logIn(h);
    expect(h.state.session.login).toBe(true);
    h.advance(LOCK_AFTER_MS + 1000);
    expect(h.state.session.lock).toBe(true);
    expect(h.requests('api/auth/logout')).toHaveLength(0);
    expect(h.effects.filter((e) => e.type === 'sockets/renew')).toHaveLength(0);
  });
});

describe('a reload on a wizard page of a set-up robot', () => {
  it('returns there once the session is confirmed (the page is guarded only when the settings say a PIN exists)', () => {
    const h = booted('/fux/hello-robot', COMPLETE_SETTINGS);
    expect(h.state.route.path).toBe('/user-dashboard');
    h.answer('api/auth/session', { active: true });
    expect(h.state.session.login).toBe(true);
    expect(h.state.route.path).toBe('/fux/hello-robot');
  });
});
