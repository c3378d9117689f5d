/** The 8-direction compass (spec section 3 angles): a 3 x 3 grid of large buttons round an empty centre. */
import { useT } from '../../src/i18n';
import { COMPASS, type CompassPoint } from '../../core/map/geometry';

const LAYOUT: (CompassPoint | null)[] = ['north_west', 'north', 'north_east', 'west', null, 'east', 'south_west', 'south', 'south_east'];

export function Compass({ value, onChoose }: { value: number | null; onChoose(orientation: number): void }) {
  const t = useT();
  return (
    <div className="compass" role="radiogroup" aria-label={t('map.compass.label')}>
      {LAYOUT.map((point, i) =>
        point === null ? (
          <span key={i} className="compass-centre" aria-hidden="true" />
        ) : (
          <button
            key={point}
            type="button"
            role="radio"
            aria-checked={value === COMPASS[point]}
            className={`compass-btn ${value === COMPASS[point] ? 'compass-on' : ''}`}
            onClick={() => onChoose(COMPASS[point])}
            aria-label={t(`map.compass.${point}`)}
            data-testid={`compass-${point}`}
          >
            <span className="compass-arrow" style={{ transform: `rotate(${-COMPASS[point]}deg)` }} aria-hidden="true">
              →
            </span>
          </button>
        ),
      )}
    </div>
  );
}
