/**
 * The link to DDS: runs a bridge program (bridge.c on Cyclone DDS or fastddsBridge.cpp on Fast DDS, built by
 * build.ts; both speak one framed protocol over their standard streams) and declares the driver's topics to
 * it. When the bridge dies (it should not) it is started again after `retryMs` and every endpoint is declared
 * again; when discovery shows the robot runs the other middleware (middleware.ts), the other bridge is started
 * in its place the same way. Messages are CDR (cdr.ts); a message that does not decode is reported to the
 * owner's handler as an error, once per topic.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { decode, encode, type Msg } from './cdr';
import { ddsTypeName } from './interfaces';
import { type Rmw, RmwLearner } from './middleware';

/** QoS as ROS 2 names it: reliable or best effort, volatile or transient local, keep last `depth`. */
export interface Qos {
  reliable?: boolean;
  transientLocal?: boolean;
  depth?: number;
}

/** Publishes a message; `matched()`: how many subscriptions (the robot's readers) it reaches now. */
export type Publisher = ((msg: Msg) => void) & { matched(): number };

interface Endpoint {
  kind: 'P' | 'S';
  topic: string;
  type: string;
  qos: Qos;
  handle?: (msg: Msg) => void;
  read?: (bytes: Uint8Array) => Msg;
}

export interface DdsLinkOptions {
  /** the bridge program of each middleware there is one for */
  programs: Partial<Record<Rmw, string>>;
  /** the middleware to start with */
  rmw: Rmw;
  /** true: stay on `rmw` whatever discovery says (--rmw) */
  fixed?: boolean;
  domain: number;
  retryMs?: number;
  /** log prefix */
  tag?: string;
}

/** A ROS name (/cmd_vel) as its DDS topic (rt/cmd_vel); DDS names (rq/..., rr/..., rt/...) as they are. */
export function ddsTopic(name: string): string {
  return /^r[tqr]\//.test(name) ? name : `rt${name.startsWith('/') ? '' : '/'}${name}`;
}

export class DdsLink {
  private child: ChildProcess | null = null;
  private endpoints: Endpoint[] = [];
  private pending: Buffer = Buffer.alloc(0);
  private closed = false;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private warned = new Set<string>();
  /** Matched subscriptions of each publisher (by endpoint id), as the bridge reports them. */
  private matched: number[] = [];
  /** Remote writers discovery reported ("TOPIC TYPE" → both). */
  private writers = new Map<string, { topic: string; type: string }>();
  /** The bridge's process id while it runs (tests stop it to see it come back). */
  get pid(): number | undefined {
    return this.child?.pid;
  }
  /** Whether the bridge runs and said it is ready. */
  up = false;
  /** The middleware whose bridge runs (or is being started). */
  get rmw(): Rmw {
    return this.current;
  }
  private current: Rmw;
  private learner: RmwLearner;
  /** Set while one bridge is stopped for the other: its exit starts the other at once, and the link stays up. */
  private switching = false;

  constructor(
    private opts: DdsLinkOptions,
    private onUp: (up: boolean) => void = () => {},
  ) {
    this.current = opts.rmw;
    this.learner = new RmwLearner(opts.fixed === true || Object.keys(opts.programs).length < 2);
    this.start();
  }

  /** A publisher on `topic` (a ROS name such as /cmd_vel; DDS gets rt/cmd_vel) or a raw DDS topic (rq/..., rr/...). */
  publisher(topic: string, type: string, qos: Qos = {}): Publisher {
    const id = this.add({ kind: 'P', topic, type, qos });
    const write = (msg: Msg) => this.write(id, type, msg);
    return Object.assign(write, { matched: () => (this.up ? (this.matched[id] ?? 0) : 0) });
  }

  /** `read`: a decoder of its own instead of `type`'s (for a message whose layout differs by ROS release). */
  subscribe(topic: string, type: string, qos: Qos, handle: (msg: Msg) => void, read?: (bytes: Uint8Array) => Msg): void {
    this.add({ kind: 'S', topic, type, qos, handle, read });
  }

  close(): void {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.child?.stdin?.end();
    this.child?.kill('SIGTERM');
    this.child = null;
  }

  /** A robot's writer on a topic we read, of another type, never matches: say so (once). */
  private checkType(e: Endpoint, topic: string, type: string): void {
    if (e.kind === 'S' && ddsTopic(e.topic) === topic && ddsTypeName(e.type) !== type) this.warnOnce(e.topic, `ignored, it carries ${type}, not ${ddsTypeName(e.type)}`);
  }

  private add(e: Endpoint): number {
    this.endpoints.push(e);
    for (const w of this.writers.values()) this.checkType(e, w.topic, w.type);
    const id = this.endpoints.length - 1;
    if (this.up) this.declare(id);
    return id;
  }

  private start(): void {
    if (this.closed) return;
    const program = this.opts.programs[this.current] as string;
    // process.env passed on purpose: in a worker thread (tests) it is the thread's own copy, with CYCLONEDDS_URI.
    const child = spawn(program, [String(this.opts.domain)], { stdio: ['pipe', 'pipe', 'pipe'], env: process.env });
    this.child = child;
    this.switching = false;
    this.pending = Buffer.alloc(0);
    this.matched = [];
    // Only this bridge's frames while it is the one: a bridge that goes may still have some on the way.
    child.stdout?.on('data', (d: Buffer) => this.child === child && this.read(d));
    child.stderr?.on('data', (d: Buffer) => console.warn(`[ros2] bridge: ${d.toString().trim()}`));
    child.stdin?.on('error', () => {}); // a bridge that died: its exit handler restarts it
    child.on('error', (err) => console.warn(`[ros2] bridge ${program}: ${err.message}`));
    child.on('exit', (code, signal) => {
      if (this.child !== child) return;
      this.child = null;
      if (this.switching && !this.closed) {
        this.switching = false;
        this.start();
        return;
      }
      this.setUp(false);
      if (this.closed) return;
      console.warn(`[ros2] the DDS bridge stopped (${signal ?? code}); starting it again`);
      this.retry = setTimeout(() => this.start(), this.opts.retryMs ?? 2000);
    });
  }

  private setUp(up: boolean): void {
    if (up === this.up) return;
    this.up = up;
    this.onUp(up);
  }

  private frame(kind: string, id: number, payload: Uint8Array): void {
    const head = Buffer.alloc(7);
    head.writeUInt32LE(payload.length + 3, 0);
    head.write(kind, 4, 'latin1');
    head.writeUInt16LE(id, 5);
    this.child?.stdin?.write(Buffer.concat([head, payload]));
  }

  private declare(id: number): void {
    const e = this.endpoints[id] as Endpoint;
    const q = e.qos;
    const qos = `${q.reliable === false ? 'b' : 'r'}${q.transientLocal ? 't' : 'v'}`;
    this.frame(e.kind, id, Buffer.from(`${qos} ${q.depth ?? 10} ${ddsTopic(e.topic)} ${ddsTypeName(e.type)}`));
  }

  private write(id: number, type: string, msg: Msg): void {
    if (!this.up) return; // as a ROS publisher with no subscriber: the message goes nowhere
    this.frame('W', id, encode(type, msg));
  }

  private read(d: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, d]) : d;
    while (this.pending.length >= 7) {
      const len = this.pending.readUInt32LE(0);
      if (this.pending.length < 4 + len) break;
      const kind = String.fromCharCode(this.pending[4] as number);
      const id = this.pending.readUInt16LE(5);
      const body = this.pending.subarray(7, 4 + len);
      this.pending = this.pending.subarray(4 + len);
      if (kind === 'R') {
        this.endpoints.forEach((_, i) => this.declare(i));
        this.setUp(true);
      } else if (kind === 'L') console.warn(`[ros2] bridge: ${body.toString()}`);
      else if (kind === 'D') this.deliver(id, new Uint8Array(body));
      else if (kind === 'M') this.matched[id] = body.readUInt32LE(0);
      else if (kind === 'T') this.writerSeen(...(body.toString().split(' ') as [string, string, string?]));
    }
  }

  /** A remote writer: its type is checked; if it is the robot's, its vendor may call for the other bridge. */
  private writerSeen(topic: string, type: string, vendor = ''): void {
    this.writers.set(`${topic} ${type}`, { topic, type });
    this.endpoints.forEach((e) => this.checkType(e, topic, type));
    if (this.switching || !this.endpoints.some((e) => e.kind === 'S' && ddsTopic(e.topic) === topic)) return;
    const next = this.learner.writerSeen(vendor, this.current);
    if (!next || !this.opts.programs[next]) return;
    console.warn(`[ros2] the robot runs ${next === 'fastrtps' ? 'Fast DDS' : 'Cyclone DDS'} (vendor ${vendor}, ${topic}): switching to its bridge`);
    this.current = next;
    if (!this.child) return; // it died: its restart starts the new one
    this.switching = true;
    this.matched = []; // nothing more for the bridge that goes
    this.child.stdin?.end();
    this.child.kill('SIGTERM');
  }

  private deliver(id: number, bytes: Uint8Array): void {
    const e = this.endpoints[id];
    if (!e?.handle) return;
    let msg: Msg;
    try {
      msg = e.read ? e.read(bytes) : decode(e.type, bytes);
    } catch (err) {
      this.warnOnce(e.topic, `ignored a malformed message (${(err as Error).message})`);
      return;
    }
    try {
      e.handle(msg);
    } catch (err) {
      this.warnOnce(e.topic, `ignored a message that could not be used (${(err as Error).message})`);
    }
  }

  /**
   * Logs a topic's trouble once (a robot repeating a bad message several times a second says it once); `kind`
   * names the trouble, by default the text with its numbers left out.
   */
  warnOnce(topic: string, text: string, kind = text.replace(/\d+/g, 'N')): void {
    const key = `${topic} ${kind}`;
    if (this.warned.has(key)) return;
    if (this.warned.size > 200) this.warned.clear();
    this.warned.add(key);
    console.warn(`[ros2] ${topic}: ${text}`);
  }
}
