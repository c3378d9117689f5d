/**
 * Translations with rosetta: every user-visible string has a key in `locales/en.json` and `locales/it.json`
 * (and, for lazily loaded areas, in `locales/areas/`). English ships with the first screen; the Italian table is
 * its own chunk, loaded once Italian is in use, since a robot runs in one language and the first screen has a
 * size budget.
 */
import rosetta from 'rosetta';
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import en from '../locales/en.json';

export type Language = 'en' | 'it';
export type Params = Record<string, string | number>;
export type Translate = (key: string, params?: Params) => string;

const i18n = rosetta<Record<string, unknown>>({ en });

let italian: Promise<void> | null = null;
/** Bumped when a language's table arrives, so translators made before it render again. */
let tablesVersion = 0;
const tableListeners = new Set<() => void>();

/** Loads a language's main table once (English is always there). Resolves when its strings can be used. */
export function loadLanguage(lang: Language): Promise<void> {
  if (lang === 'en') return Promise.resolve();
  italian ??= import('../locales/it.json').then((table) => {
    i18n.set('it', table.default);
    tablesVersion += 1;
    for (const listener of tableListeners) listener();
  });
  return italian;
}

function onTables(listener: () => void): () => void {
  tableListeners.add(listener);
  return () => tableListeners.delete(listener);
}

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

/**
 * A translator for one language. Until that language's table has arrived (`loadLanguage`) it answers in
 * English; a key missing everywhere shows as the key itself, so it is noticed, never blank.
 */
export function translator(lang: Language): Translate {
  return (key, params) => {
    const text = i18n.t(key, params, lang) || (lang === 'en' ? '' : i18n.t(key, params, 'en'));
    return text === '' ? key : text;
  };
}

/** The tree's language and its translator: src/bridge/CoreContext.tsx's CoreProvider gives them. */
export const TranslatorContext = createContext<{ lang: Language; t: Translate } | null>(null);

function useTranslatorContext() {
  const context = useContext(TranslatorContext);
  if (!context) throw new Error('useT outside CoreProvider');
  return context;
}

/**
 * The translator for the language the core says is in use (startup settings, or the wizard's choice). It
 * starts loading that language's table and renders again when it arrives. Italian settings arrive during the
 * startup screen, long before the first text, so in practice no English shows first.
 */
export function useT(): Translate {
  return useTranslatorContext().t;
}

/** The translator for a given language, loading its table and rendering again when it arrives. */
export function useTranslator(lang: Language): Translate {
  const version = useSyncExternalStore(onTables, () => tablesVersion, () => tablesVersion);
  useEffect(() => void loadLanguage(lang), [lang]);
  // `version` is a dependency on purpose: a table that arrived makes a new translator, so memoised users render.
  return useMemo(() => translator(lang), [lang, version]);
}

/** The language the core says is in use. */
export function useLanguage(): Language {
  return useTranslatorContext().lang;
}
