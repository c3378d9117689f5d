/**
 * The chassis from above, front at the top: robot x points up and y to the left, as on the robot. Each wheel is
 * a rounded bar turned by its steering angle (left positive, so counter-clockwise on screen).
 */
import { useT } from '../../src/i18n';
import type { Corner, WheelView } from '../../core/teleop/joints';

const W = 560;
const H = 640;
/** Wheel centres on screen: the chassis is 0.5 m wide and 0.6 m long, drawn to scale. */
const CENTRES: Record<Corner, { x: number; y: number }> = {
  front_left: { x: 155, y: 150 },
  front_right: { x: 405, y: 150 },
  rear_left: { x: 155, y: 450 },
  rear_right: { x: 405, y: 450 },
};

export function WheelDiagram({ wheels }: { wheels: WheelView[] }) {
  const t = useT();
  return (
    <svg className="wheel-diagram" viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={t('joints.diagram')}>
      <defs>
        <marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
          <path d="M0 0L10 5L0 10z" className="axis-head" />
        </marker>
      </defs>
      <rect className="chassis" x={120} y={110} width={320} height={380} rx={36} />
      <text className="chassis-front" x={W / 2} y={96} textAnchor="middle">
        {t('joints.front')}
      </text>
      {/* Robot x forward (up on screen) and y to the left, from the chassis centre. */}
      <line className="axis axis-x" x1={280} y1={300} x2={280} y2={190} markerEnd="url(#arrow)" />
      <text className="axis-label" x={296} y={200}>
        {t('joints.axisX')}
      </text>
      <line className="axis axis-y" x1={280} y1={300} x2={190} y2={300} markerEnd="url(#arrow)" />
      <text className="axis-label" x={196} y={286}>
        {t('joints.axisY')}
      </text>
      {wheels.map((w) => {
        const c = CENTRES[w.corner];
        const angle = w.steerDegrees ?? 0;
        return (
          <g key={w.corner} transform={`translate(${c.x} ${c.y}) rotate(${-angle})`} data-testid={`wheel-shape-${w.corner}`} data-angle={angle.toFixed(1)}>
            <rect className={`wheel${w.steerDegrees === null ? ' wheel-unknown' : ''}`} x={-26} y={-60} width={52} height={120} rx={14} />
            <line className="wheel-line" x1={0} y1={-74} x2={0} y2={74} />
          </g>
        );
      })}
    </svg>
  );
}
