/**
 * The teleop port the page's server named (issue 42) reaches the worker: read from the page's meta tag, carried in
 * the worker's name, and dialled by the runtime; without it, api.md's 9191.
 */
import { describe, expect, it } from 'vitest';
import { decodeWorkerName, encodeWorkerName } from '../../worker/workerName';
import { startAddress, teleopPortOf } from '../../src/earlyWorker';
import { KioskRuntime } from '../../worker/runtime';
import { FakePorts } from './fakePorts';

const page = (content: string | null) => ({
  querySelector: (selector: string) => (content !== null && selector === 'meta[name="kiosk-teleop-port"]' ? { content } : null),
}) as never;
const timing = { getEntriesByType: () => [] } as never;

describe('the teleop port from the page to the worker', () => {
  it('is read from the meta tag, and only a real port counts', () => {
    expect(teleopPortOf(page('19292'))).toBe(19292);
    for (const bad of ['', '0', '65536', '12a', ' 80', '-1', '1e3']) expect(teleopPortOf(page(bad))).toBeUndefined();
    expect(teleopPortOf(page(null))).toBeUndefined();
    expect(teleopPortOf(undefined)).toBeUndefined();
    expect(startAddress({ pathname: '/control', search: '' }, timing, page('19292'))).toEqual({ path: '/control', search: '', reason: 'start', teleopPort: 19292 });
    expect(startAddress({ pathname: '/control', search: '' }, timing, page(null))).toEqual({ path: '/control', search: '', reason: 'start' });
  });

  it('crosses in the worker name with the address, the reason and the bench flag', () => {
    for (const boot of [
      { start: { path: '/control', search: 'a=#1', reason: 'reload' as const, teleopPort: 19292 }, bench: true },
      { start: { path: '/we#ird', search: '', teleopPort: 443 }, bench: false },
      { start: { path: '/joints', search: '' }, bench: false },
    ])
      expect(decodeWorkerName(encodeWorkerName(boot))).toEqual(boot);
    // A mark with no port starts all the same, on the default.
    expect(decodeWorkerName('kiosk-core@%2Fcontrol@#x')).toEqual({ start: { path: '/control', search: '' }, bench: false });
  });

  it('is the port the runtime dials; 9191 without one', async () => {
    for (const [port, want] of [[19292, ':19292/'], [undefined, ':9191/']] as const) {
      const ports = new FakePorts();
      ports.handler = () => ({ status: 404, body: { error: { code: 'not_found', message: 'x' } } });
      const runtime = new KioskRuntime(ports, undefined, undefined, port);
      runtime.start('/login');
      await ports.settle();
      // The event socket, and the teleop socket on the named port.
      const urls = ports.sockets.map((s) => s.url).filter((url) => !url.endsWith('/ws'));
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.every((url) => url.endsWith(want))).toBe(true);
      runtime.stop();
    }
  });
});
