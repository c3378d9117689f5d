/**
 * The addresses a server answers on, for its start-up line (issue 42): listening on every interface (0.0.0.0 or
 * ::), the one loopback URL the server reports is not where a tablet on the network reaches it, so each
 * interface's address is named instead.
 */
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';

type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

/**
 * The URLs `url` (the server's own, scheme and port) answers on when it listens on `host`: `url` alone for one
 * address; for 0.0.0.0 every interface's IPv4 address, for :: (which takes IPv4 too) every address, IPv6 in
 * brackets. Link-local IPv6 addresses (fe80::) are left out: a browser cannot open them without a zone.
 */
export function answeringUrls(url: string, host: string | undefined, interfaces: Interfaces = networkInterfaces()): string[] {
  if (host !== '0.0.0.0' && host !== '::') return [url];
  const base = new URL(url);
  const out: string[] = [];
  for (const list of Object.values(interfaces)) {
    for (const a of list ?? []) {
      if (a.family === 'IPv6' && (host === '0.0.0.0' || a.address.toLowerCase().startsWith('fe80:'))) continue;
      const shown = a.family === 'IPv6' ? `[${a.address}]` : a.address;
      out.push(`${base.protocol}//${shown}${base.port ? `:${base.port}` : ''}`);
    }
  }
  // No interface found (a sandbox): the server's own URL is still true.
  return out.length > 0 ? [...new Set(out)] : [url];
}

/** `answeringUrls` as one phrase for a log line: 'https://127.0.0.1:8443, https://192.168.1.20:8443'. */
export function answeringOn(url: string, host: string | undefined, interfaces?: Interfaces): string {
  return answeringUrls(url, host, interfaces).join(', ');
}
