import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

const AREAS = join(__dirname, '../../locales/areas');
const areaNames = readdirSync(AREAS)
  .filter((f) => f.endsWith('.en.json'))
  .map((f) => f.slice(0, -'.en.json'.length));

function readArea(name: string, lang: 'en' | 'it'): Record<string, unknown> {
  return JSON.parse(readFileSync(join(AREAS, `${name}.${lang}.json`), 'utf8')) as Record<string, unknown>;
}

describe('locales', () => {
  it('English and Italian have exactly the same keys', () => {
    expect(keys(it_).sort()).toEqual(keys(en).sort());
  });

  it('Italian: the side menu has no English left, and the disclaimer speaks of a pilot project (issue 42)', () => {
    const menu = (table: typeof en) => [table.menu.home, table.menu.map, table.menu.diagnostic, table.menu.missionData, table.menu.settings];
    const [english, italian] = [menu(en), menu(it_)];
    italian.forEach((label, i) => expect(label, label).not.toBe(english[i]));
    // "Il pilota" is the driver: the pilot of a trial is "il progetto pilota".
    expect(it_.disclaimer.title).toBe('Benvenuto nel progetto pilota di Node');
    expect(leaves(it_).filter((t) => /\bpilota\b/.test(t) && !/progetto pilota|demo pilota/.test(t))).toEqual([]);
  });

  it('has no empty translation', () => {
    for (const text of [...leaves(en), ...leaves(it_)]) expect(text.trim()).not.toBe('');
  });

  it.each(areaNames)('area %s: same keys in both languages, none empty', (name) => {
    const [aEn, aIt] = [readArea(name, 'en'), readArea(name, 'it')];
    expect(keys(aIt).sort()).toEqual(keys(aEn).sort());
    for (const text of [...leaves(aEn), ...leaves(aIt)]) expect(text.trim()).not.toBe('');
  });

  it('areas own their top-level keys (rosetta merges at the top level only)', () => {
    const owner = new Map<string, string>(Object.keys(en).map((k) => [k, 'en.json']));
    for (const name of areaNames) {
      for (const key of Object.keys(readArea(name, 'en'))) {
        expect(owner.get(key), `${name}: top-level key ${key}`).toBeUndefined();
        owner.set(key, name);
      }
    }
  });

  it("the failure's Italian text is the specification's on the movement page as in the shell's alert (issue 34)", () => {
    const movement = (readArea('missions', 'it').movement as Record<string, string>).failedBody;
    expect(movement).toBe('La missione corrente verrà cancellata');
    expect((it_ as { alerts: { missionFailed: { body: string } } }).alerts.missionFailed.body).toBe(movement);
  });
});
