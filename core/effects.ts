/** Plain-data instructions the core hands the shell to carry out. The core itself performs no I/O. */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Marks a place in a request body where the worker substitutes a secret it holds (a PIN), so the secret never
 * passes through the core, its state or the event log.
 */
export interface SecretRef {
  $secret: 'pin' | 'newPin' | 'currentPin';
}

export type Effect =
  | { type: 'http/request'; id: number; method: HttpMethod; path: string; body?: unknown }
  | { type: 'ws/open' }
  | { type: 'ws/send'; message: unknown }
  | { type: 'teleop/open' }
  | { type: 'teleop/send'; message: unknown }
  /**
   * Close /ws and the teleop socket and open them again at once, unreported: a login or logout changed the
   * session cookie, and a socket carries the cookie it was opened with (api.md, Sessions).
   */
  | { type: 'sockets/renew' }
  /** Forget a held secret (after success, or when the person leaves the page). */
  | { type: 'secret/clear'; name: 'pin' | 'newPin' | 'currentPin' }
  /** Wake the core with a `tick` at this time (the earliest due timer), or never when null. */
  | { type: 'wake'; at: number | null }
  /** A new map image (base64 PNG) for `version`: the shell decodes it once and hands the pixels on. */
  | { type: 'map/image'; version: number; image: string }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; message: string };
