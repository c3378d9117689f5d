/**
 * The pass-through server's HTTP leg (proxy.ts): one checked call carried to the robot's back end, over HTTP or
 * HTTPS, and its answer carried back. Whatever the robot does (refuses the connection, resets it, answers
 * something that is not HTTP, never answers) and whatever the client does (hangs up mid-call), the call ends with
 * an api.md error or a closed connection, never an error the process does not handle.
 */
import { request as httpRequest, type ClientRequest, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { DEFAULT_REPORT_BOUNDS } from './problemReports';
import { MAX_BODY, sendError } from './http/router';

/** The robot, and how to trust its certificate when it serves HTTPS with one of its own (self-signed). */
export interface RobotTarget {
  url: URL;
  /** PEM of the CA (or the self-signed certificate) to trust for an https:// or wss:// robot */
  ca?: Buffer;
}

/** How long the robot may stay silent on a call before it is answered 504. */
export const ROBOT_TIMEOUT_MS = 30_000;

/** What to forward: the normalised path and query that were checked, the robot's headers, and the login hook. */
export interface Forwarding {
  /** path + query as checked here (dot segments resolved), never the raw request target */
  pathAndQuery: string;
  headers: IncomingMessage['headers'];
  /** a body already read here (a PIN call's, proxySessions.ts), sent instead of the request's */
  body?: Buffer | undefined;
  /** reads a PIN call's whole answer and gives the cookie to set instead of the robot's, if any */
  onAnswer: ((status: number, cookies: string[], body: Buffer) => Promise<string | null>) | null;
}

/** Hop-by-hop headers describe one connection, not the call (RFC 9110 7.6.1), and Expect was answered here: not passed on. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'content-length', 'expect'];

function withoutHopByHop<T extends Record<string, unknown>>(headers: T): T {
  const out = { ...headers };
  for (const h of HOP_BY_HOP) delete out[h];
  return out;
}

/**
 * Carries one call. A JSON call's body is read here first, at most MAX_BODY bytes (413 beyond, as the back end
 * answers); a problem report's clip is streamed, at most its 64 MB bound.
 */
export async function forward(robot: RobotTarget, req: IncomingMessage, res: ServerResponse, call: Forwarding): Promise<void> {
  const streamed = req.method === 'POST' && call.pathAndQuery.split('?')[0]?.replace(/\/$/, '') === '/api/reports';
  const limit = streamed ? DEFAULT_REPORT_BOUNDS.maxUploadBytes : MAX_BODY;
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return tooLarge(req, res, limit);
  const headers: OutgoingHttpHeaders = { ...withoutHopByHop(call.headers), host: robot.url.host };
  let body: Buffer | null = null;
  if (call.body) {
    body = call.body;
    headers['content-length'] = body.length;
  } else if (!streamed) {
    body = await readWhole(req, limit);
    if (body === null) return tooLarge(req, res, limit);
    if (body.length > 0 || req.method === 'POST' || req.method === 'PUT' || req.method === 'PATCH') headers['content-length'] = body.length;
  } else if (req.headers['content-length'] !== undefined) headers['content-length'] = declared;

  const send = robot.url.protocol === 'https:' ? httpsRequest : httpRequest;
  let up: ClientRequest;
  try {
    up = send({
      protocol: robot.url.protocol,
      hostname: robot.url.hostname,
      port: robot.url.port,
      method: req.method,
      path: call.pathAndQuery,
      headers,
      ...(robot.ca ? { ca: robot.ca } : {}),
    });
  } catch (err) {
    return sendError(res, 502, 'backend_unreachable', `robot back end unreachable: ${(err as Error).message}`);
  }
  // The client hung up before the answer was sent: the robot's call is dropped too.
  res.once('close', () => {
    if (!res.writableFinished) up.destroy();
  });
  up.setTimeout(ROBOT_TIMEOUT_MS, () => up.destroy(Object.assign(new Error(`no answer in ${ROBOT_TIMEOUT_MS / 1000} s`), { code: 'ETIMEDOUT' })));
  up.on('error', (err: NodeJS.ErrnoException) => {
    if (res.headersSent || res.destroyed) return void res.destroy();
    if (err.code === 'ETIMEDOUT') return sendError(res, 504, 'backend_timeout', `robot back end did not answer: ${err.message}`);
    sendError(res, 502, 'backend_unreachable', `robot back end unreachable: ${err.message}`);
  });
  up.on('response', (answer) => answerBack(answer, res, call.onAnswer));
  if (body) return void up.end(body);
  streamBody(req, up, limit, res);
}

/** Passes the robot's answer on (a PIN check's whole, with our cookie instead of the robot's). */
function answerBack(answer: IncomingMessage, res: ServerResponse, onAnswer: Forwarding['onAnswer']): void {
  const { 'set-cookie': robotSets, ...rest } = answer.headers;
  const headers = withoutHopByHop(rest);
  // The robot reset the connection mid-answer: the client's connection is cut too (its answer is incomplete).
  answer.on('error', () => res.destroy());
  answer.on('aborted', () => res.destroy());
  const status = answer.statusCode ?? 502;
  if (res.destroyed) return void answer.destroy();
  if (!onAnswer) {
    if (answer.headers['content-length'] !== undefined) headers['content-length'] = answer.headers['content-length'];
    res.writeHead(status, headers);
    return void answer.pipe(res);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  answer.on('data', (c: Buffer) => {
    size += c.length;
    if (size <= MAX_BODY) chunks.push(c);
    else answer.destroy(new Error('PIN check answer too large'));
  });
  answer.on('end', () => {
    const body = Buffer.concat(chunks);
    onAnswer(status, robotSets ?? [], body).then(
      (cookie) => {
        if (res.destroyed) return;
        if (cookie) res.setHeader('set-cookie', cookie);
        res.writeHead(status, { ...headers, 'content-length': String(body.length) });
        res.end(body);
      },
      (err: Error) => sendError(res, 502, 'backend_unreachable', `robot back end: ${err.message}`),
    );
  });
}

/** Reads a body whole, at most `limit` bytes; null when it is larger (the rest read and dropped). */
export async function readWhole(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= limit) chunks.push(chunk as Buffer);
  }
  return size > limit ? null : Buffer.concat(chunks);
}

/** Pipes a clip to the robot, counting: past `limit` the robot's call is dropped and the client answered 413. */
function streamBody(req: IncomingMessage, up: ClientRequest, limit: number, res: ServerResponse): void {
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) {
      if (!up.destroyed) {
        // Answered here, not by the robot: its call's errors and answer no longer matter.
        up.removeAllListeners('response').removeAllListeners('error').on('error', () => undefined);
        up.destroy();
        if (!res.headersSent) sendError(res, 413, 'payload_too_large', `body larger than ${limit} bytes`);
      }
      return;
    }
    if (!up.destroyed && !up.write(chunk)) {
      req.pause();
      up.once('drain', () => req.resume());
    }
  });
  req.on('end', () => {
    if (!up.destroyed) up.end();
  });
  req.on('error', () => up.destroy());
}

function tooLarge(req: IncomingMessage, res: ServerResponse, limit: number): void {
  // Closed after the answer: reading up to the declared length only to drop it would tie the server up.
  res.setHeader('connection', 'close');
  sendError(res, 413, 'payload_too_large', `body larger than ${limit} bytes`);
  req.resume();
}
