/**
 * The entry points of a server, each inside its own error handling (api.md "Left running on a network"): a
 * request or an upgrade that throws, now or later, is answered 500 (or its connection closed) and nothing else
 * happens; a target that is not a path is answered 400 before any handler sees it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { answerSocket } from './limits';
import { sendError } from './router';
import { requestTarget } from './target';

/** A request handler given the parsed target (target.ts), the one path every rule and route reads. */
export type TargetHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => unknown;

/** An upgrade handler given the parsed target; it owns `socket` (answers or hands it to a WebSocketServer). */
export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer, url: URL) => unknown;

/** The `request` listener around `handler`; `name` goes in the log line of an error. */
export function guardRequests(name: string, handler: TargetHandler): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const fail = (err: unknown) => {
      console.error(`[${name}] request failed`, req.method, err);
      if (!res.headersSent) sendError(res, 500, 'internal', 'internal error');
      else res.destroy();
    };
    try {
      const url = requestTarget(req);
      if (!url) return sendError(res, 400, 'bad_request', 'the request target must be a path such as /api/settings');
      void Promise.resolve(handler(req, res, url)).catch(fail);
    } catch (err) {
      fail(err);
    }
  };
}

/** The `upgrade` listener around `handler`: a connection error or a throw closes this connection only. */
export function guardUpgrades(name: string, handler: UpgradeHandler): (req: IncomingMessage, socket: Duplex, head: Buffer) => void {
  return (req, socket, head) => {
    // Node leaves an upgraded connection without an error listener: a reset would be an uncaught 'error'.
    socket.on('error', () => socket.destroy());
    const fail = (err: unknown) => {
      console.error(`[${name}] upgrade failed`, err);
      answerSocket(socket, 500, 'internal', 'internal error');
    };
    try {
      const url = requestTarget(req);
      if (!url) return answerSocket(socket, 400, 'bad_request', 'the request target must be a path such as /ws');
      void Promise.resolve(handler(req, socket, head, url)).catch(fail);
    } catch (err) {
      fail(err);
    }
  };
}
