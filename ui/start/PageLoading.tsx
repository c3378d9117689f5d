/**
 * Shown at once while a lazily loaded page arrives on its first visit: the page's frame, titled 'Please wait…'
 * in the place of its title, with a spinner, so a touch is answered at once, never with a blank screen.
 */
import { useT } from '../../src/i18n';

export function PageLoading() {
  const t = useT();
  return (
    <section className="page page-loading" aria-busy="true" data-testid="page-loading">
      <div className="page-head" role="status">
        <h1 className="page-loading-title">{t('common.wait')}</h1>
      </div>
      <div className="page-body page-loading-body">
        <span className="spinner page-loading-spinner" aria-hidden="true" />
      </div>
    </section>
  );
}
