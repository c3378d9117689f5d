/**
 * The limits of api.md "Left running on a network", written once for every server of the back end (the API and
 * `/ws` port, the teleop port, the pass-through server's two): one `hardenServer` call per HTTP server, one
 * `SocketBudget` per back end shared by both WebSocket servers, and `wsLimits` for each WebSocketServer.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { baseHeaders } from './headers';
import { installLastResort } from './lastResort';

export const LIMITS = {
  /** request line and headers together; past it Node's parser stops and the answer is 431 */
  headerBytes: 16 * 1024,
  /** a client slower than this with its request headers is answered 408 and disconnected (slow loris) */
  headersTimeoutMs: 10_000,
  /** the whole request, body included: a 64 MB problem report over a slow link still fits */
  requestTimeoutMs: 300_000,
  /** how often Node looks for connections past the two timeouts (its default, 30 s, would triple the 10 s) */
  timeoutCheckMs: 1_000,
  /** a TLS handshake not done by then is dropped, like slow headers */
  tlsHandshakeMs: 10_000,
  /** largest message a `/ws` client may send (it sends nothing the app needs); the socket is closed 1009 */
  wsMessageBytes: 4 * 1024,
  /** largest teleop message (a `move` frame is about 100 bytes); the socket is closed 1009 */
  teleopMessageBytes: 4 * 1024,
  /** open WebSockets from one client address, over both WebSocket servers */
  socketsPerAddress: 64,
  /** open WebSockets in all, over both WebSocket servers */
  socketsInAll: 512,
  /**
   * Frames waiting for a client that stopped reading (its TCP window full): past this the socket is dropped, or
   * a reader that never reads would keep every frame sent to it for months.
   */
  sendBacklogBytes: 1024 * 1024,
} as const;

/**
 * Applies the HTTP limits and the headers every answer carries to `server` (before it listens), answers the
 * requests Node's parser refuses with an api.md error body instead of its bare one, and installs the process's
 * last-resort error handler (lastResort.ts). `secure`: served over HTTPS (adds Strict-Transport-Security).
 */
export function hardenServer(server: Server, secure = false): Server {
  // Both are read per connection and when listening starts (Node's _http_server.js), though typed only as options.
  (server as Server & { maxHeaderSize: number }).maxHeaderSize = LIMITS.headerBytes;
  server.headersTimeout = LIMITS.headersTimeoutMs;
  server.requestTimeout = LIMITS.requestTimeoutMs;
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = LIMITS.timeoutCheckMs;
  server.prependListener('request', (_req, res) => baseHeaders(res, secure));
  server.on('clientError', answerClientError);
  // After listening (a failure to listen is the caller's): an accept that fails, e.g. out of file descriptors.
  server.once('listening', () => server.on('error', (err) => console.error('[backend] server error', err)));
  installLastResort();
  return server;
}

/**
 * Sends a frame unless the client is gone, and drops a client whose unread backlog is over
 * `LIMITS.sendBacklogBytes` (it stopped reading); true when the frame was queued.
 */
export function sendBounded(ws: WebSocket, frame: Parameters<WebSocket['send']>[0]): boolean {
  if (ws.readyState !== ws.OPEN) return false;
  if (ws.bufferedAmount > LIMITS.sendBacklogBytes) {
    ws.terminate();
    return false;
  }
  ws.send(frame);
  return true;
}

/** Options of every WebSocketServer of the back end: `maxPayload` closes a socket sending more with 1009. */
export function wsLimits(maxPayload: number): { noServer: true; maxPayload: number } {
  return { noServer: true, maxPayload };
}

/**
 * Counts open WebSockets per client address and in all, for both WebSocket servers of one back end. A socket
 * counts from its admitted upgrade until its connection closes, whichever side closes it.
 */
export class SocketBudget {
  /** sockets counted by every budget of the process (the control surface shows it: a leak would lock clients out) */
  private static inProcess = 0;
  private byAddress = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly perAddress: number = LIMITS.socketsPerAddress,
    private readonly inAll: number = LIMITS.socketsInAll,
  ) {}

  /**
   * Takes a place for the upgrade of `req` on `socket`, freed when the socket closes; false after answering
   * 503 `too_many_connections` and closing it (the caller stops there).
   */
  admit(req: IncomingMessage, socket: Duplex): boolean {
    // Already gone (reset as it arrived): its 'close' may have passed, so it must not be counted.
    if (socket.destroyed) return false;
    const address = (req.socket.remoteAddress ?? '').toLowerCase().replace(/^::ffff:/, '');
    const mine = this.byAddress.get(address) ?? 0;
    if (mine >= this.perAddress || this.total >= this.inAll) {
      const which = mine >= this.perAddress ? `${this.perAddress} from one address` : `${this.inAll} in all`;
      answerSocket(socket, 503, 'too_many_connections', `too many open sockets (at most ${which}): close one and try again`);
      return false;
    }
    this.byAddress.set(address, mine + 1);
    this.total++;
    SocketBudget.inProcess++;
    socket.once('close', () => {
      this.total--;
      SocketBudget.inProcess--;
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
    });
    return true;
  }

  /** Open sockets counted now (tests). */
  get open(): number {
    return this.total;
  }

  /** Open sockets counted now by every budget of this process. */
  static openInProcess(): number {
    return SocketBudget.inProcess;
  }
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/**
 * Answers on a bare connection (an upgrade not taken, or a request Node's parser refused) with an api.md error
 * body, and closes it.
 */
export function answerSocket(socket: Duplex, status: number, code: string, message: string): void {
  if (!socket.writable) return void socket.destroy();
  const body = JSON.stringify({ error: { code, message } });
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  // A client that never reads its answer must not keep the connection open.
  setTimeout(() => socket.destroy(), 2_000).unref();
}

/** Node's parser refused a request (bad syntax, oversized headers, too slow): answer it, then drop the connection. */
function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  // An answer already under way on this connection cannot be followed by another one.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (err.code === 'ECONNRESET' || err.code === 'EPIPE' || inFlight?.headersSent) return void socket.destroy();
  if (err.code === 'HPE_HEADER_OVERFLOW') return answerSocket(socket, 431, 'headers_too_large', `request headers over ${LIMITS.headerBytes} bytes`);
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return answerSocket(socket, 408, 'request_timeout', `request not received in time (headers within ${LIMITS.headersTimeoutMs / 1000} s)`);
  // The parser's reason (`HPE_INVALID_HEADER_TOKEN`, ...) tells the client what to fix; it carries none of its text.
  const why = /^HPE_[A-Z_]+$/.test(err.code ?? '') ? ` (${err.code})` : '';
  answerSocket(socket, 400, 'bad_request', `malformed HTTP request${why}`);
}
