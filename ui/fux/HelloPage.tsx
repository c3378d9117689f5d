/** /fux/hello: the wizard's welcome; 'Let's start' goes on to the language. */
import './strings';
import { useT } from '../../src/i18n';
import { Page } from '../common/Page';
import { RobotFace } from '../common/RobotFace';
import { RobotNameText } from '../common/RobotNameText';
import { useWizard } from '../common/useWizard';

export function HelloPage() {
  const t = useT();
  const w = useWizard('hello');
  return (
    <Page className="page-centered" title={t('fux.hello.title')} back={{ onClick: w.back }} next={{ label: t('fux.hello.start'), onClick: () => w.next() }}>
      <div className="hero">
        <RobotFace size={300} />
        <p className="hero-text"><RobotNameText textKey="fux.hello.body" /></p>
      </div>
    </Page>
  );
}
