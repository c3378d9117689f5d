import { describe, expect, it } from 'vitest';
import { LogLimiter, MAX_LINES_PER_SECOND } from '../../worker/logLimiter';

describe('log limiter', () => {
  it('lets MAX_LINES_PER_SECOND lines a second through, counts the rest, and always passes errors', () => {
    let now = 0;
    const written: string[] = [];
    const limiter = new LogLimiter(() => now, (level, message) => written.push(`${level}: ${message}`));
    for (let i = 0; i < 100; i++) limiter.log('warn', `rejected ${i}`);
    limiter.log('error', 'boom');
    expect(written).toHaveLength(MAX_LINES_PER_SECOND + 1);
    expect(written.at(-1)).toBe('error: boom');
    now = 1_000;
    limiter.log('info', 'later');
    expect(written.slice(-2)).toEqual(['warn: 80 more log lines were left out in the last second', 'info: later']);
  });
});
