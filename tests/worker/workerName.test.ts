import { describe, expect, it } from 'vitest';
import { decodeWorkerName, encodeWorkerName } from '../../worker/workerName';
import { startAddress } from '../../src/earlyWorker';

describe('worker name', () => {
  it('carries the start address and the bench flag, whatever the path holds', () => {
    for (const boot of [
      { start: { path: '/fux/hello', search: '' }, bench: false },
      { start: { path: '/mapping/edit', search: 'type=end&location=%7B%22name%22%3A%22a%3Ab%40c%22%7D' }, bench: true },
      { start: { path: '/we:ird@path', search: 'x=:bench' }, bench: false },
      { start: { path: '/missions', search: 'a=@reload', reason: 'reload' as const }, bench: false },
      { start: { path: '/', search: '', reason: 'start' as const }, bench: true },
      { start: null, bench: true },
      { start: null, bench: false },
    ]) {
      expect(decodeWorkerName(encodeWorkerName(boot))).toEqual(boot);
    }
  });

  it('ends with :bench only when the trace is on, and starts nothing for a foreign name', () => {
    expect(encodeWorkerName({ start: { path: '/x:bench', search: '' }, bench: false }).endsWith(':bench')).toBe(false);
    expect(decodeWorkerName('bare')).toEqual({ start: null, bench: false });
    expect(decodeWorkerName('kiosk-core@%E0%A4%A')).toEqual({ start: null, bench: false });
  });

  it('carries why the page started, as its navigation timing says: a reload, else a start', () => {
    const timing = (type: string | null) => ({ getEntriesByType: (kind: string) => (kind === 'navigation' && type !== null ? [{ type }] : []) }) as never;
    const at = { pathname: '/missions', search: '?x=1' };
    expect(startAddress(at, timing('reload'))).toEqual({ path: '/missions', search: 'x=1', reason: 'reload' });
    for (const type of ['navigate', 'back_forward', 'prerender', null]) expect(startAddress(at, timing(type)).reason).toBe('start');
    // A name with a reason the worker does not know starts all the same, with none.
    expect(decodeWorkerName('kiosk-core@%2Fmissions@@later')).toEqual({ start: { path: '/missions', search: '' }, bench: false });
  });
});
