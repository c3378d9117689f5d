/** The `/ws` event socket: every connected page, a greeting with the present state, and broadcasts. */
import type { WebSocket } from 'ws';
import { sendBounded } from './http/limits';

/** One frame of the event socket (api.md "Event socket"). */
export interface EventFrame {
  event: string;
  data: unknown;
}

/**
 * The frames a client without a session gets (api.md "Sessions"): what the logged-out screens show, the
 * connection and the batteries. Missions, maps, alerts and the rest need a session or the robot's own screen.
 */
const PUBLIC_EVENTS = new Set(['robot/connected', 'robot/disconnected', 'robot/battery_state']);

/** Whether a frame may go to a client that sees only the public frames. */
export function isPublicEvent(event: string): boolean {
  return event.startsWith('backend/') || PUBLIC_EVENTS.has(event);
}

/** Whether a client sees every frame (a live session, or the robot's screen), asked again for each frame. */
export type SeesAll = () => boolean;

/** Fans events out to every `/ws` client. */
export class EventHub {
  /** each client with whether it sees every frame at the moment (its session may end while it listens) */
  private clients = new Map<WebSocket, SeesAll>();
  /** Listeners inside the process (tests, logging) see every broadcast too. */
  private taps = new Set<(f: EventFrame) => void>();

  /** `greeting` builds the frames a new connection gets first, so a page that (re)connects is current at once. */
  constructor(private greeting: () => EventFrame[]) {}

  /** Adopts a freshly upgraded socket; `seesAll` tells, frame by frame, whether it gets more than the public ones. */
  attach(ws: WebSocket, seesAll: SeesAll = () => true): void {
    this.clients.set(ws, seesAll);
    ws.on('close', () => this.clients.delete(ws));
    ws.on('error', () => this.clients.delete(ws));
    // The app only listens on this socket; anything it sends is ignored.
    for (const f of this.greeting()) if (isPublicEvent(f.event) || seesAll()) this.sendTo(ws, JSON.stringify(f));
  }

  /** Sends `{event, data}` to every client allowed to see it. */
  broadcast(event: string, data: unknown = {}): void {
    const frame = { event, data };
    for (const t of this.taps) t(frame);
    const text = JSON.stringify(frame);
    const open = isPublicEvent(event);
    for (const [ws, seesAll] of this.clients) if (open || seesAll()) this.sendTo(ws, text);
  }

  /**
   * Sends a text frame as is (the control surface uses it to send malformed frames), to the clients that see
   * every frame only: what it carries is not known.
   */
  sendRaw(text: string): void {
    for (const [ws, seesAll] of this.clients) if (seesAll()) this.sendTo(ws, text);
  }

  /** Watches broadcasts in-process; returns an unsubscribe function. */
  tap(fn: (f: EventFrame) => void): () => void {
    this.taps.add(fn);
    return () => this.taps.delete(fn);
  }

  get size(): number {
    return this.clients.size;
  }

  /** Drops every connection abruptly (the page sees a network failure and reconnects). */
  dropAll(): void {
    for (const ws of this.clients.keys()) ws.terminate();
    this.clients.clear();
  }

  /** Closes every connection politely (server shutdown). */
  closeAll(): void {
    for (const ws of this.clients.keys()) ws.close(1001, 'server shutting down');
    this.clients.clear();
  }

  /** A client that stopped reading is dropped rather than buffered for (http/limits.ts `sendBounded`). */
  private sendTo(ws: WebSocket, text: string): void {
    sendBounded(ws, text);
  }
}
