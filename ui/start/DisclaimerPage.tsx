/** /disclaimer: the alpha pilot notice. 'Let's start!' resets, forgets the startup settings and starts up. */
import { useActions } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { Page } from '../common/Page';

export function DisclaimerPage() {
  const t = useT();
  const { dispatch } = useActions();
  return (
    <Page
      className="page-centered"
      title={t('disclaimer.title')}
      next={{ label: t('disclaimer.start'), onClick: () => dispatch({ type: 'ui/disclaimerAccepted' }) }}
    >
      <div className="notice-card">
        <span className="badge">{t('disclaimer.badge')}</span>
        <p>{t('disclaimer.body1')}</p>
        <p>{t('disclaimer.body2')}</p>
        <p>{t('disclaimer.body3')}</p>
      </div>
    </Page>
  );
}
