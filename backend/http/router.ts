/**
 * A small HTTP router for the API: path patterns with `:name` parameters, JSON bodies in, api.md envelopes
 * out (`{"data": ...}` or `{"error": {"code", "message"}}`), and no request can crash the process.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { type Caller, NOBODY } from './sessions';

/** An error with an api.md code; thrown by handlers and turned into the error body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Shorthands for the usual errors. */
export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} not found`);
export const conflict = (message: string) => new ApiError(409, 'conflict', message);

/** What a handler gets. */
export interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  params: Record<string, string>;
  /** parsed JSON body, or undefined when the request had none */
  body: unknown;
  url: URL;
  /** who is calling: their session (its key) and whether from the robot's own screen (http/access.ts) */
  caller: Caller;
}

/** A handler's answer that is not JSON (a file download). */
export class RawAnswer {
  constructor(
    readonly status: number,
    readonly headers: Record<string, string>,
    readonly body: string | Buffer,
  ) {}
}

/** Returns the `data` of the answer (or a RawAnswer); may throw ApiError. */
export type Handler = (ctx: Ctx) => unknown;

interface Route {
  method: string;
  re: RegExp;
  keys: string[];
  handler: Handler;
  /** The handler reads the request body itself (a stream bigger than the JSON bound, such as a report's clip). */
  rawBody: boolean;
}

/** How a route takes its request. */
export interface RouteOptions {
  /** Leave the body unread for the handler to stream (`body` is then undefined); no 1 MB bound applies. */
  rawBody?: boolean;
}

/** Largest accepted body; a map-sized request is far smaller. */
export const MAX_BODY = 1_000_000;

/** Parses `value` with a zod schema or throws a 400 naming the first bad field. */
export function validate<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const path = issue?.path.map(String) ?? [];
  // An unknown field is reported under its own name, so the message names the field to remove.
  if (issue?.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '?';
    throw new ApiError(400, 'invalid_request', `${[...path, key].join('.')}: unknown field`);
  }
  const field = path.length ? path.join('.') : 'body';
  throw new ApiError(400, 'invalid_request', `${field}: ${issue?.message ?? 'invalid'}`);
}

/** Writes a JSON answer. */
export function sendJson(res: ServerResponse, status: number, payload: unknown): void {
  const text = JSON.stringify(payload);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

/** Writes an api.md error body. */
export function sendError(res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, { error: { code, message } });
}

/** Routes requests to handlers. */
export class Router {
  private routes: Route[] = [];

  /** Adds a route; `pattern` like `/api/destination/:id` (`:id` params match positive integers only). */
  on(method: string, pattern: string, handler: Handler, options: RouteOptions = {}): this {
    const keys: string[] = [];
    const re = new RegExp(
      '^' +
        pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_m, k: string) => {
          keys.push(k);
          return k === 'name' || k === 'kind' || k === 'metric' ? '([^/]+)' : '([0-9]+)';
        }) +
        '/?$',
    );
    this.routes.push({ method, re, keys, handler, rawBody: options.rawBody ?? false });
    return this;
  }

  /** Answers a request whose path this router owns. */
  async handle(req: IncomingMessage, res: ServerResponse, url: URL, caller: Caller = NOBODY): Promise<void> {
    try {
      const path = url.pathname;
      let methodMismatch = false;
      for (const r of this.routes) {
        const m = r.re.exec(path);
        if (!m) continue;
        if (r.method !== req.method) {
          methodMismatch = true;
          continue;
        }
        const params: Record<string, string> = {};
        r.keys.forEach((k, i) => (params[k] = m[i + 1] as string));
        const body = r.rawBody ? undefined : await readBody(req);
        const out = await r.handler({ req, res, params, body, url, caller });
        if (res.writableEnded) return;
        if (out instanceof RawAnswer) {
          res.writeHead(out.status, out.headers);
          res.end(out.body);
        } else sendJson(res, 200, { data: out ?? {} });
        return;
      }
      if (methodMismatch) throw new ApiError(405, 'method_not_allowed', `${req.method} is not allowed on ${path}`);
      throw new ApiError(404, 'not_found', `no such call: ${req.method} ${path}`);
    } catch (err) {
      if (res.headersSent) return void res.end();
      if (err instanceof ApiError) return sendError(res, err.status, err.code, err.message);
      console.error('[sim] request failed', req.method, req.url, err);
      sendError(res, 500, 'internal', 'internal error');
    }
  }
}

/** Reads a JSON body; undefined when empty; a 400 when it is not JSON or too large. */
async function readBody(req: IncomingMessage): Promise<unknown> {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    // Keep reading (and dropping) the rest, so the client gets the answer rather than a reset connection.
    if (size <= MAX_BODY) chunks.push(chunk as Buffer);
  }
  if (size > MAX_BODY) throw new ApiError(413, 'payload_too_large', `body larger than ${MAX_BODY} bytes`);
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'invalid_request', 'body: not valid JSON');
  }
}
