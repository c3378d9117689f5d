/** The three summary tiles of a month: activities completed, metres travelled, handling hours. */
import { useT } from '../../src/i18n';
import type { MissionTiles } from '../../core/data/missionRows';
import { hoursMinutes } from '../../core/data/chartUnits';

export function Tiles({ tiles }: { tiles: MissionTiles }) {
  const t = useT();
  const items = [
    { key: 'completed', value: String(tiles.completedActivities) },
    { key: 'metres', value: t('missionData.metresValue', { n: tiles.metres.toFixed(1) }) },
    { key: 'hours', value: t('missionData.hoursValue', hoursMinutes(tiles.handlingSeconds)) },
  ];
  return (
    <ul className="tiles">
      {items.map((i) => (
        <li key={i.key} className="tile" data-testid={`tile-${i.key}`}>
          <span className="tile-value">{i.value}</span>
          <span className="tile-label">{t(`missionData.tile.${i.key}`)}</span>
        </li>
      ))}
    </ul>
  );
}
