/** The teleop socket through the worker: closed on error, reopened 1 s later, and the joystick's frames. */
import { describe, expect, it } from 'vitest';
import { KioskRuntime } from '../../worker/runtime';
import { FakePorts } from './fakePorts';

async function onControl() {
  const ports = new FakePorts();
  ports.handler = (_method, p, body) => {
    if (p === '/healthz') return { status: 200, body: { data: { ok: true } } };
    if (p === '/api/settings') return { status: 200, body: { data: { language: 'en', has_superadmin_pin: true } } };
    if (p === '/api/auth/login') return { status: 200, body: { data: { isCorrect: (body as { pin: string }).pin === '246810' } } };
    if (p === '/api/map/latest') return { status: 200, body: { data: {} } };
    return { status: 404, body: { error: { code: 'not_found', message: p } } };
  };
  const runtime = new KioskRuntime(ports);
  runtime.subscribe(() => undefined);
  runtime.start('/login');
  await ports.settle();
  runtime.submitPin('login', '246810');
  await ports.advance(50);
  runtime.dispatch({ type: 'ui/navigated', path: '/control' });
  await ports.settle();
  expect(runtime.snapshot().route.path).toBe('/control');
  ports.socket('teleop').accept();
  await ports.settle();
  return { ports, runtime };
}

const moves = (sent: string[]) => sent.map((s) => JSON.parse(s) as Record<string, unknown>).filter((m) => m.op === 'move');

describe('teleop through the worker', () => {
  it('closes the socket on error, says so in state, and opens a new one 1 s later', async () => {
    const { ports, runtime } = await onControl();
    const first = ports.socket('teleop');
    // The login renewed the sockets once already: count only the sockets opened after the error.
    const before = ports.sockets.filter((s) => s.url.includes(':9191')).length;
    expect(runtime.snapshot().teleop.connected).toBe(true);
    first.onerror?.({});
    await ports.settle();
    expect(first.readyState).toBe(3);
    expect(runtime.snapshot().teleop.connected).toBe(false);
    await ports.advance(990);
    expect(ports.sockets.filter((s) => s.url.includes(':9191'))).toHaveLength(before);
    await ports.advance(20);
    const second = ports.socket('teleop');
    expect(second).not.toBe(first);
    second.accept();
    await ports.settle();
    expect(JSON.parse(second.sent[0]!)).toEqual({ client_id: runtime.snapshot().teleop.clientId, op: 'manual_mode_status' });
  });

  it('streams the held joystick at 10 Hz on the wire and sends a zero move on release', async () => {
    const { ports, runtime } = await onControl();
    const socket = ports.socket('teleop');
    socket.sent.length = 0;
    runtime.dispatch({ type: 'ui/joystickMoved', lvx: 0.4, lvy: 0, avz: 0 });
    await ports.advance(1_000);
    const held = moves(socket.sent);
    expect(held.length).toBeGreaterThanOrEqual(10);
    expect(held.length).toBeLessThanOrEqual(11);
    expect(held.every((m) => m.lvx === 0.4)).toBe(true);
    runtime.dispatch({ type: 'ui/joystickReleased', reason: 'release' });
    await ports.settle();
    expect(moves(socket.sent).at(-1)).toMatchObject({ lvx: 0, lvy: 0, avz: 0 });
    const count = moves(socket.sent).length;
    await ports.advance(1_000);
    expect(moves(socket.sent)).toHaveLength(count);
  });

  it('refuses and logs a move while the socket is closed', async () => {
    const { ports, runtime } = await onControl();
    ports.socket('teleop').drop();
    await ports.settle();
    runtime.dispatch({ type: 'ui/teleopPresetPressed', preset: 'forward' });
    await ports.settle();
    expect(ports.logs).toContain('warn: teleop socket closed: cannot send');
    expect(runtime.snapshot().teleop.lastMove).toMatchObject({ sent: false });
  });
});
