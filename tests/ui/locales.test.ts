import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import it_ from '../../locales/it.json';

function keys(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function leaves(obj: unknown): string[] {
  if (typeof obj === 'string') return [obj];
  if (typeof obj !== 'object' || obj === null) return [];
  return Object.values(obj).flatMap(leaves);
}

describe('locales', () => {
  it('English and Italian have exactly the same keys', () => {
    expect(keys(it_).sort()).toEqual(keys(en).sort());
  });

  it('has no empty translation', () => {
    for (const text of [...leaves(en), ...leaves(it_)]) expect(text.trim()).not.toBe('');
  });
});
