/** A virtual clock around the pure core: send events, advance time, inspect state and effects. */
import { step } from '../../core/step';
import { initialState, type State } from '../../core/state';
import type { CoreEvent } from '../../core/events';
import type { Effect } from '../../core/effects';

export const T0 = Date.UTC(2026, 10, 22, 9, 30, 0);

type Without<E> = E extends { at: number } ? Omit<E, 'at'> : never;
export type EventInput = Without<CoreEvent>;

export class Harness {
  state: State;
  now: number;
  effects: Effect[] = [];

  constructor(start = T0, path = '/') {
    this.now = start;
    this.state = initialState(path);
  }

  /** Handles one event at the current virtual time; returns only that step's effects. */
  send(input: EventInput): Effect[] {
    const r = step(this.state, { ...input, at: this.now } as CoreEvent);
    this.state = r.state;
    this.effects.push(...r.effects);
    return r.effects;
  }

  /** Moves the virtual clock forward and lets the core fire what is due. */
  advance(ms: number): Effect[] {
    this.now += ms;
    return this.send({ type: 'tick' });
  }

  ws(event: string, data: unknown = {}): Effect[] {
    return this.send({ type: 'ws/message', message: { event, data } });
  }

  /** The http/request effects issued so far, optionally of one path. */
  requests(path?: string) {
    return this.effects.filter(
      (e): e is Extract<Effect, { type: 'http/request' }> => e.type === 'http/request' && (path === undefined || e.path === path),
    );
  }

  lastRequest(path: string) {
    const all = this.requests(path);
    const last = all[all.length - 1];
    if (!last) throw new Error(`no request to ${path}`);
    return last;
  }

  /** Answers the last request to `path` with `{data}` (2xx) or an error body. */
  answer(path: string, data: unknown, status = 200): Effect[] {
    const req = this.lastRequest(path);
    const body = status < 300 ? { data } : { error: { code: String(data), message: `failed: ${String(data)}` } };
    return this.send({ type: 'http/response', id: req.id, status, body });
  }

  fail(path: string, reason = 'network down'): Effect[] {
    return this.send({ type: 'http/failed', id: this.lastRequest(path).id, reason });
  }
}

/**
 * A harness that has started as the live shell does (speaking api.md's Sessions), with both sockets up and the
 * robot connected.
 */
export function booted<H extends Harness = Harness>(path = '/missions', settings: Record<string, unknown> | null = null, h: H = new Harness() as H): H {
  h.send({ type: 'shell/started', path, seed: 42, clientId: 'test-client', sessions: true });
  if (settings) h.answer('api/settings', settings);
  h.send({ type: 'ws/opened' });
  h.ws('robot/connected');
  return h;
}

export const COMPLETE_SETTINGS = {
  language: 'en',
  country: 'IT',
  robot_name: 'Node',
  admin_name: 'Ada',
  accepted_terms_of_service: true,
  has_superadmin_pin: true,
  load_location_layout_left: 1,
  load_location_layout_right: 2,
};

/** A map answer good enough for login to go on to its redirect. */
export const SOME_MAP = { image: 'iVBORw0KGgo=', origin: { x: 0, y: 0 }, resolution: 0.05, robot: { x: 0, y: 0, orientation: 0 } };

/** Logs in through the real flow (PIN outcome, then the latest map), landing where the guard sent the person. */
export function logIn(h: Harness): void {
  if (h.state.route.path !== '/login') h.send({ type: 'ui/navigated', path: '/login' });
  h.send({ type: 'ui/pinSubmitted', purpose: 'login' });
  h.answer('api/auth/login', { isCorrect: true });
  h.answer('api/map/latest', SOME_MAP);
}

/** A booted harness with a logged-in person on `path` (pages behind the login guard included). */
export function loggedIn<H extends Harness = Harness>(path = '/missions', settings: Record<string, unknown> = COMPLETE_SETTINGS, into?: H): H {
  const h = booted(path, settings, into);
  logIn(h);
  if (h.state.route.path !== path) h.send({ type: 'ui/navigated', path });
  return h;
}
