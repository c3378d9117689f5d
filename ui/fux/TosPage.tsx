/** /fux/tos: the agreement to read, and 'Accept and Continue', which records the acceptance. */
import './strings';
import { useLanguage, useT } from '../../src/i18n';
import { Page } from '../common/Page';
import { SaveStatus } from '../common/SaveStatus';
import { useWizard } from '../common/useWizard';
import { TosText } from './TosText';

export function TosPage() {
  const t = useT();
  const lang = useLanguage();
  const w = useWizard('tos');
  return (
    <Page
      className="page-tos"
      title={t('fux.tos.title')}
      subtitle={t('fux.tos.subtitle')}
      back={{ onClick: w.back }}
      next={{ label: t('fux.tos.accept'), onClick: () => w.next(), disabled: w.saving }}
      status={<SaveStatus />}
    >
      {/* Focusable so the text scrolls with a keyboard too; on the kiosk a finger drags it. Its own name: two
          landmarks named alike (the page and this region) are ambiguous (axe landmark-unique). */}
      <div className="tos-scroll" tabIndex={0} role="region" aria-label={t('fux.tos.textLabel')}>
        <TosText lang={lang} />
      </div>
    </Page>
  );
}
