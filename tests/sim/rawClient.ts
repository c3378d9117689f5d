/**
 * Requests with exactly the headers a test names (fetch would add or refuse some, such as Host), and WebSocket
 * upgrades with a chosen Origin: what a page on another site could make the kiosk's browser send.
 */
import { request } from 'node:http';
import { WebSocket } from 'ws';

/** Status and parsed JSON body (or text) of a raw answer. */
export interface RawAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** Sends one HTTP request with only `headers` (plus Node's Host and Content-Length unless given). */
export function raw(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawAnswer> {
  const url = new URL(path, base);
  return new Promise((ok, fail) => {
    const req = request({ hostname: url.hostname, port: url.port, method, path: url.pathname + url.search, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        if ((res.headers['content-type'] ?? '').includes('json')) parsed = JSON.parse(text);
        ok({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on('error', fail);
    req.end(body);
  });
}

/**
 * Tries a WebSocket upgrade: resolves 101 when the socket opened (it is closed again), else the HTTP status
 * the server answered with. `host` replaces the Host header (a name rebound onto this machine's address);
 * `cookie` sends a `Cookie` header (a session, for the teleop socket).
 */
export function upgrade(url: string, origin?: string, host?: string, cookie?: string): Promise<number> {
  const headers = { ...(host === undefined ? {} : { host }), ...(cookie === undefined ? {} : { cookie }) };
  return new Promise((ok, fail) => {
    const ws = new WebSocket(url, { ...(origin === undefined ? {} : { origin }), headers, ...(url.startsWith('wss:') ? { rejectUnauthorized: false } : {}) });
    ws.once('open', () => {
      ws.close();
      ok(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      ok(res.statusCode ?? 0);
      res.resume();
      ws.terminate();
    });
    ws.on('error', (err) => fail(err)); // after a resolve, a no-op
  });
}
