/** Shown instead of the app in a second tab: one live session per robot. */
import { useTranslator } from '../../src/i18n';

export function SecondTabNotice() {
  // No worker runs in this tab, so the language comes from the browser.
  const t = useTranslator(navigator.language.startsWith('it') ? 'it' : 'en');
  return (
    <main className="notice">
      <div role="alert">
        <h1>{t('app.secondTab.title')}</h1>
        <p>{t('app.secondTab.body')}</p>
      </div>
    </main>
  );
}
