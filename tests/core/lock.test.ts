import { describe, expect, it } from 'vitest';
import { lockShown } from '../../core/selectors';
import { booted, COMPLETE_SETTINGS, logIn, loggedIn } from './harness';

// Logs in for real: /missions needs a login, so the guard first sent the person to the dashboard.
const login = (h: ReturnType<typeof booted>) => logIn(h);

describe('inactivity lock', () => {
  it('locks after 900 s without user action and logs out, with a greeting after 550 ms', () => {
    const h = booted('/missions', COMPLETE_SETTINGS);
    login(h);
    h.advance(899_999);
    expect(h.state.session.lock).toBe(false);
    h.advance(1);
    expect(h.state.session).toMatchObject({ lock: true, login: false, greeting: null });
    expect(lockShown(h.state)).toBe(true);
    h.advance(549);
    expect(h.state.session.greeting).toBeNull();
    h.advance(1);
    expect([0, 1, 2]).toContain(h.state.session.greeting);
  });

  it('restarts the 900 s on every touch', () => {
    const h = booted();
    h.advance(800_000);
    h.send({ type: 'ui/activity' });
    h.advance(800_000);
    expect(h.state.session.lock).toBe(false);
    h.advance(100_000);
    expect(h.state.session.lock).toBe(true);
  });

  it('never locks on /movement or /mapping paths', () => {
    // /movement is open; the mapping pages need the login (issue 34), so a logged-in person is on them.
    for (const path of ['/movement/7', '/mapping/wait', '/mapping/track']) {
      const h = path.startsWith('/mapping') ? loggedIn(path) : booted(path);
      expect(h.state.route.path).toBe(path);
      h.advance(900_000 * 3);
      expect(h.state.session.lock).toBe(false);
      h.send({ type: 'ui/navigated', path: '/missions' });
      h.advance(900_000);
      expect(h.state.session.lock).toBe(true);
    }
  });

  it('chooses the greeting from the seed: the same seed gives the same greeting', () => {
    const run = (seed: number) => {
      const h = booted();
      h.state = { ...h.state, rng: { seed } };
      h.advance(900_550);
      return h.state.session.greeting;
    };
    expect(run(7)).toBe(run(7));
    const seen = new Set(Array.from({ length: 40 }, (_, i) => run(i)));
    expect(seen).toEqual(new Set([0, 1, 2]));
  });

  it("'Let's collaborate' unlocks and asks for the PIN again, returning to the page", () => {
    const h = booted('/missions', COMPLETE_SETTINGS);
    login(h);
    h.advance(900_600);
    h.send({ type: 'ui/unlockPressed' });
    expect(h.state.session.lock).toBe(false);
    expect(h.state.route.path).toBe('/login');
    expect(h.state.route.redirectAfterLogin).toBe('/missions');
  });
});
