/** A virtual clock, fake sockets and a scripted back end for the worker runtime in Node. */
import type { HttpAnswer, Ports, SocketLike } from '../../worker/ports';

export class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({});
  }
  /** The server side: accept, push a frame, drop. */
  accept() {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(frame: unknown) {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
}

export type Handler = (method: string, path: string, body: unknown) => { status: number; body: unknown } | 'network' | 'text';

export class FakePorts implements Ports {
  time = Date.UTC(2026, 10, 22, 9, 30, 0);
  private timers: { id: number; due: number; fn: () => void }[] = [];
  private nextId = 1;
  sockets: FakeSocket[] = [];
  calls: { method: string; path: string; body: unknown }[] = [];
  logs: string[] = [];
  handler: Handler = () => ({ status: 404, body: { error: { code: 'not_found', message: 'no' } } });
  location = { protocol: 'http:', host: 'robot.local:8080', hostname: 'robot.local', origin: 'http://robot.local:8080' };

  now = () => this.time;
  setTimeout = (fn: () => void, ms: number) => {
    const id = this.nextId++;
    this.timers.push({ id, due: this.time + ms, fn });
    return id;
  };
  clearTimeout = (handle: unknown) => {
    this.timers = this.timers.filter((t) => t.id !== handle);
  };
  nextFrame = (fn: () => void) => {
    this.setTimeout(fn, 16);
  };
  openSocket = (url: string) => {
    const s = new FakeSocket(url);
    this.sockets.push(s);
    return s;
  };
  fetch = async (url: string, init: { method: string; body?: string }): Promise<HttpAnswer> => {
    const path = url.replace(this.location.origin, '');
    const body = init.body === undefined ? undefined : JSON.parse(init.body);
    this.calls.push({ method: init.method, path, body });
    const answer = this.handler(init.method, path, body);
    if (answer === 'network') throw new Error('connection refused');
    if (answer === 'text') return { status: 502, text: async () => '<html>bad gateway</html>' };
    return { status: answer.status, text: async () => JSON.stringify(answer.body) };
  };
  random = () => 0.5;
  tzOffsetMinutes = () => 0;
  log = (level: string, message: string) => {
    this.logs.push(`${level}: ${message}`);
  };

  /** Lets promises and microtasks settle. */
  async settle() {
    for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
    // A map image is decoded in a task of its own (a zero timer, worker/mapImages.ts), then what waited for it runs.
    await new Promise((r) => setTimeout(r, 0));
    for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
  }

  /** Advances virtual time, running due timers in order and settling between them. */
  async advance(ms: number) {
    const end = this.time + ms;
    for (;;) {
      await this.settle();
      this.timers.sort((a, b) => a.due - b.due || a.id - b.id);
      const t = this.timers[0];
      if (!t || t.due > end) break;
      this.timers.shift();
      this.time = Math.max(this.time, t.due);
      t.fn();
    }
    this.time = end;
    await this.settle();
  }

  socket(kind: 'ws' | 'teleop', index = -1): FakeSocket {
    const list = this.sockets.filter((s) => (kind === 'ws' ? s.url.endsWith('/ws') : s.url.includes(':9191')));
    const s = list.at(index);
    if (!s) throw new Error(`no ${kind} socket`);
    return s;
  }
}
