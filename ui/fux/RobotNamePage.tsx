/** /fux/robot-name: 'My name'. Saves the name with the chosen language and country. */
import './strings';
import { useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { NamePage } from './NamePage';

export function RobotNamePage() {
  const t = useT();
  const initial = useCore((s) => s.settings.data?.robot_name ?? '');
  return (
    <NamePage
      page="robot-name"
      title={t('fux.robotName.title')}
      subtitle={t('fux.robotName.subtitle')}
      label={t('fux.robotName.label')}
      placeholder={t('fux.robotName.placeholder')}
      initial={initial}
    />
  );
}
