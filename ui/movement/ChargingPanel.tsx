/**
 * A charging mission at Base (issue 34): no recipient and no task; the robot says it is charging and shows each
 * battery's live charge (robot/battery_state), rising while it stands on the dock. 'Stop charging' ends it.
 */
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { useFormat } from '../common/format';

const BATTERY_KEYS = ['movement.chargingMain', 'movement.chargingSecondary'] as const;

export function ChargingPanel() {
  const t = useT();
  const f = useFormat();
  const { dispatch } = useActions();
  const charges = useCore((s) => s.batteries.charges);
  return (
    <div className="movement-activity movement-charging" data-testid="charging-panel">
      <p className="movement-big" role="status">
        {t('movement.charging')}
      </p>
      <p className="movement-hint">{t('movement.chargingHint')}</p>
      <ul className="charging-levels" aria-live="polite">
        {charges.slice(0, BATTERY_KEYS.length).map((c, i) => (
          <li key={i} data-testid={`charging-level-${i}`}>
            {t(BATTERY_KEYS[i]!, { value: c === null ? t('movement.chargingUnknown') : f.number(Math.round(c * 100), 0) })}
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-secondary btn-large" onClick={() => dispatch({ type: 'ui/chargingStopped' })} data-testid="charging-stop">
        {t('movement.chargingStop')}
      </button>
    </div>
  );
}
