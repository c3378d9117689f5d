/**
 * Generated malformed HTTP requests (tests/backend/fuzz.test.ts): each is the raw bytes of one connection, built
 * from a seeded choice of request line (method, target, version), headers (Host, Origin, Cookie, framing, odd
 * shapes), encoding and body. Most pieces are plausible and one or two are broken, so that the request gets past
 * the parser's first checks and reaches the guards, the session rules, the router and the handlers.
 */
import type { Prng } from './prng';

/** What the generators need to know about the back end under test. */
export interface FuzzTarget {
  /** `127.0.0.1:PORT` of the app's port */
  appHost: string;
  /** `127.0.0.1:PORT` of the teleop port */
  teleopHost: string;
  /** a live session's `Cookie` value, so that guarded calls and the teleop socket are reached too */
  cookie: string;
}

/** One case: the bytes sent on a fresh connection to one of the two ports. */
export interface RawCase {
  port: 'app' | 'teleop';
  bytes: Buffer;
  /** frames sent once the server answered 101 (WebSocket cases only) */
  frames?: Buffer;
}

/** Real paths, so that mutations land near routes (the control surface is left out: it is the test's own tool). */
export const PATHS = [
  '/healthz',
  '/api/settings',
  '/api/auth',
  '/api/auth/login',
  '/api/auth/session',
  '/api/reset-prize',
  '/api/destinations',
  '/api/destination/1',
  '/api/mission/definition/quick',
  '/api/current_mission',
  '/api/current_mission/step/0/activity/1/status',
  '/api/map/latest',
  '/api/reports',
  '/api/datetime',
  '/api/ended_missions/csv',
  '/',
  '/index.html',
  '/assets/x.js',
];

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const BAD_METHODS = ['TRACE', 'CONNECT', 'PRI', 'get', 'GE T', 'G\u0000T', 'X'.repeat(300), ''];
const BAD_VERSIONS = ['HTTP/2.0', 'HTTP/0.9', 'http/1.1', 'HTTP/1.1x', 'HTTP/9', ''];

/** A target: a real path, mutated, or one of the shapes that broke URL parsing. */
function target(r: Prng): string {
  const path = r.pick(PATHS);
  switch (r.int(0, 16)) {
    case 0:
      return r.pick(['//', '///', '//api/settings', '//evil.example/api/settings', '/\\evil', '\\\\']);
    case 1:
      return r.pick(['/%', '/%zz', '/%2', `${path}%`, `${path}/%e0%80`, '/%00', '/api/%2e%2e/%2e%2e/etc/passwd']);
    case 2:
      return `/${'a'.repeat(r.pick([1_000, 8_000, 17_000, 70_000]))}`;
    case 3:
      return r.pick(['/é', '/日本', '/\u{1F916}', `${path}/\u202e`, '/\uFFFF']);
    case 4:
      return r.pick(['http://127.0.0.1/api/settings', 'https://evil.example/healthz', 'http://[::1', 'ftp://x/', 'http:']);
    case 5:
      return r.pick(['*', '', ' ', '?', '#', 'api/settings']);
    case 6:
      return `${path}?${r.pick(['a=%zz', 'a=1&a=2', '%', '=' + 'x'.repeat(5000), '\u0000', 'pin=123456'])}`;
    case 7:
      return path.replace(/\//g, () => r.pick(['/', '//', '/./', '/x/../', '\\']));
    case 8:
      return `${path}/${r.pick(['0', '-1', '99999999999999999999999', '1e9', 'NaN', '1.5', '0x10', ' 1'])}`;
    case 9:
      return `${path}#frag`;
    default:
      return path;
  }
}

/** Host, Origin and Cookie headers, good or bad, sometimes repeated. */
function identity(r: Prng, t: FuzzTarget, host: string): string[] {
  const h: string[] = [];
  if (!r.chance(0.1)) h.push(`Host: ${r.chance(0.7) ? host : r.pick(['evil.example', '', '[::1', `${host}:1`, 'a'.repeat(300), 'localhost', 'x;y.localhost', '127.0.0.1:99999'])}`);
  if (r.chance(0.1)) h.push(`Host: ${r.pick(['other.example', host])}`);
  if (r.chance(0.4)) h.push(`Origin: ${r.pick([`http://${t.appHost}`, 'null', 'http://evil.example', 'garbage', '', `http://${t.appHost}/path`, 'http://[::1'])}`);
  if (r.chance(0.05)) h.push('Origin: http://evil.example');
  if (r.chance(0.5))
    h.push(`Cookie: ${r.pick([t.cookie, t.cookie, 'kiosk_session=', 'kiosk_session=%zz', ';;;=;', `kiosk_session=${'a'.repeat(4_000)}`, `${t.cookie}; ${t.cookie}x`, 'a=b=c; kiosk_session'])}`);
  return h;
}

/** A body: JSON (good, bad, deep, huge numbers) or bytes. */
function body(r: Prng): string | Buffer {
  switch (r.int(0, 11)) {
    case 0:
      return '{"pin": "1234';
    case 1:
      return '['.repeat(r.pick([100, 10_000, 200_000]));
    case 2:
      return `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    case 3:
      return JSON.stringify({ robot_name: r.pick(['1e999', 1e308, -0, Number.MAX_SAFE_INTEGER * 1024]), x: Number.MAX_VALUE });
    case 4:
      return `{"name":"x","x":${r.pick(['1e99999', '-1e99999', '123456789012345678901234567890', 'NaN', 'Infinity'])},"y":0,"orientation":0}`;
    case 5:
      return r.bytes(r.int(1, 200));
    case 6:
      return Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]);
    case 7:
      return JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: { x: 1 } } });
    case 8:
      return '{"robot_name": "\u0000\ud800"}';
    case 9:
      return '';
    case 10:
      return `{"a":"${'x'.repeat(r.pick([100, 1_100_000]))}"}`;
    default:
      return JSON.stringify({ pin: String(r.int(0, 999_999)).padStart(6, '0') });
  }
}

/** Framing headers and the body as sent: Content-Length (right, wrong, doubled), chunked (well or badly). */
function framed(r: Prng, payload: Buffer): { headers: string[]; wire: Buffer } {
  const headers: string[] = [];
  const mode = r.int(0, 9);
  if (mode <= 3) {
    headers.push(`Content-Length: ${r.chance(0.8) ? payload.length : r.pick([0, payload.length + 10, -1, '1e3', 'abc', '99999999999999999999'])}`);
    if (r.chance(0.05)) headers.push(`Content-Length: ${payload.length + 1}`);
    return { headers, wire: payload };
  }
  if (mode <= 7) {
    headers.push(`Transfer-Encoding: ${r.pick(['chunked', 'chunked', 'gzip, chunked', 'chunked, gzip', 'CHUNKED', 'identity', ' chunked'])}`);
    if (r.chance(0.1)) headers.push(`Content-Length: ${payload.length}`);
    return { headers, wire: chunked(r, payload) };
  }
  if (mode === 8) headers.push(`Content-Encoding: ${r.pick(['gzip', 'br', 'x'])}`);
  return { headers, wire: payload };
}

/** A chunked encoding of `payload`, sometimes broken: wrong sizes, bad hex, extensions, no terminator, trailers. */
function chunked(r: Prng, payload: Buffer): Buffer {
  const parts: (string | Buffer)[] = [];
  let at = 0;
  while (at < payload.length) {
    const n = Math.min(payload.length - at, r.int(1, 4_096));
    const size = r.chance(0.9) ? n.toString(16) : r.pick(['zz', '-1', 'ffffffffffffffffff', `${(n + 3).toString(16)}`, '', ' 1', '1;ext=x', '0x10']);
    parts.push(`${size}\r\n`, payload.subarray(at, at + n), r.chance(0.95) ? '\r\n' : 'XX');
    at += n;
  }
  if (r.chance(0.8)) parts.push(r.chance(0.8) ? '0\r\n\r\n' : r.pick(['0\r\nX-Trailer: 1\r\n\r\n', '0\r\n', '0;x\r\n\r\n']));
  return Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : p)));
}

/** Odd header shapes: obs-fold, NUL, no colon, huge, many, bad names. */
function oddHeaders(r: Prng): string[] {
  const h: string[] = [];
  // Most of them make the parser refuse the request: in one request of three only, so the rest goes deeper.
  const n = r.chance(0.66) ? 0 : r.int(1, 2);
  for (let i = 0; i < n; i++)
    switch (r.int(0, 8)) {
      case 0:
        h.push('X-Folded: a', '  folded continuation');
        break;
      case 1:
        h.push('X-Nul: a\u0000b');
        break;
      case 2:
        h.push('NoColonHere');
        break;
      case 3:
        h.push(`X-Huge: ${'h'.repeat(r.pick([8_000, 17_000, 40_000]))}`);
        break;
      case 4:
        for (let k = 0; k < r.pick([100, 2_000]); k++) h.push(`X-Many-${k}: ${k}`);
        break;
      case 5:
        h.push(`${r.pick(['Bad Name', ':', 'X\u00ff', ''])}: v`);
        break;
      case 6:
        h.push(`Expect: ${r.pick(['100-continue', 'nonsense'])}`);
        break;
      case 7:
        h.push(`Range: ${r.pick(['bytes=0-', 'bytes=-0', 'bytes=99999999-', 'bytes=5-1', 'bytes=0-1,2-3', 'bytes=x'])}`);
        break;
      default:
        h.push(`Connection: ${r.pick(['upgrade', 'close', 'keep-alive, Upgrade', ''])}`);
    }
  return h;
}

/** One generated HTTP request (sometimes two on the same connection: a pipelined keep-alive pair). */
export function httpCase(r: Prng, t: FuzzTarget): RawCase {
  const port = r.chance(0.85) ? 'app' : 'teleop';
  const one = (): Buffer => {
    // Mostly a request line the parser takes, so that the rest of the request reaches the back end's own code.
    const method = r.chance(0.9) ? r.pick(METHODS) : r.pick(BAD_METHODS);
    const version = r.chance(0.9) ? r.pick(['HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0']) : r.pick(BAD_VERSIONS);
    const line = `${method} ${target(r)} ${version}`;
    const raw = ['GET', 'HEAD'].includes(method) && r.chance(0.8) ? '' : body(r);
    const payload = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
    const { headers, wire } = framed(r, payload);
    if (payload.length && r.chance(0.85))
      headers.push(`Content-Type: ${r.pick(['application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-ndjson', 'multipart/form-data; boundary=x', ';;'])}`);
    const all = [line, ...identity(r, t, port === 'app' ? t.appHost : t.teleopHost), ...headers, ...oddHeaders(r)];
    const head = Buffer.from(`${all.join(r.chance(0.97) ? '\r\n' : '\n')}\r\n\r\n`, r.chance(0.9) ? 'utf8' : 'latin1');
    return Buffer.concat([head, wire]);
  };
  const bytes = r.chance(0.9) ? one() : Buffer.concat([one(), one()]);
  // A few connections end early: the request cut anywhere.
  return { port, bytes: r.chance(0.1) ? bytes.subarray(0, r.int(0, bytes.length)) : bytes };
}
