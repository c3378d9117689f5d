/** The `/ws` event socket: every connected page, a greeting with the present state, and broadcasts. */
import type { WebSocket } from 'ws';

/** One frame of the event socket (api.md "Event socket"). */
export interface EventFrame {
  event: string;
  data: unknown;
}

/** Fans events out to every `/ws` client. */
export class EventHub {
  private clients = new Set<WebSocket>();
  /** Listeners inside the process (tests, logging) see every broadcast too. */
  private taps = new Set<(f: EventFrame) => void>();

  /** `greeting` builds the frames a new connection gets first, so a page that (re)connects is current at once. */
  constructor(private greeting: () => EventFrame[]) {}

  /** Adopts a freshly upgraded socket. */
  attach(ws: WebSocket): void {
    this.clients.add(ws);
    ws.on('close', () => this.clients.delete(ws));
    ws.on('error', () => this.clients.delete(ws));
    // The app only listens on this socket; anything it sends is ignored.
    for (const f of this.greeting()) this.sendTo(ws, JSON.stringify(f));
  }

  /** Sends `{event, data}` to every client. */
  broadcast(event: string, data: unknown = {}): void {
    const frame = { event, data };
    for (const t of this.taps) t(frame);
    this.sendRaw(JSON.stringify(frame));
  }

  /** Sends a text frame as is (the control surface uses it to send malformed frames). */
  sendRaw(text: string): void {
    for (const ws of this.clients) this.sendTo(ws, text);
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
    for (const ws of this.clients) ws.terminate();
    this.clients.clear();
  }

  /** Closes every connection politely (server shutdown). */
  closeAll(): void {
    for (const ws of this.clients) ws.close(1001, 'server shutting down');
    this.clients.clear();
  }

  private sendTo(ws: WebSocket, text: string): void {
    if (ws.readyState === ws.OPEN) ws.send(text);
  }
}
