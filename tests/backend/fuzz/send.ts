/**
 * Sends one fuzz case over raw TCP: the bytes, then (for a WebSocket case the server took with 101) the frames,
 * then the end of the client's side; resolves with the status line's code (0 when none came) once the server
 * closed the connection or `waitMs` passed (the connection is then dropped).
 */
import { connect } from 'node:net';
import type { RawCase } from './httpCases';

/** The ports of the back end under test. */
export interface Ports {
  app: number;
  teleop: number;
}

export function sendCase(c: RawCase, ports: Ports, waitMs = 3_000): Promise<number> {
  return new Promise((done) => {
    const socket = connect(ports[c.port], '127.0.0.1');
    let got = '';
    let status = 0;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      clearTimeout(ending);
      socket.destroy();
      done(status);
    };
    const timer = setTimeout(finish, waitMs);
    socket.on('error', finish);
    socket.on('close', finish);
    // The client's side stays open until an answer starts (or 300 ms pass): Node ends a connection as soon as the
    // client half-closes it, which would cut the answers streamed a moment later (the app's files).
    let ending: NodeJS.Timeout | undefined;
    const endSoon = (ms: number) => {
      clearTimeout(ending);
      ending = setTimeout(() => socket.end(), ms);
    };
    socket.on('connect', () => {
      socket.write(c.bytes);
      if (!c.frames) endSoon(300);
    });
    socket.on('data', (d: Buffer) => {
      if (!c.frames) endSoon(20);
      if (status) return;
      got += d.toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(got);
      if (!m) return;
      status = Number(m[1]);
      if (c.frames && status === 101 && got.includes('\r\n\r\n')) socket.end(c.frames);
      else if (c.frames) socket.end();
    });
  });
}
