/**
 * Reading a request's target without ever throwing, once for every entry point (HTTP calls, both WebSocket
 * upgrades, the pass-through server). `new URL(req.url, base)` throws on `//` (a scheme-relative URL with no
 * host) and would end the process if called outside a handler's error handling; here such a target is a path.
 */
import type { IncomingMessage } from 'node:http';

/**
 * The request's target as a URL on this server: an origin-form target (`/path?query`) resolved as WHATWG URLs
 * do (dot segments, `\` as `/`), the one path the guards, the session rules and the router all read. Null (answer
 * 400, api.md "Left running on a network") for anything else: `*`, an absolute-form `http://host/path` meant for
 * a proxy, an empty target, a path that starts with `//` (no page or call of this server does; a client that
 * sends it is confused or probing), or broken percent-encoding (`/%zz`, `/%e0%80`).
 */
export function requestTarget(req: Pick<IncomingMessage, 'url'>): URL | null {
  const raw = req.url;
  if (!raw?.startsWith('/')) return null;
  let url: URL;
  try {
    // Appended to a fixed origin, never resolved against it: `//host/x` stays a path on this server.
    url = new URL(`http://backend${raw}`);
    decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  return url.pathname.startsWith('//') ? null : url;
}
