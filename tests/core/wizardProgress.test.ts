/**
 * The first use survives a reload: its answers live in the robot's settings, a reload (a new `shell/started`
 * on the same page) reads them back, a partly set robot is asked only for what is missing, and the wizard's
 * end is reached only with every setting set (issue 34).
 */
import { describe, expect, it } from 'vitest';
import { booted, COMPLETE_SETTINGS, loggedIn, type Harness } from './harness';
import { nextWizardPage, resumePage } from '../../core/wizard/progress';
import { WIZARD_NEXT } from '../../core/wizard/wizard';
import type { Settings } from '../../core/schemas/entities';

/** The settings as the back end answers them (the literals here are typed wider than the schema's). */
const next = (page: Parameters<typeof nextWizardPage>[0], s: object) => nextWizardPage(page, WIZARD_NEXT, s as Settings);

const FIRST_USE = { ...COMPLETE_SETTINGS, has_superadmin_pin: false };
const NOTHING_SET = {
  language: null,
  country: null,
  robot_name: null,
  admin_name: null,
  accepted_terms_of_service: false,
  has_superadmin_pin: false,
  load_location_layout_left: null,
  load_location_layout_right: null,
};

const go = (h: Harness, page: Parameters<typeof nextWizardPage>[0], value?: string) =>
  h.send(value === undefined ? { type: 'ui/wizardContinued', page } : { type: 'ui/wizardContinued', page, value });

describe('the wizard across a reload', () => {
  it('shows the saved choices again after a reload, on the page and one step back', () => {
    const saved = { ...NOTHING_SET, language: 'it', country: 'CH', robot_name: 'Robo', load_location_layout_right: 2 };
    const h = booted('/fux/choose-date-time', saved);
    expect(h.state.route.path).toBe('/fux/choose-date-time');
    expect(h.state.setup).toMatchObject({ language: 'it', country: 'CH', layoutRight: 2, layoutLeft: null });
    h.send({ type: 'ui/wizardBack', page: 'choose-date-time' });
    expect(h.state.route.path).toBe('/fux/choose-country');
    // Continue from the country sends the same choice again and goes on to the date and time.
    go(h, 'choose-country');
    expect(h.lastRequest('api/settings').body).toEqual({ country: 'CH' });
    h.answer('api/settings', saved);
    expect(h.state.route.path).toBe('/fux/choose-date-time');
  });

  it('a choice made on the page since the reload wins over the saved one', () => {
    const h = booted('/fux/choose-language', { ...NOTHING_SET, language: 'it' });
    h.send({ type: 'ui/languageChosen', language: 'en' });
    h.answer('api/settings', { ...NOTHING_SET, language: 'it' });
    expect(h.state.setup.language).toBe('en');
  });

  it('reloaded on every page, the page stays and Continue leads on', () => {
    // What is saved by the time each page shows, in a first use walked in order.
    const walk: [string, Record<string, unknown>][] = [
      ['hello', NOTHING_SET],
      ['choose-language', NOTHING_SET],
      ['choose-country', { ...NOTHING_SET, language: 'en' }],
      ['choose-date-time', { ...NOTHING_SET, language: 'en', country: 'IT' }],
      ['robot-name', { ...NOTHING_SET, language: 'en', country: 'IT' }],
      ['load-step-right', { ...NOTHING_SET, language: 'en', country: 'IT', robot_name: 'Node' }],
      ['load-step-left', { ...NOTHING_SET, language: 'en', country: 'IT', robot_name: 'Node', load_location_layout_right: 1 }],
      ['hello-robot', { ...FIRST_USE, accepted_terms_of_service: false, admin_name: null }],
      ['carousel', { ...FIRST_USE, accepted_terms_of_service: false, admin_name: null }],
      ['first-access', { ...FIRST_USE, accepted_terms_of_service: false, admin_name: null }],
      ['tos', { ...FIRST_USE, accepted_terms_of_service: false, admin_name: null }],
      ['complete-profile', { ...FIRST_USE, admin_name: null }],
      ['choose-new-pin', FIRST_USE],
    ];
    for (const [page, saved] of walk) {
      const h = booted(`/fux/${page}`, saved);
      expect(h.state.route.path, page).toBe(`/fux/${page}`);
    }
  });

  it('the new PIN cannot outlive a reload: confirm-pin without one held goes back to choose it', () => {
    const h = booted('/fux/confirm-pin', FIRST_USE);
    expect(h.state.route.path).toBe('/fux/choose-new-pin');
  });
});

describe('asking only for what is missing', () => {
  it('skips the pages whose setting is saved, from the greeting on', () => {
    const h = booted('/fux/hello', { ...COMPLETE_SETTINGS, language: null, has_superadmin_pin: false });
    go(h, 'hello');
    expect(h.state.route.path).toBe('/fux/choose-language');
    h.send({ type: 'ui/languageChosen', language: 'it' });
    go(h, 'choose-language');
    expect(h.lastRequest('api/settings').body).toEqual({ language: 'it' });
    // With the language saved nothing else is missing: the wizard's end.
    h.answer('api/settings', { ...COMPLETE_SETTINGS, language: 'it', has_superadmin_pin: false });
    expect(h.state.route.path).toBe('/user-dashboard');
  });

  it('asks the date and time after a country, and skips them otherwise', () => {
    const s = { ...NOTHING_SET, language: 'en', country: 'IT' };
    expect(next('choose-country', s)).toBe('/fux/choose-date-time');
    expect(next('choose-language', s)).toBe('/fux/robot-name');
    expect(next('choose-language', { ...s, country: null })).toBe('/fux/choose-country');
  });

  it('after the first access, skips terms already accepted', () => {
    const s = { ...FIRST_USE, admin_name: null };
    expect(next('first-access', s)).toBe('/fux/complete-profile');
    expect(next('first-access', { ...s, accepted_terms_of_service: false })).toBe('/fux/tos');
  });

  it('reaches its end only with every setting set: else it resumes where the setup is unfinished', () => {
    // The walk: a language lost to a reload must not let the wizard finish.
    const noLanguage = { ...FIRST_USE, language: null };
    expect(next('complete-profile', noLanguage)).toBe('/fux/hello');
    expect(next('complete-profile', FIRST_USE)).toBe('/user-dashboard');
    const h = booted('/fux/complete-profile', { ...noLanguage, admin_name: null });
    go(h, 'complete-profile', 'Ada');
    h.answer('api/settings', noLanguage);
    expect(h.state.route.path).toBe('/fux/hello');
    go(h, 'hello');
    expect(h.state.route.path).toBe('/fux/choose-language');
  });

  it('a robot whose settings are complete never starts into the wizard', () => {
    expect(resumePage(COMPLETE_SETTINGS as Settings)).toBeNull();
    const h = booted('/startup', COMPLETE_SETTINGS);
    h.advance(12_000);
    expect(h.state.route.path).toBe('/user-dashboard');
    // Reloaded on a wizard page once set up, the wizard needs the login like the other pages that change the robot.
    expect(booted('/fux/choose-language', COMPLETE_SETTINGS).state.route).toMatchObject({ path: '/user-dashboard', redirectAfterLogin: '/fux/choose-language' });
  });

  it('a set-up robot missing a setting asks for it after the login, then goes on to the missions', () => {
    const h = loggedIn('/fux/hello', { ...COMPLETE_SETTINGS, language: null });
    expect(h.state.route.path).toBe('/fux/hello');
    go(h, 'hello');
    h.send({ type: 'ui/languageChosen', language: 'en' });
    go(h, 'choose-language');
    h.answer('api/settings', COMPLETE_SETTINGS);
    expect(h.state.route.path).toBe('/user-dashboard');
    h.send({ type: 'ui/dashboardCardPressed' });
    expect(h.state.route.path).toBe('/missions');
  });
});
