import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage, translator } from '../../src/i18n';
import { clockText } from '../../ui/shell/clockText';

describe('top-bar clock text', () => {
  // The Italian table is its own chunk (src/i18n.ts): these cases render in Italian.
  beforeAll(() => loadLanguage('it'));

  const at = Date.UTC(2026, 10, 22, 14, 4, 9); // a Sunday

  it('shows the weekday, day and month from the locale tables, and a 24-hour time, in the core zone', () => {
    expect(clockText(at, -60, translator('en'))).toEqual({ date: 'Sun 22 Nov', time: '15:04:09' });
    expect(clockText(at, -60, translator('it'))).toEqual({ date: 'dom 22 nov', time: '15:04:09' });
  });

  it('crosses midnight with the zone offset', () => {
    expect(clockText(at, -600, translator('en'))).toEqual({ date: 'Mon 23 Nov', time: '00:04:09' });
  });
});
