/** Routes of the specification whose pages come with later issues (map, missions wizards, diagnostics...). */
import { useT } from '../../src/i18n';

export function ComingLater() {
  const t = useT();
  return (
    <section className="empty-state" aria-labelledby="coming-later-title">
      <h1 id="coming-later-title">{t('common.comingLaterTitle')}</h1>
      <p>{t('common.comingLater')}</p>
    </section>
  );
}
