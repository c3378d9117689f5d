import { describe, expect, it } from 'vitest';
import { KioskRuntime } from '../../worker/runtime';
import type { State } from '../../core/state';
import { parseLog } from '../../core/log/eventLog';
import { replay } from '../../core/log/replay';
import { observable } from '../../core/selectors';
import { FakePorts } from './fakePorts';

const SETTINGS = {
  language: 'en', country: 'IT', robot_name: 'Node', admin_name: 'Ada', accepted_terms_of_service: true,
  has_superadmin_pin: true, load_location_layout_left: 1, load_location_layout_right: 2,
};

function setup(path = '/login', settings = SETTINGS) {
  const ports = new FakePorts();
  ports.handler = (method, p, body) => {
    if (p === '/healthz') return { status: 200, body: { data: { ok: true } } };
    if (p === '/api/settings') return { status: 200, body: { data: settings } };
    if (p === '/api/auth/login') return { status: 200, body: { data: { isCorrect: (body as { pin: string }).pin === '246810' } } };
    if (p === '/api/map/latest') return { status: 200, body: { data: {} } };
    return { status: 404, body: { error: { code: 'not_found', message: `${method} ${p}` } } };
  };
  const runtime = new KioskRuntime(ports);
  const pushes: Partial<State>[] = [];
  runtime.subscribe((changed) => pushes.push(changed));
  runtime.start(path);
  return { ports, runtime, pushes };
}

describe('worker runtime', () => {
  it('opens /ws and the teleop socket on the page host, checks health, and reads settings', async () => {
    const { ports, runtime } = setup();
    await ports.settle();
    expect(ports.socket('ws').url).toBe('ws://robot.local:8080/ws');
    expect(ports.socket('teleop').url).toBe('ws://robot.local:9191/');
    expect(ports.calls.map((c) => c.path)).toEqual(expect.arrayContaining(['/healthz', '/api/settings']));
    expect(runtime.snapshot().connection.health).toBe('good');
    expect(runtime.snapshot().settings.data).toEqual(SETTINGS);
  });

  it('pushes only changed slices, at most once per frame', async () => {
    const { ports, runtime, pushes } = setup();
    await ports.advance(20);
    ports.socket('ws').accept();
    pushes.length = 0;
    for (let i = 0; i < 50; i++) ports.socket('ws').push({ event: 'robot/battery_state', data: { batteries: [{ charge: i / 100 }] } });
    await ports.advance(16);
    expect(pushes).toHaveLength(1);
    expect(Object.keys(pushes[0]!).sort()).toEqual(['batteries', 'connection']);
    expect(pushes[0]!.batteries?.charges).toEqual([0.49]);
    expect(runtime.snapshot().batteries.charges).toEqual([0.49]);
  });

  it('wakes the core at due times: the 5 s retry after a dropped socket, the 10 s health poll', async () => {
    const { ports } = setup();
    await ports.settle();
    ports.socket('ws').accept();
    ports.socket('ws').drop();
    await ports.advance(4_990);
    expect(ports.sockets.filter((s) => s.url.endsWith('/ws'))).toHaveLength(1);
    await ports.advance(10);
    expect(ports.sockets.filter((s) => s.url.endsWith('/ws'))).toHaveLength(2);
    const healthBefore = ports.calls.filter((c) => c.path === '/healthz').length;
    await ports.advance(10_000);
    expect(ports.calls.filter((c) => c.path === '/healthz').length).toBe(healthBefore + 1);
  });

  it('holds the PIN: it reaches the back end but never state, pushes, logs or the exported log', async () => {
    const { ports, runtime, pushes } = setup('/login');
    await ports.settle();
    runtime.submitPin('login', '135790');
    await ports.advance(20);
    expect(runtime.snapshot().setup.pinError).toBe('notMatch');
    runtime.submitPin('login', '246810');
    await ports.advance(20);
    expect(ports.calls.filter((c) => c.path === '/api/auth/login').map((c) => c.body)).toEqual([{ pin: '135790' }, { pin: '246810' }]);
    expect(runtime.snapshot().session.login).toBe(true);
    expect(runtime.snapshot().route.path).toBe('/fux/start-mapping');
    const everything = JSON.stringify([runtime.snapshot(), pushes, ports.logs, runtime.exportLog()]);
    expect(everything).not.toContain('135790');
    expect(everything).not.toContain('246810');
  });

  it('compares the confirmation with the held new PIN in the worker', async () => {
    // A robot still being set up: one whose settings are complete never starts into the wizard (issue 34).
    const { ports, runtime } = setup('/fux/choose-new-pin', { ...SETTINGS, has_superadmin_pin: false });
    await ports.settle();
    runtime.submitPin('newPin', '112233');
    runtime.dispatch({ type: 'ui/wizardContinued', page: 'choose-new-pin' });
    await ports.settle();
    expect(runtime.snapshot().route.path).toBe('/fux/confirm-pin');
    runtime.submitPin('confirmPin', '112234');
    await ports.settle();
    expect(runtime.snapshot().setup.pinError).toBe('notMatch');
    runtime.submitPin('confirmPin', '112233');
    await ports.settle();
    expect(ports.calls.filter((c) => c.method === 'PATCH').at(-1)).toEqual({ method: 'PATCH', path: '/api/settings', body: { superadmin_pin: '112233' } });
    // Saved, the wizard's first-access session ends (issue 42).
    expect(ports.calls.at(-1)).toMatchObject({ method: 'POST', path: '/api/auth/logout' });
  });

  it('resolves a network failure or a non-JSON answer to the failure path and logs it', async () => {
    const { ports, runtime } = setup('/missions');
    ports.handler = (_m, p) => (p === '/healthz' ? 'network' : 'text');
    await ports.advance(10_000);
    expect(runtime.snapshot().connection.health).toBe('unknown');
    expect(ports.logs.some((l) => l.includes('health failed: network'))).toBe(true);
  });

  it('records a log that replays to the same observable state', async () => {
    const { ports, runtime } = setup('/missions');
    await ports.settle();
    ports.socket('ws').accept();
    ports.socket('ws').push({ event: 'robot/connected', data: {} });
    ports.socket('ws').push('not json');
    ports.socket('ws').push({ event: 'movement/ready', data: { mission_definition_id: 3, step_index: 0, duration: 5 } });
    await ports.advance(3_000);
    const log = parseLog(runtime.exportLog());
    expect(log.header?.format).toBe('kiosk-event-log');
    expect(log.bad).toEqual([]);
    const replayed = replay(log.events, { until: ports.time });
    expect(observable(replayed)).toEqual(observable(runtime.snapshot()));
    expect(observable(replayed)).toMatchObject({ route: '/movement/3', rejected: 1, movement: { state: 'departing', timerSeconds: 3 } });
  });

  it('stops every timer and socket on stop', async () => {
    const { ports, runtime } = setup('/missions');
    await ports.settle();
    runtime.stop();
    const count = ports.sockets.length;
    await ports.advance(60_000);
    expect(ports.sockets.length).toBe(count);
  });
  it('startNow pushes the started state before the start opens its sockets and sends its requests, then carries them out', async () => {
    const ports = new FakePorts();
    ports.handler = (_method, p) => (p === '/healthz' ? { status: 200, body: { data: { ok: true } } } : { status: 200, body: { data: SETTINGS } });
    const runtime = new KioskRuntime(ports);
    const seen: { path: string | undefined; whole: boolean; sockets: number; calls: number }[] = [];
    runtime.startNow('/', '', (changed) =>
      seen.push({ path: changed.route?.path, whole: Object.keys(changed).length === Object.keys(runtime.snapshot()).length, sockets: ports.sockets.length, calls: ports.calls.length }),
    );
    // The whole started state (the index resolved to the disclaimer), before any I/O began.
    expect(seen).toEqual([{ path: '/disclaimer', whole: true, sockets: 0, calls: 0 }]);
    expect(runtime.snapshot().route.path).toBe('/disclaimer');
    // The start's effects were carried out in the same call.
    expect(ports.sockets.map((s) => s.url)).toEqual(['ws://robot.local:8080/ws', 'ws://robot.local:9191/']);
    await ports.settle();
    expect(ports.calls.map((c) => c.path)).toContain('/healthz');
  });

  it('holds every effect but the wake-up from holdEffects until releaseEffects, then carries them out in order', async () => {
    const ports = new FakePorts();
    ports.handler = (_method, p) => (p === '/healthz' ? { status: 200, body: { data: { ok: true } } } : { status: 200, body: { data: SETTINGS } });
    const runtime = new KioskRuntime(ports);
    const pushes: Partial<State>[] = [];
    runtime.holdEffects();
    runtime.startNow('/', '', (changed) => pushes.push(changed));
    // The core stepped and pushed its started state; no socket, no call.
    expect(pushes).toHaveLength(1);
    expect(runtime.snapshot().route.path).toBe('/disclaimer');
    // A later batch steps too (the disclaimer accepted: the startup's calls), and its effects wait behind the start's.
    runtime.dispatch({ type: 'ui/disclaimerAccepted' });
    runtime.flush();
    expect(runtime.snapshot().route.path).toBe('/startup');
    await ports.advance(50);
    expect(ports.sockets).toHaveLength(0);
    expect(ports.calls).toHaveLength(0);
    // The core's timers still run while held: its clock ticked.
    const clockBefore = runtime.snapshot().clock.now;
    await ports.advance(1_000);
    expect(runtime.snapshot().clock.now).toBeGreaterThan(clockBefore);
    expect(ports.sockets).toHaveLength(0);
    runtime.releaseEffects();
    expect(ports.sockets.map((s) => s.url)).toEqual(['ws://robot.local:8080/ws', 'ws://robot.local:9191/']);
    await ports.settle();
    // In the order the core asked: the start's calls, then the startup's.
    expect(ports.calls.slice(0, 5).map((c) => `${c.method} ${c.path}`)).toEqual(['GET /healthz', 'GET /api/settings', 'GET /api/auth/session', 'GET /api/reset-prize', 'GET /api/settings']);
    expect(runtime.snapshot().settings.data).toEqual(SETTINGS);
    // Released once: a second release repeats nothing, and later effects go out at once.
    const sockets = ports.sockets.length;
    const calls = ports.calls.length;
    runtime.releaseEffects();
    await ports.settle();
    expect(ports.sockets).toHaveLength(sockets);
    expect(ports.calls).toHaveLength(calls);
  });

  it('carries out nothing it held once stopped', async () => {
    const ports = new FakePorts();
    const runtime = new KioskRuntime(ports);
    runtime.holdEffects();
    runtime.startNow('/', '', null);
    runtime.stop();
    runtime.releaseEffects();
    await ports.settle();
    expect(ports.sockets).toHaveLength(0);
    expect(ports.calls).toHaveLength(0);
  });
});
