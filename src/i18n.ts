/** Translations with rosetta: every user-visible string has a key in `locales/en.json` and `locales/it.json`. */
import rosetta from 'rosetta';
import { useMemo } from 'react';
import en from '../locales/en.json';
import it from '../locales/it.json';
import { language } from '../core/selectors';
import { useCore } from './bridge/CoreContext';

export type Language = 'en' | 'it';
export type Params = Record<string, string | number>;
export type Translate = (key: string, params?: Params) => string;

const dictionaries = { en, it } as const;
const i18n = rosetta<Record<string, unknown>>(dictionaries);

/** One area's strings, in both languages, with top-level keys of its own. */
export interface AreaStrings {
  en: Record<string, unknown>;
  it: Record<string, unknown>;
}

/**
 * Adds an area's strings (`locales/areas/<area>.{en,it}.json`). A lazy area module calls this when it loads,
 * so a screen's text travels with its chunk instead of weighing on the first screen. Idempotent.
 */
export function addStrings(area: AreaStrings): void {
  i18n.set('en', area.en);
  i18n.set('it', area.it);
}

/** A translator for one language; a missing key shows as the key itself, so it is noticed, never blank. */
export function translator(lang: Language): Translate {
  return (key, params) => {
    const text = i18n.t(key, params, lang);
    return text === '' ? key : text;
  };
}

/** The translator for the language the core says is in use (startup settings, or the wizard's choice). */
export function useT(): Translate {
  const lang = useCore(language);
  return useMemo(() => translator(lang), [lang]);
}

export function useLanguage(): Language {
  return useCore(language);
}
