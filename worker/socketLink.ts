/** One WebSocket the core asked for, reported to the core as opened / message / closed events. */
import type { CoreEvent } from '../core/events';
import { SOCKET_OPEN, type Ports, type SocketLike } from './ports';

export class SocketLink {
  private socket: SocketLike | null = null;

  constructor(
    private readonly ports: Ports,
    private readonly url: string,
    private readonly kind: 'ws' | 'teleop',
    private readonly report: (event: CoreEvent) => void,
    /** The teleop socket is closed on error (spec 4.6); /ws waits for its close. */
    private readonly closeOnError = false,
  ) {}

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
    socket.onmessage = (ev) => this.report(this.frame(ev.data));
    socket.onerror = () => {
      if (this.closeOnError) socket.close();
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.report({ type: `${this.kind}/closed`, at: this.ports.now() } as CoreEvent);
    };
  }

  /** Parses a frame here so the log holds the message; an unparseable one goes to the core raw, to be rejected. */
  private frame(data: unknown): CoreEvent {
    const at = this.ports.now();
    const type = `${this.kind}/message` as 'ws/message';
    if (typeof data !== 'string') return { type, at, raw: '[binary frame]' };
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

  close(): void {
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close();
    }
  }
}
