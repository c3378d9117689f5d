/**
 * A login while /ws waits for its 5 s retry (the back end went away and came back) opens /ws at once (issue 42):
 * the back end has just answered, and the frames of a mission sent right after the login must not be missed.
 */
import { describe, expect, it } from 'vitest';
import { KioskRuntime } from '../../worker/runtime';
import { FakePorts } from './fakePorts';

describe('a login opens a /ws that is waiting to retry', () => {
  it('opens it with the login, not 5 s later', async () => {
    const ports = new FakePorts();
    ports.handler = (_method, p) => {
      if (p === '/api/settings') return { status: 200, body: { data: { language: 'en', has_superadmin_pin: true } } };
      if (p === '/api/auth/login') return { status: 200, body: { data: { isCorrect: true } } };
      if (p === '/api/map/latest') return { status: 200, body: { data: {} } };
      if (p === '/api/auth/session') return { status: 200, body: { data: { active: false } } };
      return { status: 200, body: { data: { ok: true } } };
    };
    const runtime = new KioskRuntime(ports);
    runtime.subscribe(() => undefined);
    runtime.start('/login');
    await ports.settle();
    ports.socket('ws').accept();
    await ports.settle();
    // The back end goes away: /ws closes, and its retry is 5 s off.
    ports.socket('ws').drop();
    await ports.advance(100);
    const wsCount = () => ports.sockets.filter((s) => s.url.endsWith('/ws')).length;
    const before = wsCount();
    runtime.submitPin('login', '123456');
    await ports.advance(50);
    expect(runtime.snapshot().session.login).toBe(true);
    expect(wsCount()).toBe(before + 1);
    runtime.stop();
  });
});
