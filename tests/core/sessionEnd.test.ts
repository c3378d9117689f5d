/**
 * Sessions that end (issue 42): the wizard's first-access session ends with the wizard, so the first login is a
 * real one; a back end that comes back is asked about the session at once, and an ended one sends the person to
 * /login saying so; an action the ended session refused goes out again after the login.
 */
import { describe, expect, it } from 'vitest';
import { COMPLETE_SETTINGS, booted, logIn, loggedIn, SOME_MAP } from './harness';
import { answerLoad } from './missions/fixtures';
import { RESEND_WITHIN_MS } from '../../core/calls/refused';

const NO_PIN = { ...COMPLETE_SETTINGS, has_superadmin_pin: false, admin_name: null, accepted_terms_of_service: false };

describe("the wizard's end", () => {
  it('ends the first-access session; the first login is a real one and, with no map, leads to start-mapping', () => {
    const h = booted('/fux/first-access', NO_PIN);
    h.send({ type: 'ui/pinSubmitted', purpose: 'firstAccess' });
    h.answer('api/auth', { isCorrect: true });
    h.send({ type: 'ui/navigated', path: '/fux/choose-new-pin' });
    h.send({ type: 'ui/pinSubmitted', purpose: 'newPin' });
    h.send({ type: 'ui/wizardContinued', page: 'choose-new-pin' });
    h.send({ type: 'ui/pinSubmitted', purpose: 'confirmPin', match: true });
    expect(h.requests('api/auth/logout')).toHaveLength(0);
    h.answer('api/settings', COMPLETE_SETTINGS);
    expect(h.state.route.path).toBe('/user-dashboard');
    expect(h.lastRequest('api/auth/logout').method).toBe('POST');
    expect(h.state.session.login).toBe(false);
    h.send({ type: 'ui/dashboardCardPressed' });
    expect(h.state.route.path).toBe('/login');
    h.send({ type: 'ui/pinSubmitted', purpose: 'login' });
    h.answer('api/auth/login', { isCorrect: true });
    h.answer('api/map/latest', {});
    expect(h.state.route.path).toBe('/fux/start-mapping');
  });
});

describe('the back end comes back', () => {
  it('asks GET api/auth/session at once; an ended session sends the person to /login, saying so, then back', () => {
    const h = loggedIn('/missions/new-quick-mission');
    const before = h.requests('api/auth/session').length;
    h.send({ type: 'ws/closed' });
    h.advance(5_000);
    h.send({ type: 'ws/opened' });
    expect(h.requests('api/auth/session')).toHaveLength(before + 1);
    h.answer('api/auth/session', { active: false });
    expect(h.state.route.path).toBe('/login');
    expect(h.state.session).toMatchObject({ login: false, ended: true });
    logIn(h);
    expect(h.state.route.path).toBe('/missions/new-quick-mission');
    expect(h.state.session.ended).toBeUndefined();
  });

  it('a live session stays; a renewed socket (after a login) is not asked about', () => {
    const h = loggedIn('/missions');
    const before = h.requests('api/auth/session').length;
    h.send({ type: 'ws/opened' });
    expect(h.requests('api/auth/session')).toHaveLength(before);
    h.send({ type: 'ws/closed' });
    h.send({ type: 'ws/opened' });
    h.answer('api/auth/session', { active: true });
    expect(h.state.route.path).toBe('/missions');
    expect(h.state.session.login).toBe(true);
  });

  it('logged out, nothing is asked', () => {
    const h = booted('/user-dashboard', COMPLETE_SETTINGS);
    h.answer('api/auth/session', { active: false });
    const before = h.requests('api/auth/session').length;
    h.send({ type: 'ws/closed' });
    h.send({ type: 'ws/opened' });
    expect(h.requests('api/auth/session')).toHaveLength(before);
  });
});

/** A quick mission filled in up to its start step. */
function filledQuick() {
  const h = loggedIn('/missions/new-quick-mission');
  answerLoad(h);
  h.send({ type: 'ui/quickChosen', field: 'destination', id: 2 });
  h.send({ type: 'ui/quickChosen', field: 'activity', id: 1 });
  h.send({ type: 'ui/quickChosen', field: 'who', id: 2 });
  h.send({ type: 'ui/quickSkipped' });
  h.send({ type: 'ui/quickSkipped' });
  return h;
}

describe('an action refused by an ended session', () => {
  it('Start mission: /login says the session ended; after the login the same call goes out again and the mission is made', () => {
    const h = filledQuick();
    h.send({ type: 'ui/quickStartPressed' });
    const first = h.lastRequest('api/mission/definition/quick');
    h.answer('api/mission/definition/quick', 'unauthenticated', 401);
    expect(h.state.route.path).toBe('/login');
    expect(h.state.session.ended).toBe(true);
    // Not failed: no error on the draft, which stays.
    expect(h.state.missions.saveError).toBeNull();
    expect(h.state.quick.destination).toBe(2);
    h.send({ type: 'ui/pinSubmitted', purpose: 'login' });
    h.answer('api/auth/login', { isCorrect: true });
    // Not before the login has gone where it leads.
    expect(h.requests('api/mission/definition/quick')).toHaveLength(1);
    h.answer('api/map/latest', SOME_MAP);
    const again = h.lastRequest('api/mission/definition/quick');
    expect(again.id).not.toBe(first.id);
    expect(again.body).toEqual(first.body);
    h.answer('api/mission/definition/quick', { id: 50, name: '', created_at: '2026-11-22T09:31:00Z', steps: [] });
    expect(h.state.route.path).toBe('/missions');
    expect(h.state.missions.queued).toContain(50);
    expect(h.state.session.refused).toBeUndefined();
  });

  it('Go to Base: after the login the charge is asked again, and the low-battery alert does not come back', () => {
    const h = loggedIn('/missions');
    answerLoad(h);
    h.ws('robot/alert_update', { activated_errors: [], activated_warnings: ['battery_1_low'], resolved_errors: [], resolved_warnings: [] });
    h.send({ type: 'ui/chargingMissionPressed' });
    h.answer('api/mission/charging', 'unauthenticated', 401);
    expect(h.state.route.path).toBe('/login');
    expect(h.state.missions.charging).toBe('pending');
    logIn(h);
    expect(h.requests('api/mission/charging')).toHaveLength(2);
    h.answer('api/mission/charging', { id: 30, name: '', kind: 'charging', created_at: '2026-11-22T09:30:00Z', steps: [{ destination_id: 1, activities: [] }] });
    expect(h.state.missions).toMatchObject({ charging: 'idle', queued: [30] });
    expect(h.state.route.path).toBe('/missions');
  });

  it('a login long after fails the action as a refusal would, and sends nothing', () => {
    const h = filledQuick();
    h.send({ type: 'ui/quickStartPressed' });
    h.answer('api/mission/definition/quick', 'unauthenticated', 401);
    h.advance(RESEND_WITHIN_MS + 1_000);
    logIn(h);
    expect(h.requests('api/mission/definition/quick')).toHaveLength(1);
    expect(h.state.missions.save).toBe('failed');
    expect(h.state.quick.destination).toBe(2);
  });

  it('a call that is not an action (a load) fails as before', () => {
    const h = loggedIn('/missions');
    h.answer('api/missions/definitions', 'unauthenticated', 401);
    expect(h.state.route.path).toBe('/login');
    expect(h.state.session.refused).toBeUndefined();
  });
});
