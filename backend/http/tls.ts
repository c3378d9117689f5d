/**
 * HTTP or HTTPS, the same way for every server of the back end (API, `/ws`, teleop, pass-through): with a
 * certificate and key (`--tls-cert FILE --tls-key FILE`) each port speaks HTTPS and WSS, with Node's own `https`.
 */
import { readFileSync } from 'node:fs';
import { createServer as createHttp, type RequestListener, type Server } from 'node:http';
import { createServer as createHttps } from 'node:https';
import { resolve } from 'node:path';
import { LIMITS } from './limits';

/** Certificate and private key files (PEM). */
export interface TlsFiles {
  cert: string;
  key: string;
}

/** Loaded PEM contents, read once at start. */
export interface TlsPem {
  cert: Buffer;
  key: Buffer;
}

/** Reads the certificate and key, or throws an error naming the flag and the file that could not be read. */
export function readTls(files: TlsFiles | undefined): TlsPem | null {
  if (!files) return null;
  const read = (path: string, flag: string) => {
    try {
      return readFileSync(resolve(path));
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      const why = e.code === 'ENOENT' ? 'no such file' : e.code === 'EACCES' ? 'permission denied' : e.code === 'EISDIR' ? 'a folder, not a file' : e.message;
      throw new Error(`${flag}: cannot read ${path}: ${why}`);
    }
  };
  const pem = { cert: read(files.cert, '--tls-cert'), key: read(files.key, '--tls-key') };
  if (!pem.cert.includes('-----BEGIN CERTIFICATE-----')) throw new Error(`--tls-cert: ${files.cert} is not a PEM certificate`);
  if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(pem.key.toString('latin1'))) throw new Error(`--tls-key: ${files.key} is not a PEM private key`);
  return pem;
}

/** An HTTP server, or an HTTPS one when `tls` is given (a key that does not fit the certificate throws here). */
export function createWebServer(tls: TlsPem | null, handler?: RequestListener): Server {
  if (!tls) return createHttp(handler);
  try {
    // https.Server is an http.Server underneath: upgrades, close and addresses work the same.
    // A handshake left unfinished holds a connection like slow headers do: dropped after the same 10 s.
    return createHttps({ cert: tls.cert, key: tls.key, handshakeTimeout: LIMITS.tlsHandshakeMs }, handler) as unknown as Server;
  } catch (err) {
    throw new Error(`--tls-cert/--tls-key: ${(err as Error).message}`);
  }
}
