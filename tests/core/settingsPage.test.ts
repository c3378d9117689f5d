/** /settings in the core: each value saved on its own, the date and time, the PIN change in three steps. */
import { describe, expect, it } from 'vitest';
import { COMPLETE_SETTINGS, booted, loggedIn } from './harness';

const saved = (patch: Record<string, unknown>) => ({ ...COMPLETE_SETTINGS, ...patch });

/** The current PIN typed, and the back end's check says it is right. */
function currentRight(h: ReturnType<typeof loggedIn>): void {
  h.send({ type: 'ui/pinSubmitted', purpose: 'currentPin' });
  h.answer('api/auth/check', { isCorrect: true });
}

describe('settings page', () => {
  it('is behind the login', () => {
    const h = booted('/settings', COMPLETE_SETTINGS);
    expect(h.state.route.path).toBe('/user-dashboard');
  });

  it('saves each value with its own patch and the wizard rules; the saved language speaks at once', () => {
    const h = loggedIn('/settings');
    h.send({ type: 'ui/settingSaved', field: 'language', value: 'it' });
    expect(h.lastRequest('api/settings')).toMatchObject({ method: 'PATCH', body: { language: 'it' } });
    expect(h.state.settingsPage).toMatchObject({ save: 'pending', section: 'language' });
    h.answer('api/settings', saved({ language: 'it' }));
    expect(h.state.settingsPage.save).toBe('saved');
    expect(h.state.settings.data?.language).toBe('it');
    expect(h.state.setup.language).toBe('it');

    h.send({ type: 'ui/settingSaved', field: 'robot_name', value: '  Robo  ' });
    expect(h.lastRequest('api/settings').body).toEqual({ robot_name: 'Robo' });
    h.answer('api/settings', saved({ robot_name: 'Robo' }));
    const count = h.requests('api/settings').length;
    // Empty names and unknown values are refused before any call, as the wizard refuses them.
    h.send({ type: 'ui/settingSaved', field: 'admin_name', value: '   ' });
    h.send({ type: 'ui/settingSaved', field: 'load_location_layout_left', value: 3 as 2 });
    h.send({ type: 'ui/settingSaved', field: 'country', value: 'FR' as 'IT' });
    expect(h.requests('api/settings')).toHaveLength(count);
    h.send({ type: 'ui/settingSaved', field: 'load_location_layout_left', value: 0 });
    expect(h.lastRequest('api/settings').body).toEqual({ load_location_layout_left: 0 });
  });

  it('keeps the page and says so when a save fails', () => {
    const h = loggedIn('/settings');
    h.send({ type: 'ui/settingSaved', field: 'country', value: 'CH' });
    h.answer('api/settings', 'invalid_request', 400);
    expect(h.state.settingsPage).toMatchObject({ save: 'failed', section: 'country', saveError: 'failed: invalid_request' });
    expect(h.state.route.path).toBe('/settings');
  });

  it('sends the date and time chosen with the steppers', () => {
    const h = loggedIn('/settings');
    // The harness starts at 09:30 UTC (zone offset 0): two hours earlier, five minutes later.
    const steps = [['hour', -1], ['hour', -1], ['minute', 5]] as const;
    for (const [field, by] of steps) h.send({ type: 'ui/timeStepped', field, by });
    h.send({ type: 'ui/settingsDateTimeSaved' });
    expect(h.lastRequest('api/datetime').body).toEqual({ date: '2026-11-22', time: '07:35' });
    h.answer('api/datetime', {});
    expect(h.state.settingsPage).toMatchObject({ save: 'saved', section: 'date_time' });
  });

  it('changes the PIN: the current one held, a new one held, its confirmation saved with both, the PINs only as placeholders', () => {
    const h = loggedIn('/settings');
    h.send({ type: 'ui/settingsPinStage', stage: 'confirm' });
    expect(h.state.settingsPage.pinStage).toBe('current');
    const logins = h.requests('api/auth/login').length;
    h.send({ type: 'ui/pinSubmitted', purpose: 'currentPin' });
    // No login call: it would start a second session (api.md); the check starts none, and the PIN is a placeholder.
    expect(h.requests('api/auth/login')).toHaveLength(logins);
    expect(h.lastRequest('api/auth/check')).toMatchObject({ method: 'POST', body: { pin: { $secret: 'currentPin' } } });
    expect(h.state.settingsPage.pinStage).toBe('current');
    h.answer('api/auth/check', { isCorrect: true });
    expect(h.state.settingsPage.pinStage).toBe('new');
    expect(h.state.route.path).toBe('/settings');

    h.send({ type: 'ui/pinSubmitted', purpose: 'newPin' });
    h.send({ type: 'ui/settingsPinStage', stage: 'confirm' });
    expect(h.state.settingsPage.pinStage).toBe('confirm');
    h.send({ type: 'ui/pinSubmitted', purpose: 'confirmPin', match: false });
    expect(h.state.setup.pinError).toBe('notMatch');
    h.send({ type: 'ui/pinSubmitted', purpose: 'confirmPin', match: true });
    expect(h.lastRequest('api/settings')).toMatchObject({
      method: 'PATCH',
      body: { superadmin_pin: { $secret: 'newPin' }, current_pin: { $secret: 'currentPin' } },
    });
    const effects = h.answer('api/settings', COMPLETE_SETTINGS);
    expect(effects).toContainEqual({ type: 'secret/clear', name: 'newPin' });
    expect(effects).toContainEqual({ type: 'secret/clear', name: 'currentPin' });
    expect(h.state.settingsPage).toMatchObject({ pinStage: 'done', save: 'saved' });
    expect(h.state.route.path).toBe('/settings');
  });

  /** Through the three steps to the save, as the page does. */
  const toSave = (h: ReturnType<typeof loggedIn>) => {
    currentRight(h);
    h.send({ type: 'ui/pinSubmitted', purpose: 'newPin' });
    h.send({ type: 'ui/settingsPinStage', stage: 'confirm' });
    h.send({ type: 'ui/pinSubmitted', purpose: 'confirmPin', match: true });
  };

  it('a wrong current PIN is said when it is typed, before a new PIN is asked for (issue 42)', () => {
    const h = loggedIn('/settings');
    h.send({ type: 'ui/pinSubmitted', purpose: 'currentPin' });
    // A second Enter while the check is under way sends no second check.
    h.send({ type: 'ui/pinSubmitted', purpose: 'currentPin' });
    expect(h.requests('api/auth/check')).toHaveLength(1);
    const attempts = h.state.setup.pinAttempts;
    const effects = h.answer('api/auth/check', { isCorrect: false });
    expect(h.state.setup.pinError).toBe('wrongCurrent');
    expect(h.state.setup.pinAttempts).toBe(attempts + 1);
    expect(h.state.settingsPage.pinStage).toBe('current');
    expect(effects).toContainEqual({ type: 'secret/clear', name: 'currentPin' });
    // Nothing moves on to the new PIN without a right current one.
    h.send({ type: 'ui/settingsPinStage', stage: 'confirm' });
    expect(h.state.settingsPage.pinStage).toBe('current');
    currentRight(h);
    expect(h.state.settingsPage.pinStage).toBe('new');
    expect(h.state.setup.pinError).toBeNull();
  });

  it('the check: 429 waits, a back end without the call leaves it to the save, no answer asks again', () => {
    const locked = loggedIn('/settings');
    locked.send({ type: 'ui/pinSubmitted', purpose: 'currentPin' });
    locked.send({ type: 'http/response', id: locked.lastRequest('api/auth/check').id, status: 429, body: { error: { code: 'too_many_attempts', message: 'try again in 12 s' } } });
    expect(locked.state.setup).toMatchObject({ pinError: 'tooManyAttempts', pinLockedUntil: locked.now + 12_000 });
    expect(locked.state.settingsPage.pinStage).toBe('current');

    const older = loggedIn('/settings');
    older.send({ type: 'ui/pinSubmitted', purpose: 'currentPin' });
    older.answer('api/auth/check', 'not_found', 404);
    expect(older.state.settingsPage.pinStage).toBe('new');
    expect(older.state.setup.pinError).toBeNull();

    const offline = loggedIn('/settings');
    offline.send({ type: 'ui/pinSubmitted', purpose: 'currentPin' });
    offline.send({ type: 'http/failed', id: offline.lastRequest('api/auth/check').id, reason: 'network down' });
    expect(offline.state.setup.pinError).toBe('unavailable');
    expect(offline.state.settingsPage.pinStage).toBe('current');
  });

  it('a check answered after the page was left moves nothing on', () => {
    const h = loggedIn('/settings');
    h.send({ type: 'ui/pinSubmitted', purpose: 'currentPin' });
    h.send({ type: 'ui/navigated', path: '/missions' });
    h.send({ type: 'ui/navigated', path: '/settings' });
    h.answer('api/auth/check', { isCorrect: true });
    expect(h.state.settingsPage.pinStage).toBe('current');
  });

  it('a wrong current PIN (403 wrong_pin) says so and starts again from the current PIN, every PIN forgotten', () => {
    const h = loggedIn('/settings');
    toSave(h);
    const effects = h.answer('api/settings', 'wrong_pin', 403);
    expect(h.state.setup.pinError).toBe('wrongCurrent');
    expect(h.state.settingsPage).toMatchObject({ pinStage: 'current', save: 'idle' });
    expect(h.state.setup.newPinHeld).toBe(false);
    expect(effects).toContainEqual({ type: 'secret/clear', name: 'newPin' });
    expect(effects).toContainEqual({ type: 'secret/clear', name: 'currentPin' });
  });

  it('too many wrong PINs (429) says so, and no PIN is taken until the wait is over', () => {
    const h = loggedIn('/settings');
    toSave(h);
    h.send({ type: 'http/response', id: h.lastRequest('api/settings').id, status: 429, body: { error: { code: 'too_many_attempts', message: 'try again in 20 s' } } });
    expect(h.state.setup.pinError).toBe('tooManyAttempts');
    expect(h.state.settingsPage.pinStage).toBe('current');
    expect(h.state.setup.pinLockedUntil).toBe(h.now + 20_000);
    h.now += 5_000;
    h.send({ type: 'ui/pinSubmitted', purpose: 'currentPin' });
    expect(h.state.settingsPage.pinStage).toBe('current');
    expect(h.state.setup.pinError).toBe('tooManyAttempts');
    h.now += 16_000;
    currentRight(h);
    expect(h.state.settingsPage.pinStage).toBe('new');
    expect(h.state.setup.pinError).toBeNull();
  });

  it('shows only the outcome of the last try: no "Saved" beside a later mismatch (issue 34)', () => {
    const h = loggedIn('/settings');
    toSave(h);
    h.answer('api/settings', COMPLETE_SETTINGS);
    expect(h.state.settingsPage).toMatchObject({ pinStage: 'done', save: 'saved', section: 'pin' });
    h.send({ type: 'ui/settingsPinStage', stage: 'current' });
    expect(h.state.settingsPage.save).toBe('idle');
    currentRight(h);
    h.send({ type: 'ui/pinSubmitted', purpose: 'newPin' });
    h.send({ type: 'ui/settingsPinStage', stage: 'confirm' });
    h.send({ type: 'ui/pinSubmitted', purpose: 'confirmPin', match: false });
    expect(h.state.setup.pinError).toBe('notMatch');
    expect(h.state.settingsPage.save).not.toBe('saved');
  });

  it('forgets held PINs when the page is left', () => {
    const h = loggedIn('/settings');
    currentRight(h);
    h.send({ type: 'ui/pinSubmitted', purpose: 'newPin' });
    expect(h.state.setup.newPinHeld).toBe(true);
    const effects = h.send({ type: 'ui/navigated', path: '/missions' });
    expect(effects).toContainEqual({ type: 'secret/clear', name: 'newPin' });
    expect(effects).toContainEqual({ type: 'secret/clear', name: 'currentPin' });
    expect(h.state.setup.newPinHeld).toBe(false);
  });

  it('the wizard run again preselects the current language, country and shelves', () => {
    const h = loggedIn('/missions', saved({ language: 'it', country: 'CH', load_location_layout_right: 0 }));
    h.send({ type: 'ui/navigated', path: '/fux/choose-language' });
    expect(h.state.setup).toMatchObject({ language: 'it', country: 'CH', layoutRight: 0, layoutLeft: 1 });
  });
});
