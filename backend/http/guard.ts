/**
 * The rules that keep forged requests out, written once for the simulator and the pass-through server, for
 * HTTP and for both WebSockets (`/ws` and teleop).
 *
 * First, the `Host` a request was sent to must be a name this server answers to: an IP address, `localhost`,
 * the machine's own name, or one named with `--allow-host`. Otherwise a page on another site could point its
 * own DNS name at the robot's address (DNS rebinding): the browser then takes the robot for that site, its
 * Origin and Host agree, and the Origin rule below would let it read and drive everything.
 *
 * A page on another site can make the kiosk's browser send a "simple" request with no preflight: any method
 * among GET/POST, a body typed `text/plain`, a form, or no body at all. So:
 * - a request body must be declared `Content-Type: application/json`; a browser only sends that type cross-site
 *   after a CORS preflight, which this back end never grants. A declared type other than JSON is refused even on
 *   an empty body (a form is a form). A call with no body and no type (`curl -X DELETE`) is let through: a page
 *   on another site cannot send it unseen, since PUT, PATCH and DELETE need a preflight and a POST carries its
 *   Origin, refused below;
 * - a request or a WebSocket upgrade whose `Origin` names another site is refused. Browsers always send Origin
 *   on WebSocket upgrades and on every POST, PUT, PATCH and DELETE; a request with no Origin comes from a
 *   program (curl, tests, the robot's tools), not from a page, and is let through.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import type { Duplex } from 'node:stream';
import { ApiError, sendError } from './router';
import { requestTarget } from './target';

/** Which origins are the app's own. */
export interface OriginRule {
  /**
   * The port the app's pages come from, for a socket listening on another port of the same host (teleop on
   * 9191 takes pages of the app's HTTP port). Unset: the port the request itself was sent to (its Host).
   */
  appPort?: () => number;
  /** Further origins allowed everywhere, e.g. the Vite dev server `http://localhost:5173` (`--allow-origin`). */
  allowed?: readonly string[];
  /**
   * Host names this server answers to besides IP addresses and `localhost` (`--allow-host`, and the machine's
   * own name): `kiosk.example.org` exactly, or `.example.org` for that domain and every name under it.
   * Unset: the machine's own name (`os.hostname()` and the same with `.local`).
   */
  hosts?: readonly string[];
}

/** The rule of a server started with `--allow-origin` and `--allow-host` values: the machine's names and those. */
export function serverRule(allowOrigins: readonly string[] = [], allowHosts: readonly string[] = []): OriginRule {
  return { allowed: allowOrigins, hosts: [...ownHostNames(), ...allowHosts] };
}

/** The machine's own names, as a browser on the robot's network would reach it by name. */
export function ownHostNames(): string[] {
  const name = hostname().toLowerCase();
  return name ? [name, name.endsWith('.local') ? name : `${name}.local`] : [];
}

/**
 * Whether a request sent to `host` (its Host header) may be answered: an IP address (a page cannot rebind a
 * name it does not own onto an address written as one), `localhost` and its subdomains, the hostnames of the
 * allowed origins, or a name in `rule.hosts`. An absent Host is no browser's and is allowed, as is no Origin.
 */
export function isServedHost(host: string | undefined, rule: OriginRule = {}): boolean {
  if (host === undefined) return true;
  let name: string;
  try {
    name = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  if (name.startsWith('[') || isIP(name) !== 0) return true;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (rule.allowed?.some((a) => parseOrigin(a)?.hostname === name)) return true;
  return (rule.hosts ?? ownHostNames()).some((h) => {
    const want = h.toLowerCase();
    return want.startsWith('.') ? name === want.slice(1) || name.endsWith(want) : name === want;
  });
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether `origin` is the app's own: same scheme-normalised hostname as the `host` the request was sent to, and
 * the app's port. An absent Origin is allowed (not a browser); `null` or anything unparsable is not.
 */
export function isOwnOrigin(origin: string | undefined, host: string | undefined, rule: OriginRule = {}): boolean {
  if (origin === undefined) return true;
  const page = parseOrigin(origin);
  if (!page) return false;
  if (rule.allowed?.some((a) => parseOrigin(a)?.origin === page.origin)) return true;
  if (!host) return false;
  let target: URL;
  try {
    // The Host header read with the page's scheme, so that `robot` and `robot:80` are the same place.
    target = new URL(`${page.protocol}//${host}`);
  } catch {
    return false;
  }
  if (target.hostname !== page.hostname) return false;
  return portOf(page) === (rule.appPort?.() ?? portOf(target));
}

/** The refusal for an HTTP request under the rules above, or null when it may go on. */
export function requestRefusal(req: IncomingMessage, rule: OriginRule = {}): ApiError | null {
  if (!isServedHost(req.headers.host, rule)) return hostRefusal(req.headers.host);
  const origin = req.headers.origin;
  if (!isOwnOrigin(origin, req.headers.host, rule))
    return new ApiError(403, 'forbidden_origin', `requests from another site (${origin}) are refused`);
  const type = mediaType(req.headers['content-type']);
  const wanted = bodyType(req);
  if (STATE_CHANGING.has(req.method ?? '') && type !== wanted && (type !== undefined || hasBody(req))) {
    const sent = req.headers['content-type'] ? `content type ${req.headers['content-type']}` : 'no content type';
    return new ApiError(415, 'unsupported_media_type', `a ${req.method} body needs content type ${wanted}, not ${sent}`);
  }
  return null;
}

/** Answers a refused request with its api.md error body; true when it did (the caller stops there). */
export function refuseRequest(req: IncomingMessage, res: ServerResponse, rule: OriginRule = {}): boolean {
  const refusal = requestRefusal(req, rule);
  if (!refusal) return false;
  sendError(res, refusal.status, refusal.code, refusal.message);
  return true;
}

/**
 * Refuses a WebSocket upgrade from another site with a plain 403 before any handshake, and closes the
 * connection; true when it did. Call it first in every `upgrade` handler.
 */
export function refuseUpgrade(req: IncomingMessage, socket: Duplex, rule: OriginRule = {}): boolean {
  const { host, origin } = req.headers;
  let text: string;
  if (!isServedHost(host, rule)) text = `${hostRefusal(host).message}\n`;
  else if (!isOwnOrigin(origin, host, rule)) text = `WebSocket from another site (${origin}) refused\n`;
  else return false;
  socket.end(
    `HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
  return true;
}

function hostRefusal(host: string | undefined): ApiError {
  return new ApiError(403, 'forbidden_host', `requests sent to ${host} are refused: start the server with --allow-host NAME to answer to that name`);
}

function parseOrigin(text: string): URL | null {
  try {
    const u = new URL(text);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

function portOf(u: URL): number {
  return u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80;
}

/**
 * The one body type a request may carry: JSON, except a problem report's upload, an event log clip as JSON Lines
 * (api.md). Like JSON, a page on another site cannot send `application/x-ndjson` without a preflight.
 */
function bodyType(req: IncomingMessage): string {
  // The normalised path the router routes by: `/api/./reports` is the reports call too, and takes its type.
  const path = requestTarget(req)?.pathname.replace(/\/$/, '');
  return req.method === 'POST' && path === '/api/reports' ? 'application/x-ndjson' : 'application/json';
}

/** `application/json; charset=utf-8` -> `application/json`; undefined when absent. */
function mediaType(header: string | undefined): string | undefined {
  return header?.split(';')[0]?.trim().toLowerCase();
}

/**
 * Whether a request carries a body, read from its framing as HTTP does (RFC 9112 6.3): a Transfer-Encoding, or a
 * Content-Length above 0. A chunked body is counted even if it turns out empty: it cannot be known unread.
 */
function hasBody(req: IncomingMessage): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && length.trim() !== '0';
}
