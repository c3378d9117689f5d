/**
 * Clients of the PIN lockout tests: calls from a chosen loopback source address (127.0.0.2, 127.0.0.3, ...),
 * so that one machine plays several devices; a back end started with `isRobotScreen: robotScreenIs127001`
 * takes only 127.0.0.1 for its own screen and every other address for a device on the network.
 */
import { request } from 'node:http';
import type { MonoTime } from '../../backend/clock';

/** Status, parsed JSON body and the headers a lockout test reads. */
export interface FromAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  retryAfter: string | undefined;
  setCookie: string[];
}

/** The robot's own screen is 127.0.0.1 only; the rest of 127/8 plays the network. */
export const robotScreenIs127001 = (a: string) => a.replace(/^::ffff:/, '') === '127.0.0.1';

/** One JSON call to `base` from the source address `from`. */
export function callFrom(base: string, from: string, method: string, path: string, body?: unknown, cookie?: string): Promise<FromAnswer> {
  const url = new URL(path, base);
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { ...(text ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) };
  return new Promise((ok, fail) => {
    const req = request({ hostname: url.hostname, port: url.port, localAddress: from, method, path: url.pathname, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const header = res.headers['retry-after'];
        ok({
          status: res.statusCode ?? 0,
          body: (res.headers['content-type'] ?? '').includes('json') ? JSON.parse(raw) : raw,
          retryAfter: Array.isArray(header) ? header[0] : header,
          setCookie: res.headers['set-cookie'] ?? [],
        });
      });
    });
    req.on('error', fail);
    req.end(text);
  });
}

/** A login from `from`: `{status, isCorrect, cookie}`. */
export async function loginFrom(base: string, from: string, pin: string, path = '/api/auth/login') {
  const r = await callFrom(base, from, 'POST', path, { pin });
  const cookie = r.setCookie.map((c) => c.split(';')[0] as string).find((c) => c.startsWith('kiosk_session='));
  return { status: r.status, isCorrect: r.body?.data?.isCorrect as boolean | undefined, cookie, retryAfter: r.retryAfter, code: r.body?.error?.code as string | undefined };
}

/** A clock for the lockout and the sessions that the test moves by hand. */
export function virtualTime(): MonoTime & { now: number } {
  const c = { now: 0, monoNow: () => c.now };
  return c;
}
