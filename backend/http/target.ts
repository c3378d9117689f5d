/**
 * Reading a request's target without ever throwing, once for every entry point (HTTP calls, both WebSocket
 * upgrades, the pass-through server). `new URL(req.url, base)` throws on `//` (a scheme-relative URL with no
 * host) and would end the process if called outside a handler's error handling; here such a target is a path.
 */
import type { IncomingMessage } from 'node:http';

/**
 * The request's target as a URL on this server: an origin-form target (`/path?query`) resolved as WHATWG URLs
 * do (dot segments, `\` as `/`), the one path the guards, the session rules and the router all read. Null for
 * anything else (`*`, an absolute-form `http://host/path` meant for a proxy, an empty target): answer 400.
 */
export function requestTarget(req: Pick<IncomingMessage, 'url'>): URL | null {
  const raw = req.url;
  if (!raw?.startsWith('/')) return null;
  try {
    // Appended to a fixed origin, never resolved against it: `//host/x` stays the path `//host/x` on this server.
    return new URL(`http://backend${raw}`);
  } catch {
    return null;
  }
}
