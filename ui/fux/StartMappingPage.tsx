/** /fux/start-mapping: the robot must map its work area first; Continue starts mapping and follow-me. */
import './strings';
import { useT } from '../../src/i18n';
import { Page } from '../common/Page';
import { SaveStatus } from '../common/SaveStatus';
import { useWizard } from '../common/useWizard';
import { MappingArt } from './CarouselArt';

export function StartMappingPage() {
  const t = useT();
  const w = useWizard('start-mapping');
  return (
    <Page
      className="page-centered"
      title={t('fux.startMapping.title')}
      back={{ onClick: w.back }}
      next={{ label: t('fux.startMapping.start'), onClick: () => w.next(), disabled: w.saving }}
      status={<SaveStatus />}
    >
      <div className="hero">
        <MappingArt />
        <p className="hero-text">{t('fux.startMapping.body')}</p>
      </div>
    </Page>
  );
}
