import { describe, expect, it } from 'vitest';
import { translator } from '../../src/i18n';
import { clockText } from '../../ui/shell/clockText';

describe('top-bar clock text', () => {
  it('shows the local weekday, day and month from the locale tables, and a 24-hour time', () => {
    const at = new Date(2026, 10, 22, 15, 4, 9).getTime(); // a Sunday, local time
    expect(clockText(at, translator('en'))).toEqual({ date: 'Sun 22 Nov', time: '15:04:09' });
    expect(clockText(at, translator('it'))).toEqual({ date: 'dom 22 nov', time: '15:04:09' });
  });
});
