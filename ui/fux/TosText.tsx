/**
 * The data-processing agreement, loaded on demand: the two long texts are separate chunks
 * (`locales/tos.*.json`), so the main bundle stays small.
 */
import './strings';
import { useEffect, useState } from 'react';
import type { Language } from '../../src/i18n';
import { useT } from '../../src/i18n';
import { Busy } from '../common/Busy';

interface Agreement {
  title: string;
  intro: string;
  sections: { heading: string; paragraphs: string[]; items?: string[] }[];
}

const LOADERS: Record<Language, () => Promise<{ default: Agreement }>> = {
  en: () => import('../../locales/tos.en.json'),
  it: () => import('../../locales/tos.it.json'),
};

export function TosText({ lang }: { lang: Language }) {
  const t = useT();
  const [loaded, setLoaded] = useState<{ lang: Language; doc: Agreement | null } | null>(null);
  useEffect(() => {
    let live = true;
    LOADERS[lang]().then(
      (m) => live && setLoaded({ lang, doc: m.default }),
      () => live && setLoaded({ lang, doc: null }),
    );
    return () => {
      live = false;
    };
  }, [lang]);
  if (!loaded || loaded.lang !== lang) return <Busy active label={t('fux.tos.loading')} />;
  if (!loaded.doc)
    return (
      <p className="form-error" role="alert">
        {t('fux.tos.loadFailed')}
      </p>
    );
  const doc = loaded.doc;
  return (
    <article className="tos-text" lang={lang} data-testid="tos-text">
      <p>{doc.intro}</p>
      {doc.sections.map((s) => (
        <section key={s.heading}>
          <h2>{s.heading}</h2>
          {s.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {s.items && (
            <ul>
              {s.items.map((i) => (
                <li key={i}>{i}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}
