/** The missions list's empty state (the list itself comes with the missions issue). */
import { useT } from '../../src/i18n';

export function MissionsEmpty() {
  const t = useT();
  return (
    <section className="empty-state" aria-labelledby="missions-empty-title">
      <h1 id="missions-empty-title">{t('missions.emptyTitle')}</h1>
      <p>{t('missions.emptyBody')}</p>
    </section>
  );
}
