/**
 * /joints, 'Joints State': the four wheels seen from above (front at the top), each drawn turned by its
 * steering angle, with the angle in degrees and the wheel speed beside it, and the chassis' X and Y axes.
 * The core polls the robot about five times a second while this page shows.
 */
import '../data/area';
import './teleop.css';
import { useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { wheelViews, type Corner, type WheelView } from '../../core/teleop/joints';
import { Page } from '../common/Page';
import { useFormat } from '../common/format';
import { BackArrow } from '../common/BackArrow';
import { TeleopNotice } from './TeleopNotice';
import { WheelDiagram } from './WheelDiagram';


function WheelCard({ wheel }: { wheel: WheelView }) {
  const t = useT();
  const f = useFormat();
  const one = (n: number | null, digits: number) => (n === null ? null : f.number(n, digits, true));
  const steer = one(wheel.steerDegrees, 1);
  const speed = one(wheel.wheelSpeed, 2);
  return (
    <section className={`wheel-card wheel-card-${wheel.corner}`} aria-label={t(`joints.corner.${wheel.corner}`)} data-testid={`wheel-${wheel.corner}`}>
      <h2>{t(`joints.corner.${wheel.corner}`)}</h2>
      <p className="wheel-steer" data-testid={`steer-${wheel.corner}`}>
        {t('joints.steer', { value: steer ?? t('joints.unknown') })}
      </p>
      <p className="wheel-speed" data-testid={`speed-${wheel.corner}`}>
        {t('joints.speed', { value: speed ?? t('joints.unknown') })}
      </p>
    </section>
  );
}

export default function JointsPage() {
  const t = useT();
  const joints = useCore((s) => s.teleop.joints);
  const wheels = wheelViews(joints);
  const byCorner = (c: Corner) => wheels.find((w) => w.corner === c)!;
  return (
    <Page
      className="page-wide joints-page"
      title={t('joints.title')}
      lead={<BackArrow label={t('nav.backTo.control')} to="/control" />}
      status={joints ? null : <span className="busy">{t('joints.waiting')}</span>}
    >
      <TeleopNotice />
      <div className="joints-grid">
        <WheelCard wheel={byCorner('front_left')} />
        <WheelDiagram wheels={wheels} />
        <WheelCard wheel={byCorner('front_right')} />
        <WheelCard wheel={byCorner('rear_left')} />
        <WheelCard wheel={byCorner('rear_right')} />
      </div>
    </Page>
  );
}
