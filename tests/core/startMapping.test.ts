import { describe, expect, it } from 'vitest';
import { booted, COMPLETE_SETTINGS, type Harness } from './harness';

/** Logged in on /fux/start-mapping, Continue pressed: both calls are out. */
function continued(): Harness {
  const h = booted('/login', COMPLETE_SETTINGS);
  h.send({ type: 'ui/pinSubmitted', purpose: 'login' });
  h.answer('api/auth/login', { isCorrect: true });
  h.answer('api/map/latest', {});
  expect(h.state.route.path).toBe('/fux/start-mapping');
  h.send({ type: 'ui/wizardContinued', page: 'start-mapping' });
  expect(h.lastRequest('api/mapping/start').method).toBe('POST');
  expect(h.lastRequest('api/follow-me/start').method).toBe('POST');
  expect(h.state.setup.save).toBe('pending');
  return h;
}

describe('start mapping', () => {
  const orders: [string, string][] = [
    ['api/mapping/start', 'api/follow-me/start'],
    ['api/follow-me/start', 'api/mapping/start'],
  ];

  for (const [first, second] of orders) {
    it(`goes to /mapping/wait once both calls succeed (${first} answers first)`, () => {
      const h = continued();
      h.answer(first, {});
      expect(h.state.route.path).toBe('/fux/start-mapping');
      expect(h.state.setup.save).toBe('pending');
      h.answer(second, {});
      expect(h.state.route.path).toBe('/mapping/wait');
      expect(h.state.setup.save).toBe('idle');
    });

    it(`stays on the page with the failure when ${second} fails after ${first} succeeded`, () => {
      const h = continued();
      h.answer(first, {});
      h.answer(second, 'robot_busy', 409);
      expect(h.state.route.path).toBe('/fux/start-mapping');
      expect(h.state.setup).toMatchObject({ save: 'failed', saveError: 'failed: robot_busy' });
    });

    it(`stays on the page when ${first} fails before ${second} succeeds`, () => {
      const h = continued();
      h.answer(first, 'robot_busy', 409);
      h.answer(second, {});
      expect(h.state.route.path).toBe('/fux/start-mapping');
      expect(h.state.setup.save).toBe('failed');
    });
  }

  it('starts both calls again after a failure and goes on when the new ones succeed', () => {
    const h = continued();
    h.answer('api/mapping/start', 'robot_busy', 409);
    h.answer('api/follow-me/start', {});
    h.send({ type: 'ui/wizardContinued', page: 'start-mapping' });
    expect(h.requests('api/mapping/start')).toHaveLength(2);
    h.answer('api/follow-me/start', {});
    h.answer('api/mapping/start', {});
    expect(h.state.route.path).toBe('/mapping/wait');
  });
});
