import { describe, expect, it } from 'vitest';
import { booted, Harness } from './harness';
import { alertType } from '../../core/selectors';

describe('robot connection', () => {
  it('debounces the first robot disconnect by 5 s and applies it when not cancelled', () => {
    const h = booted();
    h.ws('robot/disconnected');
    expect(h.state.connection.robot).toBe(true);
    h.advance(4_999);
    expect(h.state.connection.robot).toBe(true);
    h.advance(1);
    expect(h.state.connection.robot).toBe(false);
  });

  it('cancels the debounced disconnect when the robot reconnects within 5 s', () => {
    const h = booted();
    h.ws('robot/disconnected');
    h.advance(3_000);
    h.ws('robot/connected');
    h.advance(10_000);
    expect(h.state.connection.robot).toBe(true);
    expect(h.state.timers.robotDisconnect).toBeUndefined();
  });

  it('applies later disconnects at once', () => {
    const h = booted();
    h.ws('robot/disconnected');
    h.advance(5_000);
    h.ws('robot/connected');
    h.ws('robot/disconnected');
    expect(h.state.connection.robot).toBe(false);
  });

  it('marks both disconnected on backend/disconnected and the back end connected again on backend/connected', () => {
    const h = booted();
    h.ws('backend/disconnected');
    expect(h.state.connection).toMatchObject({ backend: false, robot: false });
    h.ws('backend/connected');
    expect(h.state.connection).toMatchObject({ backend: true, robot: false });
  });
});

describe('event socket', () => {
  it('opens at start, raises backend/connected on open and backend/disconnected on close', () => {
    const h = new Harness();
    const fx = h.send({ type: 'shell/started', path: '/missions', seed: 1, clientId: 'c' });
    expect(fx).toContainEqual({ type: 'ws/open' });
    h.send({ type: 'ws/opened' });
    h.ws('robot/connected');
    expect(h.state.connection).toMatchObject({ backend: true, robot: true, socket: 'open' });
    h.send({ type: 'ws/closed' });
    expect(h.state.connection).toMatchObject({ backend: false, robot: false, socket: 'closed' });
  });

  it('retries 5 s after every close, indefinitely', () => {
    const h = booted();
    for (let i = 0; i < 12; i++) {
      h.send({ type: 'ws/closed' });
      expect(h.advance(4_999).filter((e) => e.type === 'ws/open')).toHaveLength(0);
      expect(h.advance(1).filter((e) => e.type === 'ws/open')).toHaveLength(1);
      expect(h.state.connection.socket).toBe('connecting');
    }
    h.send({ type: 'ws/opened' });
    expect(h.state.connection.backend).toBe(true);
  });
});

describe('health check', () => {
  it('polls /healthz at start and every 10 s: success is good, failure unknown', () => {
    const h = new Harness();
    h.send({ type: 'shell/started', path: '/missions', seed: 1, clientId: 'c' });
    expect(h.requests('/healthz')).toHaveLength(1);
    h.answer('/healthz', { ok: true });
    expect(h.state.connection.health).toBe('good');
    h.advance(9_999);
    expect(h.requests('/healthz')).toHaveLength(1);
    h.advance(1);
    expect(h.requests('/healthz')).toHaveLength(2);
    h.fail('/healthz');
    expect(h.state.connection.health).toBe('unknown');
    h.advance(10_000);
    h.answer('/healthz', 'internal', 500);
    expect(h.state.connection.health).toBe('unknown');
    h.advance(10_000);
    h.answer('/healthz', { ok: true });
    expect(h.state.connection.health).toBe('good');
    expect(h.requests('/healthz')).toHaveLength(4);
  });

  it('emits a wake effect for the earliest due timer', () => {
    const h = new Harness();
    const fx = h.send({ type: 'shell/started', path: '/missions', seed: 1, clientId: 'c' });
    const wake = fx.find((e) => e.type === 'wake');
    expect(wake).toEqual({ type: 'wake', at: Math.floor(h.now / 1000) * 1000 + 1000 });
  });
});

describe('a quiet start (issue 42)', () => {
  const start = () => {
    const h = new Harness();
    h.send({ type: 'shell/started', path: '/missions', seed: 1, clientId: 'c' });
    return h;
  };

  it('says nothing while the socket comes up, and nothing after once both are reachable', () => {
    const h = start();
    expect(h.state.connection.starting).toBe(true);
    expect(alertType(h.state)).toBeNull();
    h.advance(2_500);
    h.send({ type: 'ws/opened' });
    expect(alertType(h.state)).toBeNull();
    h.ws('robot/connected');
    expect(h.state.connection.starting).toBe(false);
    expect(h.state.timers.connectionGrace).toBeUndefined();
    h.advance(10_000);
    expect(alertType(h.state)).toBeNull();
  });

  it('a back end not reached within the 5 s debounce is a synchronisation issue then, not before', () => {
    const h = start();
    h.send({ type: 'ws/closed' });
    h.advance(4_999);
    expect(alertType(h.state)).toBeNull();
    h.advance(1);
    expect(alertType(h.state)).toBe('sync');
    // Reached later: the alert goes, and a later loss is said at once.
    h.send({ type: 'ws/opened' });
    h.ws('robot/connected');
    expect(alertType(h.state)).toBeNull();
    h.send({ type: 'ws/closed' });
    expect(alertType(h.state)).toBe('sync');
  });

  it('a robot reported out of reach at start is said once the debounce is over', () => {
    const h = start();
    h.send({ type: 'ws/opened' });
    h.ws('robot/disconnected');
    h.advance(4_999);
    expect(alertType(h.state)).toBeNull();
    h.advance(1);
    expect(alertType(h.state)).toBe('sync');
  });
});
