/**
 * The three summary tiles of a month: activities completed, metres travelled, handling hours. Until the month
 * is read (or when reading it failed) they show a dash, never a misleading zero.
 */
import './shared.css';
import { useT } from '../../src/i18n';
import { useFormat } from '../common/format';
import type { MissionTiles } from '../../core/data/missionRows';
import { hoursMinutes } from '../../core/data/chartUnits';

export function Tiles({ tiles }: { tiles: MissionTiles | null }) {
  const t = useT();
  const f = useFormat();
  const dash = t('missionData.noValue');
  const items = [
    { key: 'completed', value: tiles ? f.number(tiles.completedActivities, 0) : dash },
    { key: 'metres', value: tiles ? t('missionData.metresValue', { n: f.number(tiles.metres, 1, true) }) : dash },
    { key: 'hours', value: tiles ? t('missionData.hoursValue', hoursMinutes(tiles.handlingSeconds)) : dash },
  ];
  return (
    <>
      <ul className="tiles">
        {items.map((i) => (
          <li key={i.key} className="tile" data-testid={`tile-${i.key}`}>
            <span className="tile-value">{i.value}</span>
            <span className="tile-label">{t(`missionData.tile.${i.key}`)}</span>
          </li>
        ))}
      </ul>
      {/* Missions only: /diagnostic's distance counts all driving, and the two differ (issue 42). */}
      <p className="data-note" data-testid="metres-note">
        {t('missionData.metresNote')}
      </p>
    </>
  );
}
