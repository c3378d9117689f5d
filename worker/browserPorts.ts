/// <reference lib="webworker" />
/** The real environment of the worker: the clock, timers, frames, WebSocket and fetch. */
import type { Ports, SocketLike } from './ports';

export function browserPorts(): Ports {
  const scope = self as unknown as DedicatedWorkerGlobalScope & { requestAnimationFrame?: (cb: () => void) => number };
  const FRAME_MS = 16; // one frame at 60 Hz, where the worker has no requestAnimationFrame
  return {
    now: () => Date.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    nextFrame: (fn) => {
      if (typeof scope.requestAnimationFrame === 'function') scope.requestAnimationFrame(fn);
      else setTimeout(fn, FRAME_MS);
    },
    openSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    fetch: (url, init) => fetch(url, init),
    random: () => Math.random(),
    location: { protocol: location.protocol, host: location.host, hostname: location.hostname, origin: location.origin },
    tzOffsetMinutes: () => new Date().getTimezoneOffset(),
    log: (level, message) => {
      if (level === 'error') console.error(message);
      else if (level === 'warn') console.warn(message);
      else console.debug(message);
    },
  };
}
