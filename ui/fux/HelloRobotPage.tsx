/** /fux/hello-robot: 'I am' the robot's name, 'the intelligent agent, working by your side'. */
import './strings';
import { useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { NameText } from '../common/NameText';
import { Page } from '../common/Page';
import { RobotFace } from '../common/RobotFace';
import { useWizard } from '../common/useWizard';

export function HelloRobotPage() {
  const t = useT();
  const w = useWizard('hello-robot');
  const name = useCore((s) => s.settings.data?.robot_name ?? '');
  return (
    <Page
      className="page-centered"
      title={
        <>
          {t('fux.helloRobot.iAm')} <NameText name={name || t('app.title')} lines={2} className="robot-name" />
        </>
      }
      back={{ onClick: w.back }}
      next={{ label: t('fux.helloRobot.discover'), onClick: () => w.next() }}
    >
      <div className="hero">
        <RobotFace size={320} />
        <p className="hero-text hero-tagline">{t('fux.helloRobot.tagline')}</p>
      </div>
    </Page>
  );
}
