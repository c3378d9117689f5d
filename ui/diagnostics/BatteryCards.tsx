/**
 * Main Battery first, then Secondary Battery: health and charge as percentages, with the health label named as
 * the health's (issue 34: "Optimal level" beside "Charge 8%" read as the charge's). The values follow the live
 * robot/battery_state (core/data/batteryCards.ts).
 */
import { useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { healthLabel } from '../../core/selectors';
import { batteryCards } from '../../core/data/batteryCards';
import { useFormat } from '../common/format';

export function BatteryCards() {
  const t = useT();
  const pct = useFormat().percent;
  const live = useCore((s) => s.batteries);
  const read = useCore((s) => s.diagnostics.batteries);
  const status = useCore((s) => s.diagnostics.batteriesStatus);
  const cards = batteryCards(live, read);
  // The read failing matters only while the robot has reported nothing live either.
  if (status === 'failed' && live.charges.length === 0) return <p className="form-error">{t('diagnostic.batteriesFailed')}</p>;
  return (
    <div className="battery-cards">
      {cards.slice(0, 2).map((b, i) => {
        const label = healthLabel(b.health);
        return (
          <section key={i} className={`battery-card health-${label}`} aria-labelledby={`battery-${i}`} data-testid={`battery-card-${i}`}>
            <h2 id={`battery-${i}`}>{t(i === 0 ? 'diagnostic.mainBattery' : 'diagnostic.secondaryBattery')}</h2>
            <dl>
              <div>
                <dt>{t('diagnostic.health')}</dt>
                <dd data-testid={`battery-health-${i}`}>{b.health === null ? t('diagnostic.unknownValue') : pct(b.health)}</dd>
              </div>
              <div>
                <dt>{t('diagnostic.charge')}</dt>
                <dd data-testid={`battery-charge-${i}`}>{b.charge === null ? t('diagnostic.unknownValue') : pct(b.charge)}</dd>
              </div>
            </dl>
            <p className="health-label" data-testid={`battery-health-label-${i}`}>
              {t('diagnostic.healthLabelled', { label: t(`diagnostic.healthLabel.${label}`) })}
            </p>
          </section>
        );
      })}
    </div>
  );
}
