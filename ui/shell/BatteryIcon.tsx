/** A battery drawn at one of the spec's levels (full, higher, high, half, low, lower, empty, unknown). */
import { batteryLevel } from '../../core/selectors';
import { useT } from '../../src/i18n';

const FILL: Record<string, number> = { full: 1, higher: 0.85, high: 0.7, half: 0.5, low: 0.3, lower: 0.15, empty: 0.04, unknown: 0 };

export function BatteryIcon({ charge, index }: { charge: number | null; index: number }) {
  const t = useT();
  const level = batteryLevel(charge);
  const label =
    charge === null ? t('topbar.batteryUnknown', { index }) : t('topbar.battery', { index, level: `${Math.round(charge * 100)}%` });
  const width = 40 * (FILL[level] ?? 0);
  return (
    <svg className={`battery battery-${level}`} data-level={level} viewBox="0 0 52 26" width="64" height="32" role="img" aria-label={label}>
      <title>{label}</title>
      <rect x="1" y="1" width="44" height="24" rx="5" className="battery-case" />
      <rect x="46" y="8" width="5" height="10" rx="2" className="battery-tip" />
      <rect x="3" y="3" width={width} height="20" rx="3" className="battery-fill" />
      {level === 'unknown' && (
        <text x="23" y="19" textAnchor="middle" className="battery-unknown">
          ?
        </text>
      )}
    </svg>
  );
}
