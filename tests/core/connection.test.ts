import { describe, expect, it } from 'vitest';
import { booted, Harness } from './harness';

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
