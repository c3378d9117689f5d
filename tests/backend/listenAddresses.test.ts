/** The start-up line names the addresses the server answers on (issue 42), not 127.0.0.1 alone on 0.0.0.0. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { answeringOn, answeringUrls } from '../../backend/listenAddresses';

const iface = (address: string, family: 'IPv4' | 'IPv6') => ({ address, family, netmask: '', mac: '', internal: false, cidr: null }) as never;
const MACHINE = {
  lo: [iface('127.0.0.1', 'IPv4'), iface('::1', 'IPv6')],
  eth0: [iface('192.168.1.20', 'IPv4'), iface('fe80::1', 'IPv6'), iface('2001:db8::20', 'IPv6')],
  wlan0: [iface('10.0.0.7', 'IPv4')],
};

describe('answeringUrls', () => {
  it('one address: the server URL as it is', () => {
    expect(answeringUrls('https://127.0.0.1:18443', '127.0.0.1', MACHINE)).toEqual(['https://127.0.0.1:18443']);
    expect(answeringUrls('http://127.0.0.1:8080', undefined, MACHINE)).toEqual(['http://127.0.0.1:8080']);
    expect(answeringUrls('http://192.168.1.20:8080', '192.168.1.20', MACHINE)).toEqual(['http://192.168.1.20:8080']);
  });

  it('0.0.0.0: each interface IPv4 address, with the scheme and port', () => {
    expect(answeringOn('https://127.0.0.1:18443', '0.0.0.0', MACHINE)).toBe('https://127.0.0.1:18443, https://192.168.1.20:18443, https://10.0.0.7:18443');
  });

  it(':: takes IPv6 too, in brackets, leaving out link-local addresses', () => {
    expect(answeringUrls('http://[::]:8080', '::', MACHINE)).toEqual([
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
      'http://192.168.1.20:8080',
      'http://[2001:db8::20]:8080',
      'http://10.0.0.7:8080',
    ]);
  });

  it('no interface known: the server URL still', () => {
    expect(answeringUrls('http://127.0.0.1:8080', '0.0.0.0', {})).toEqual(['http://127.0.0.1:8080']);
  });
});

describe('the simulator started on 0.0.0.0', () => {
  it('prints every IPv4 address of this machine in its start-up line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'listen-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'backend/main.ts', '--host', '0.0.0.0', '--port', '0', '--teleop-port', '0'], {
      env: { ...process.env, ROBOT_DB: join(dir, 'robot.db'), ROBOT_BACKEND: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const line = await new Promise<string>((ok, fail) => {
        let out = '';
        const timer = setTimeout(() => fail(new Error(`no start-up line: ${out}`)), 20_000);
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const found = out.split('\n').find((l) => l.startsWith('robot simulator on '));
          if (found) {
            clearTimeout(timer);
            ok(found);
          }
        });
        child.once('exit', (code) => fail(new Error(`exited ${code}: ${out}`)));
      });
      const port = /:(\d+)[ ,]/.exec(line)?.[1];
      const v4 = Object.values(networkInterfaces()).flatMap((l) => l ?? []).filter((a) => a.family === 'IPv4');
      for (const a of v4) expect(line).toContain(`http://${a.address}:${port}`);
    } finally {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
