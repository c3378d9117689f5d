/**
 * Every route, logged out (issue 34): the pages that change the robot or show staff data are guarded like /map,
 * the open ones stay open, and before the first use's terms there is no dashboard to be sent to.
 */
import { describe, expect, it } from 'vitest';
import { booted, COMPLETE_SETTINGS, loggedIn } from './harness';
import { FUX_PAGES, resolvePath } from '../../core/routes';
import { reaches } from '../../core/route/access';

const GUARDED = [
  '/missions',
  '/missions/new-quick-mission',
  '/missions/new-path-mission',
  '/map',
  '/mapping',
  '/mapping/wait',
  '/mapping/track',
  '/mapping/edit',
  '/node-lost',
  '/mission-data',
  '/diagnostic',
  '/control',
  '/joints',
  '/settings',
  '/fux/start-mapping',
];
const OPEN = ['/disclaimer', '/startup', '/user-dashboard', '/login', '/replay', '/movement/3'];

describe('route guards, logged out', () => {
  it('sends every page that changes the robot or shows staff data to the dashboard, remembering it', () => {
    for (const path of GUARDED) {
      expect(booted(path, COMPLETE_SETTINGS).state.route, path).toMatchObject({ path: '/user-dashboard', redirectAfterLogin: path });
      expect(loggedIn(path).state.route.path, path).toBe(path);
    }
  });

  it('keeps the open pages open', () => {
    for (const path of OPEN) expect(booted(path, COMPLETE_SETTINGS).state.route.path, path).toBe(path);
  });

  it('guards the mapping editor with its query, and login returns to it whole', () => {
    const search = 'type=edit&location=%7B%22x%22%3A1%7D';
    const h = booted('/missions', COMPLETE_SETTINGS);
    h.send({ type: 'ui/navigated', path: '/mapping/edit', search });
    expect(h.state.route).toMatchObject({ path: '/user-dashboard', redirectAfterLogin: `/mapping/edit?${search}` });
  });

  it("opens /replay to a file or a link, but the kiosk's own log only after the login", () => {
    expect(resolvePath('/replay', false, 'log=%2Flogs%2Fa.jsonl&at=5').path).toBe('/replay');
    expect(resolvePath('/replay', false, 'at=5&log=own')).toEqual({ path: '/user-dashboard', guarded: true });
    expect(resolvePath('/replay', true, 'log=own').path).toBe('/replay');
    const h = booted('/replay', COMPLETE_SETTINGS);
    expect(reaches(h.state, '/replay', 'log=own')).toBe(false);
    h.send({ type: 'ui/navigated', path: '/replay', search: 'log=own' });
    expect(h.state.route).toMatchObject({ path: '/user-dashboard', redirectAfterLogin: '/replay?log=own' });
  });

  it('once a PIN exists, the wizard pages need the login; before that they are the first use', () => {
    for (const page of FUX_PAGES.filter((p) => p !== 'start-mapping' && p !== 'confirm-pin')) {
      expect(booted(`/fux/${page}`, COMPLETE_SETTINGS).state.route.path, page).toBe('/user-dashboard');
      const firstUse = { ...COMPLETE_SETTINGS, has_superadmin_pin: false, accepted_terms_of_service: false, admin_name: null };
      expect(booted(`/fux/${page}`, firstUse).state.route.path, page).toBe(`/fux/${page}`);
    }
  });

  it('before the terms and the profile there is no dashboard: guarded pages and the dashboard lead to the setup', () => {
    const fresh = { has_superadmin_pin: false };
    expect(booted('/user-dashboard', fresh).state.route.path).toBe('/fux/hello');
    expect(booted('/missions', fresh).state.route.path).toBe('/fux/hello');
    const basicsDone = { ...COMPLETE_SETTINGS, has_superadmin_pin: false, accepted_terms_of_service: false };
    const h = booted('/fux/tos', basicsDone);
    for (const path of ['/missions', '/map', '/settings', '/user-dashboard']) expect(reaches(h.state, path), path).toBe(false);
    h.send({ type: 'ui/navigated', path: '/map' });
    expect(h.state.route.path).toBe('/fux/hello-robot');
    // With the profile done (the PIN comes from the dashboard), the dashboard is there.
    expect(booted('/user-dashboard', { ...COMPLETE_SETTINGS, has_superadmin_pin: false }).state.route.path).toBe('/user-dashboard');
  });

  it('re-checks the page once the settings arrive after a reload', () => {
    const h = booted('/fux/robot-name');
    expect(h.state.route.path).toBe('/fux/robot-name');
    h.answer('api/settings', COMPLETE_SETTINGS);
    expect(h.state.route).toMatchObject({ path: '/user-dashboard', redirectAfterLogin: '/fux/robot-name' });
  });
});
