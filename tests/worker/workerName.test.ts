import { describe, expect, it } from 'vitest';
import { decodeWorkerName, encodeWorkerName } from '../../worker/workerName';

describe('worker name', () => {
  it('carries the start address and the bench flag, whatever the path holds', () => {
    for (const boot of [
      { start: { path: '/fux/hello', search: '' }, bench: false },
      { start: { path: '/mapping/edit', search: 'type=end&location=%7B%22name%22%3A%22a%3Ab%40c%22%7D' }, bench: true },
      { start: { path: '/we:ird@path', search: 'x=:bench' }, bench: false },
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
});
