/** One WebSocket the core asked for, reported to the core as opened / message / closed events. */
import type { CoreEvent } from '../core/events';
import { frameTextProblem } from '../core/frameLimits';
import { SOCKET_OPEN, type Ports, type SocketLike } from './ports';

/** How much of a refused frame's text goes on with its reason: enough to recognise it, never its bulk. */
const REFUSED_PREFIX_CHARS = 80;

/**
 * Opt-in instrumentation for `npm run bench:storm`, off by default. It is on only in a worker whose name ends
 * with BENCH_WORKER_SUFFIX (src/bridge/connectWorker.ts names it so when the page has `window.__kioskBench`,
 * which only the benchmark sets). Then the worker keeps, for the last TRACE_CAPACITY `/ws` frames, the time
 * each arrived (`performance.timeOrigin + performance.now()`: ms since the epoch, comparable with the page's
 * clock) and its text, and answers on the BroadcastChannel BENCH_CHANNEL: post `'arrivals'` to receive
 * `{ arrivals: [time, text][] }`, oldest first, or `'clear'` to empty the buffer first. When off, a frame
 * costs one null check.
 */
export const BENCH_WORKER_SUFFIX = ':bench';
export const BENCH_CHANNEL = 'kiosk-bench';
/** Enough for a 10 s storm at 2,000 frames a second plus the robot's own traffic, at about 2 MB. */
const TRACE_CAPACITY = 65_536;
/** Longer texts are traced by time only: the benchmarks' own frames are short, hostile ones need not be kept. */
const TRACE_TEXT_MAX = 1_024;

class FrameTrace {
  private readonly times = new Float64Array(TRACE_CAPACITY);
  private readonly texts: string[] = new Array<string>(TRACE_CAPACITY).fill('');
  private count = 0;

  constructor() {
    const channel = new BroadcastChannel(BENCH_CHANNEL);
    channel.onmessage = (ev: MessageEvent) => {
      if (ev.data === 'clear') this.count = 0;
      if (ev.data === 'clear' || ev.data === 'arrivals') channel.postMessage({ arrivals: this.arrivals() });
    };
  }

  record(data: unknown): void {
    const i = this.count % TRACE_CAPACITY;
    this.times[i] = performance.timeOrigin + performance.now();
    this.texts[i] = typeof data === 'string' && data.length <= TRACE_TEXT_MAX ? data : '';
    this.count++;
  }

  private arrivals(): [number, string][] {
    const n = Math.min(this.count, TRACE_CAPACITY);
    const first = this.count - n;
    const out: [number, string][] = [];
    for (let k = first; k < this.count; k++) out.push([this.times[k % TRACE_CAPACITY]!, this.texts[k % TRACE_CAPACITY]!]);
    return out;
  }
}

let trace: FrameTrace | null | undefined;
function benchTrace(): FrameTrace | null {
  if (trace === undefined) {
    const name = (globalThis as { name?: unknown }).name;
    trace = typeof name === 'string' && name.endsWith(BENCH_WORKER_SUFFIX) && typeof BroadcastChannel === 'function' ? new FrameTrace() : null;
  }
  return trace;
}

export class SocketLink {
  private socket: SocketLike | null = null;
  private readonly trace: FrameTrace | null;

  constructor(
    private readonly ports: Ports,
    private readonly url: string,
    private readonly kind: 'ws' | 'teleop',
    private readonly report: (event: CoreEvent) => void,
    /** The teleop socket is closed on error (spec 4.6); /ws waits for its close. */
    private readonly closeOnError = false,
  ) {
    this.trace = kind === 'ws' ? benchTrace() : null;
  }

  open(): void {
    if (this.socket) return;
    let socket: SocketLike;
    try {
      socket = this.ports.openSocket(this.url);
    } catch (error) {
      this.ports.log('warn', `${this.kind} could not open: ${(error as Error).message}`);
      this.report({ type: `${this.kind}/closed`, at: this.ports.now() } as CoreEvent);
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.report({ type: `${this.kind}/opened`, at: this.ports.now() } as CoreEvent);
    socket.onmessage = (ev) => {
      this.trace?.record(ev.data);
      this.report(this.frame(ev.data));
    };
    socket.onerror = () => {
      if (this.closeOnError) socket.close();
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.report({ type: `${this.kind}/closed`, at: this.ports.now() } as CoreEvent);
    };
  }

  /**
   * Parses a frame here so the log holds the message; an unparseable one goes to the core raw, to be rejected.
   * A frame over the limits is not parsed at all: only its reason and a short prefix go on.
   */
  private frame(data: unknown): CoreEvent {
    const at = this.ports.now();
    const type = `${this.kind}/message` as 'ws/message';
    if (typeof data !== 'string') return { type, at, raw: '[binary frame]' };
    const refused = frameTextProblem(data);
    if (refused !== null) return { type, at, raw: data.slice(0, REFUSED_PREFIX_CHARS), refused };
    try {
      return { type, at, message: JSON.parse(data) as unknown };
    } catch {
      return { type, at, raw: data.slice(0, 200) };
    }
  }

  send(message: unknown): void {
    if (!this.socket || this.socket.readyState !== SOCKET_OPEN) {
      this.ports.log('warn', `${this.kind} socket closed: cannot send`);
      return;
    }
    this.socket.send(JSON.stringify(message));
  }

  /**
   * Closes the socket unreported and opens a new one at once (the session cookie changed, api.md Sessions): the
   * core sees the new socket's opening, and no close in between, so nothing flickers as disconnected. A socket
   * that is not open is left to the core's own retry.
   */
  reopen(): void {
    if (!this.socket) return;
    this.close();
    this.open();
  }

  close(): void {
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close();
    }
  }
}
