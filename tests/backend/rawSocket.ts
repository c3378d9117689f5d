/** Raw TCP for the limit tests: the whole answer to some bytes, and the time the server took to close. */
import { connect } from 'node:net';

/** Writes `bytes` (ending the client's side unless `keepOpen`) and resolves the answer once the server closes. */
export function rawExchange(port: number, bytes: string | Buffer, keepOpen = false, timeoutMs = 5_000): Promise<string> {
  return new Promise((ok, fail) => {
    const socket = connect(port, '127.0.0.1', () => (keepOpen ? socket.write(bytes) : socket.end(bytes)));
    let got = '';
    const timer = setTimeout(() => (socket.destroy(), fail(new Error(`no close within ${timeoutMs} ms; got ${got.slice(0, 200)}`))), timeoutMs);
    socket.on('data', (d: Buffer) => (got += d.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => (clearTimeout(timer), ok(got)));
  });
}

/** The status code of a raw answer (0 when there is none). */
export function statusOf(answer: string): number {
  return Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0);
}

/** The JSON error code of a raw answer's body, if any. */
export function codeOf(answer: string): string | undefined {
  return /"code":"([a-z_]+)"/.exec(answer)?.[1];
}
