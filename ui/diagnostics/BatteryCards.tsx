/** Main Battery first, then Secondary Battery: health and charge as percentages, with the health label. */
import { useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { healthLabel } from '../../core/selectors';
import { useFormat } from '../common/format';

export function BatteryCards() {
  const t = useT();
  const pct = useFormat().percent;
  const batteries = useCore((s) => s.diagnostics.batteries);
  const status = useCore((s) => s.diagnostics.batteriesStatus);
  if (status === 'failed') return <p className="form-error">{t('diagnostic.batteriesFailed')}</p>;
  return (
    <div className="battery-cards">
      {batteries.slice(0, 2).map((b, i) => {
        const label = healthLabel(b.health);
        return (
          <section key={i} className={`battery-card health-${label}`} aria-labelledby={`battery-${i}`} data-testid={`battery-card-${i}`}>
            <h2 id={`battery-${i}`}>{t(i === 0 ? 'diagnostic.mainBattery' : 'diagnostic.secondaryBattery')}</h2>
            <dl>
              <div>
                <dt>{t('diagnostic.health')}</dt>
                <dd data-testid={`battery-health-${i}`}>{pct(b.health)}</dd>
              </div>
              <div>
                <dt>{t('diagnostic.charge')}</dt>
                <dd data-testid={`battery-charge-${i}`}>{pct(b.charge)}</dd>
              </div>
            </dl>
            <p className="health-label">{t(`diagnostic.healthLabel.${label}`)}</p>
          </section>
        );
      })}
    </div>
  );
}
