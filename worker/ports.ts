/** What the worker shell needs from its environment; the browser supplies the real ones, tests fakes. */

export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
}

export interface HttpAnswer {
  status: number;
  text(): Promise<string>;
}

export interface Ports {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Runs `fn` before the next frame (requestAnimationFrame where the worker has it). */
  nextFrame(fn: () => void): void;
  openSocket(url: string): SocketLike;
  fetch(url: string, init: { method: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal }): Promise<HttpAnswer>;
  random(): number;
  /** The page's location, to build the socket and API addresses. */
  location: { protocol: string; host: string; hostname: string; origin: string };
  tzOffsetMinutes(): number;
  log(level: 'info' | 'warn' | 'error', message: string): void;
}

export const SOCKET_OPEN = 1;
