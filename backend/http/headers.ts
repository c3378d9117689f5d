/**
 * The headers of api.md "Left running on a network". Every answer: `nosniff`, no referrer, no framing, and a
 * policy that lets nothing run (a JSON answer opened as a page does nothing). The app's own files (its pages,
 * scripts and worker scripts, which take the policy of their own answer) get the app's policy instead, `appPolicy`.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The policy of every answer that is not one of the app's files. */
const NOTHING_RUNS = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Sets the headers every answer carries (hardenServer calls it for each request, before any handler). */
export function baseHeaders(res: ServerResponse, secure: boolean): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Content-Security-Policy', NOTHING_RUNS);
  // A year: the robot's name keeps its certificate; a browser that once saw HTTPS never falls back to HTTP.
  if (secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000');
}

/**
 * The app's policy: its own scripts (plus the inline ones of `html`, by hash: the prerendered first screen starts
 * the core's worker before the bundle loads), its own styles (inline ones too: React and the prerender set them),
 * images from itself, data: and blob: (maps, previews), workers from itself, and sockets to this host only: `/ws`
 * on the page's own port ('self') and the teleop socket on its own port of the same host. Nobody may frame it.
 */
export function appPolicy(req: IncomingMessage, html?: string): string {
  const hashes = html ? inlineScriptHashes(html).map((h) => ` '${h}'`).join('') : '';
  const host = socketHost(req.headers.host);
  const sockets = host ? ` ws://${host}:* wss://${host}:*` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${hashes}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    `connect-src 'self' blob:${sockets}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const hashCache = new Map<string, string[]>();

/** `sha256-...` of each inline `<script>` of an HTML page (kept per page text: index.html is read for each load). */
export function inlineScriptHashes(html: string): string[] {
  const known = hashCache.get(html);
  if (known) return known;
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi))
    hashes.push(`sha256-${createHash('sha256').update(m[1] ?? '', 'utf8').digest('base64')}`);
  if (hashCache.size > 8) hashCache.clear();
  hashCache.set(html, hashes);
  return hashes;
}

/**
 * The host name of a Host header, only when it is plainly a name or an address (it is the client's text, and
 * goes into a header): `robot.local`, `10.0.0.5`, `[::1]`; null otherwise, and the policy then names no socket host.
 */
function socketHost(header: string | undefined): string | null {
  if (!header) return null;
  const name = header.replace(/:\d{1,5}$/, '');
  return /^[a-z0-9.-]{1,253}$/i.test(name) || /^\[[0-9a-f:.]{2,45}\]$/i.test(name) ? name.toLowerCase() : null;
}
