/** /fux/complete-profile: 'Super administrator' and the Username; saving it leads to the dashboard. */
import './strings';
import { useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { Avatar } from '../common/Avatar';
import { NamePage } from './NamePage';

export function CompleteProfilePage() {
  const t = useT();
  const initial = useCore((s) => s.settings.data?.admin_name ?? '');
  return (
    <NamePage
      page="complete-profile"
      title={t('fux.profile.title')}
      label={t('fux.profile.label')}
      placeholder={t('fux.profile.placeholder')}
      initial={initial}
    >
      <div className="profile-role">
        <Avatar name={null} size={72} />
        <span>{t('fux.profile.role')}</span>
      </div>
    </NamePage>
  );
}
